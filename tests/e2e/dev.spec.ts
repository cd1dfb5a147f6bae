import { type ChildProcess, spawn } from 'node:child_process'
import { readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { hydrated } from './hydrated.ts'

/**
 * The content editor's loop in `site dev`: edit, see it; break, see the problem; fix, see it again.
 * Saves are atomic (a temp file renamed over the original), as vim and `sed -i` save.
 */
const DEV_PORT = Number(process.env.E2E_DEV_PORT ?? Number(process.env.E2E_PORT ?? 4319) + 2)
const BASE = `http://127.0.0.1:${DEV_PORT}`
const FILE = path.resolve('content/products/embeddedpc.yaml')
let original = ''
let server: ChildProcess | undefined

async function save(text: string) {
  await writeFile(`${FILE}.tmp`, text)
  await rename(`${FILE}.tmp`, FILE)
}
const named = (name: string) => original.replace(/^name: .*$/m, `name: ${name}`)

test.describe.configure({ mode: 'serial' })
test.setTimeout(180_000)

test.beforeAll(async () => {
  // The wait below allows two minutes for the first compile (a busy machine needs more than the hook's
  // default 30 s); the hook's own limit has to allow as much.
  test.setTimeout(150_000)
  original = await readFile(FILE, 'utf8')
  server = spawn('node', ['bin/site.js', 'dev', '--port', String(DEV_PORT)], { stdio: 'ignore' })
  // The first request compiles the pages; wait for it once here.
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${BASE}/products/embeddedpc`, { headers: { accept: 'text/html' } }).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`site dev did not answer on ${BASE}`)
})

test.afterAll(async () => {
  if (original) await writeFile(FILE, original)
  server?.kill()
})

test('a saved edit shows without a restart, a broken save shows the problem, a fix recovers', async ({
  page,
}) => {
  const heading = page.getByRole('heading', { level: 1 })
  await page.goto(`${BASE}/products/embeddedpc`)
  await expect(heading).not.toHaveText(/Edited/)

  await save(named('Embedded PC Edited Once'))
  await expect(heading).toHaveText('Embedded PC Edited Once', { timeout: 30_000 })

  await save(named('[broken'))
  await expect(page.getByRole('heading', { name: /The content has a problem/ })).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByText('content/products/embeddedpc.yaml:')).toBeVisible()
  await expect(page.getByText(/Fix: close it on the same line/)).toBeVisible()
  expect((await page.reload())?.status()).toBe(500)

  await save(named('Embedded PC Fixed'))
  await expect(heading).toHaveText('Embedded PC Fixed', { timeout: 30_000 })

  // Two atomic saves in a row: Node 20's recursive fs.watch lost every save after the first.
  await save(named('Embedded PC Second Save'))
  await expect(heading).toHaveText('Embedded PC Second Save', { timeout: 30_000 })
  await save(named('Embedded PC Third Save'))
  await expect(heading).toHaveText('Embedded PC Third Save', { timeout: 30_000 })
})

test('search in site dev finds what was just saved, and no longer finds what was replaced', async ({
  page,
}) => {
  const dialog = page.getByRole('dialog', { name: /search products/i })
  const status = dialog.getByRole('status')
  const titles = dialog.getByRole('listbox', { name: 'Search results' }).getByRole('option')
  const query = async (term: string) => {
    if (!(await dialog.isVisible())) await page.keyboard.press('/')
    await dialog.getByRole('combobox', { name: /search products/i }).fill(term)
    await expect(status).toContainText(new RegExp(`results? for “${term}”`), { timeout: 30_000 })
  }

  await save(named('Embedded PC Quokkatron'))
  await page.goto(`${BASE}/products/embeddedpc`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Embedded PC Quokkatron', {
    timeout: 30_000,
  })
  await hydrated(page)
  await query('Quokkatron')
  await expect(titles.first()).toContainText('Embedded PC Quokkatron')

  // A second save renames it again: the page reloads, the index is rebuilt, and the page is found by
  // its new name only.
  await save(named('Embedded PC Wombatronic'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Embedded PC Wombatronic', {
    timeout: 30_000,
  })
  await hydrated(page)
  await query('Wombatronic')
  await expect(titles.first()).toContainText('Embedded PC Wombatronic')
  await query('Quokkatron')
  await expect(titles).toHaveCount(0)
})
