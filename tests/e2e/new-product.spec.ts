import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import { copyProject, shellEnv } from '../project-copy.ts'
import { hydrated } from './hydrated.ts'

const run = promisify(execFile)

/**
 * An editor's first product (issue #44): `site new product` writes a draft, and `site dev` previews it
 * as it comes from the scaffold, placeholders and all, instead of an error page. On a copy of the
 * project, so the working tree is never touched; dev listens on a port the system picks.
 */
test.describe('a product fresh from the scaffold in site dev', () => {
  test.describe.configure({ mode: 'serial' })

  let root = ''
  let dev: ChildProcess | undefined
  let base = ''

  test.beforeAll(async () => {
    // Copying the project and dev's first compile take a while on a busy machine.
    test.setTimeout(240_000)
    root = await copyProject('site-e2e-new-product-')
    const env = { ...shellEnv(), NO_COLOR: '1' }
    await run(
      process.execPath,
      ['bin/site.js', 'new', 'product', 'smartplug2', '--category', 'Smart home', '--after', 'smartpanel'],
      { cwd: root, env },
    )
    dev = spawn(process.execPath, ['bin/site.js', 'dev', '--port', '0'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    dev.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
    })
    dev.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
    })
    await expect.poll(() => /Local:\s+(http:\/\/\S+?)\/?\s/.exec(out)?.[1], { timeout: 120_000 }).toBeTruthy()
    base = /Local:\s+(http:\/\/\S+?)\/?\s/.exec(out)?.[1] ?? ''
    // The first request compiles the pages.
    await expect
      .poll(
        () =>
          fetch(`${base}/products/smartplug2`, { headers: { accept: 'text/html' } }).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 180_000 },
      )
      .toBe(200)
  })

  test.afterAll(async () => {
    dev?.kill()
    if (root) await rm(root, { recursive: true, force: true })
  })

  test('shows the draft with its placeholders and a Draft banner, and lists it in the menu where it was put', async ({
    page,
  }) => {
    const response = await page.goto(`${base}/products/smartplug2`)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('TODO: the display name, as in the menu')
    await expect(page.getByRole('complementary', { name: 'Draft' })).toContainText('site build')
    await expect(page.getByRole('heading', { name: /The content has a problem/ })).toHaveCount(0)
    // Artwork still to come shows as a stand-in, not a broken image.
    await expect(page.locator('img[src^="data:image/svg+xml"]').first()).toBeVisible()
    await hydrated(page)
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.getByRole('button', { name: 'Products' }).first().click()
    await expect(page.getByRole('link', { name: /TODO: the display name/ }).first()).toBeVisible()
    // In the menu where `--after smartpanel` put it.
    const links = await page
      .getByRole('banner')
      .getByRole('link')
      .evaluateAll((all) =>
        all.map((a) => a.getAttribute('href') ?? '').filter((href) => href.startsWith('/products/')),
      )
    expect(links.indexOf('/products/smartplug2')).toBe(links.indexOf('/products/smartpanel') + 1)
  })
})
