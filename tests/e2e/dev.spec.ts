import { type ChildProcess, spawn } from 'node:child_process'
import { readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
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

/**
 * Opens a dev page and resolves once its live-reload client is connected: a save made before that
 * reaches no page, and on a busy machine the page would wait for a reload that never comes.
 */
async function openLive(page: Page, url: string): Promise<void> {
  const connected = page.waitForEvent('console', (m) => m.text().includes('[vite] connected'))
  await page.goto(url)
  await connected
}

/** Resolves once the dev server serves `name` on the product page: it has taken in the last save. */
async function served(name: string): Promise<void> {
  await expect
    .poll(
      () =>
        fetch(`${BASE}/products/embeddedpc`, { headers: { accept: 'text/html' } }).then(
          (r) => r.text(),
          () => '',
        ),
      { timeout: 60_000 },
    )
    .toContain(name)
}

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
  await openLive(page, `${BASE}/products/embeddedpc`)
  await expect(heading).not.toHaveText(/Edited/)

  await saveAndSee(page, named('Embedded PC Edited Once'), 'Embedded PC Edited Once')

  await save(named('[broken'))
  await expect(page.getByRole('heading', { name: /The content has a problem/ })).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByText('content/products/embeddedpc.yaml:')).toBeVisible()
  await expect(page.getByText(/Fix: close it on the same line/)).toBeVisible()
  const reconnected = page.waitForEvent('console', (m) => m.text().includes('[vite] connected'))
  expect((await page.reload())?.status()).toBe(500)
  // The problem page has the live-reload client too; the fix below must reach it.
  await reconnected

  await saveAndSee(page, named('Embedded PC Fixed'), 'Embedded PC Fixed')
  // Two atomic saves in a row: Node 20's recursive fs.watch lost every save after the first.
  await saveAndSee(page, named('Embedded PC Second Save'), 'Embedded PC Second Save')
  await saveAndSee(page, named('Embedded PC Third Save'), 'Embedded PC Third Save')
})

/**
 * Saves `text` and waits until the page shows `heading` and its live-reload client is connected again,
 * as an editor reads the page before the next save. A save made while the reloaded page is still
 * loading its client reaches no page (Vite sends the reload to the clients connected then), which on
 * a busy machine is a second or more.
 */
async function saveAndSee(page: Page, text: string, heading: string): Promise<void> {
  const reconnected = page.waitForEvent('console', {
    predicate: (m) => m.text().includes('[vite] connected'),
    timeout: 60_000,
  })
  await save(text)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, { timeout: 30_000 })
  await reconnected
}

test('search in site dev finds what was just saved, and no longer finds what was replaced', async ({
  page,
}) => {
  const dialog = page.getByRole('dialog', { name: /search products/i })
  const status = dialog.getByRole('status')
  const titles = dialog.getByRole('listbox', { name: 'Search results' }).getByRole('option')
  // One save can reload the page twice (a burst of watcher events runs the refresh again after the
  // first), so a query is asked again until its answer shows: a reload in between loses the dialog.
  const query = (term: string, check: () => Promise<void>) =>
    expect(async () => {
      if (!(await dialog.isVisible())) {
        await hydrated(page)
        await page.keyboard.press('/')
      }
      await dialog.getByRole('combobox', { name: /search products/i }).fill(term, { timeout: 5_000 })
      await expect(status).toContainText(new RegExp(`results? for “${term}”`), { timeout: 15_000 })
      await check()
    }).toPass({ timeout: 90_000 })

  await save(named('Embedded PC Quokkatron'))
  // Opened once the server has the save, so its reload does not land on the page mid-test.
  await served('Embedded PC Quokkatron')
  await openLive(page, `${BASE}/products/embeddedpc`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Embedded PC Quokkatron', {
    timeout: 30_000,
  })
  await query('Quokkatron', () => expect(titles.first()).toContainText('Embedded PC Quokkatron'))

  // A second save renames it again: the page reloads, the index is rebuilt, and the page is found by
  // its new name only.
  await save(named('Embedded PC Wombatronic'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Embedded PC Wombatronic', {
    timeout: 30_000,
  })
  await query('Wombatronic', () => expect(titles.first()).toContainText('Embedded PC Wombatronic'))
  await query('Quokkatron', () => expect(titles).toHaveCount(0))
})
