import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Browser, errors } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openCamera, type ServedSide } from './capture.ts'
import { type ServedFolder, serveFolder } from './serve-folder.ts'

/**
 * A camera keeps one tab per side from route to route. Two planted pages show what it must not carry
 * from one to the next: `/keeper` stores something in the session (also as it is left), the origin's
 * storage and a cookie, and loads a file when its window is resized; `/teller` shows whatever it finds stored, and loads a
 * script and an image `/keeper` loads too (from the tab's cache, the second time). `/chooser` shows
 * another image in a wider window, and that image brings one more.
 */
const PAGE = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><script>window.dataLayer = [{ event: 'page_view' }]</script></head><body style="margin:0;font:20px sans-serif">${body}</body></html>`

const FILES: Record<string, string> = {
  'keeper/index.html':
    PAGE(`<script src="/shared.js"></script><img src="/dot.svg" width="20" height="20" alt="">
<script>
  sessionStorage.setItem('kept', 'session'); localStorage.setItem('kept', 'local'); document.cookie = 'kept=cookie; path=/'
  addEventListener('resize', () => fetch('/resized.txt'))
  addEventListener('pagehide', () => sessionStorage.setItem('left', 'yes'))
</script>`),
  'teller/index.html':
    PAGE(`<script src="/shared.js"></script><img src="/dot.svg" width="20" height="20" alt="">
<p id="told"></p>
<script>
  document.getElementById('told').textContent = [sessionStorage.getItem('kept'), sessionStorage.getItem('left'), localStorage.getItem('kept'), document.cookie].join(' / ')
</script>`),
  'shared.js': 'window.shared = true\n',
  'dot.svg':
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20" fill="#c00"/></svg>',
  'resized.txt': 'resized\n',
  // At 700 px and wider the picture is another image, which brings one more when it has loaded.
  'chooser/index.html':
    PAGE(`<picture><source media="(min-width: 700px)" srcset="/wide.svg"><img src="/narrow.svg" width="40" height="40" alt="" style="position:absolute;left:0;top:0"
onload="if (this.currentSrc.endsWith('/wide.svg') && !document.getElementById('more')) document.body.insertAdjacentHTML('beforeend', '<img id=more src=/more.svg width=40 height=40 alt=&quot;&quot; style=position:absolute;left:50px;top:0>')"></picture>`),
  'narrow.svg': square('#c00'),
  'wide.svg': square('#0a0'),
  'more.svg': square('#00c'),
}

/** A 40 px square of one colour, as SVG. */
function square(fill: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="${fill}"/></svg>`
}

let folder = ''
let server: ServedFolder
let browser: Browser
let side: ServedSide
/** The same folder behind a server that answers the images `/chooser` brings 300 ms late. */
let slow: Server
let slowSide: ServedSide
/**
 * The same folder behind a server that crashes the tab asking for `/shared.js` (so once a page has
 * begun to load: Chromium does not crash a page whose navigation is pending), `crashes` times, and
 * never answers `/hanging` (asked for it `hangingAsked` times).
 */
let crashing: Server
let crashingSide: ServedSide
let crashes = 0
let hangingAsked = 0
const LATE = new Set(['/wide.svg', '/more.svg'])
const widths = [360, 800]
const warn = (line: string) => {
  throw new Error(line)
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'site-capture-'))
  for (const [name, text] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(folder, name)), { recursive: true })
    await writeFile(path.join(folder, name), text)
  }
  server = await serveFolder(folder)
  browser = await launchBrowser()
  side = { origin: server.origin, client: folder }
  slow = createServer(async (request, response) => {
    const address = request.url ?? '/'
    if (LATE.has(address)) await new Promise((done) => setTimeout(done, 300))
    const answer = await fetch(`${server.origin}${address}`)
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' })
    response.end(Buffer.from(await answer.arrayBuffer()))
  })
  await new Promise<void>((listening) => slow.listen(0, '127.0.0.1', listening))
  slowSide = { origin: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`, client: folder }
  crashing = createServer(async (request, response) => {
    const address = request.url ?? '/'
    if (address === '/hanging') {
      hangingAsked++
      return
    }
    if (address === '/shared.js' && crashes > 0) {
      crashes--
      // The tab asking is the only one open while these tests run; its renderer is made to crash.
      const [page] = browser.contexts().flatMap((context) => context.pages())
      if (page) {
        const crashed = new Promise((done) => page.once('crash', done))
        const cdp = await page.context().newCDPSession(page)
        cdp.send('Page.crash').catch(() => undefined)
        await crashed
      }
    }
    const answer = await fetch(`${server.origin}${address}`)
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' })
    response.end(Buffer.from(await answer.arrayBuffer()))
  })
  await new Promise<void>((listening) => crashing.listen(0, '127.0.0.1', listening))
  crashingSide = { origin: `http://127.0.0.1:${(crashing.address() as AddressInfo).port}`, client: folder }
}, 60_000)

afterAll(async () => {
  await new Promise((closed) => (slow ? slow.close(closed) : closed(undefined)))
  crashing?.closeAllConnections()
  await new Promise((closed) => (crashing ? crashing.close(closed) : closed(undefined)))
  await browser?.close()
  await server?.close()
  await rm(folder, { recursive: true, force: true })
})

describe('a camera', () => {
  it('shows a page after another as it shows it first, and counts only its own loads', async () => {
    const alone = openCamera(browser)
    const first = await alone.shoot(side, '/teller', widths, warn)
    await alone.close()

    const camera = openCamera(browser)
    try {
      const keeper = await camera.shoot(side, '/keeper', widths, warn)
      expect(keeper.loads).toEqual(['/dot.svg', '/keeper', '/resized.txt', '/shared.js'])
      const after = await camera.shoot(side, '/teller', widths, warn)
      // Nothing /keeper stored shows, and its script and image, from the tab's cache, still count.
      expect(after.shots.map((shot) => shot.hash)).toEqual(first.shots.map((shot) => shot.hash))
      expect(after.loads).toEqual(['/dot.svg', '/shared.js', '/teller'])
      expect(first.loads).toEqual(after.loads)
    } finally {
      await camera.close()
    }
  })

  it('shoots each width with the images the page chose for it, and the images those brought', async () => {
    const camera = openCamera(browser)
    try {
      // Both images come late: a camera that shot without waiting for them would show neither.
      const { shots, loads } = await camera.shoot(slowSide, '/chooser', widths, warn)
      expect(loads).toEqual(['/chooser', '/more.svg', '/narrow.svg', '/wide.svg'])
      /** The colour of the pixel at (x, y) of a shot, as `r,g,b`. */
      const at = async (png: Buffer, x: number, y: number) => {
        const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
        const i = (y * info.width + x) * info.channels
        return [data[i], data[i + 1], data[i + 2]].join(',')
      }
      const [narrow, wide] = shots.map((shot) => shot.png) as [Buffer, Buffer]
      expect([await at(narrow, 20, 20), await at(narrow, 70, 20)]).toEqual(['204,0,0', '255,255,255'])
      expect([await at(wide, 20, 20), await at(wide, 70, 20)]).toEqual(['0,170,0', '0,0,204'])
    } finally {
      await camera.close()
    }
  })

  it('shoots a route again in a new tab when its tab crashed, says so, and fails on a second crash', async () => {
    const alone = openCamera(browser)
    const expected = await alone.shoot(side, '/teller', widths, warn).finally(() => alone.close())
    const camera = openCamera(browser)
    const heard: string[] = []
    try {
      crashes = 1
      const again = await camera.shoot(crashingSide, '/teller', widths, (line) => heard.push(line))
      expect(crashes).toBe(0)
      expect(heard).toEqual([expect.stringMatching(/^\/teller: .*crash.*; shot again in a new tab$/i)])
      expect(again.shots.map((shot) => shot.hash)).toEqual(expected.shots.map((shot) => shot.hash))
      // The new tab goes on to the next route.
      expect((await camera.shoot(crashingSide, '/keeper', widths, warn)).shots).toHaveLength(2)
      crashes = 2
      heard.length = 0
      await expect(camera.shoot(crashingSide, '/teller', widths, (line) => heard.push(line))).rejects.toThrow(
        /crash/i,
      )
      expect(heard).toHaveLength(1)
    } finally {
      crashes = 0
      await camera.close()
    }
  })

  it('fails a page that does not load in time at once, without a second wait in a new tab', async () => {
    const camera = openCamera(browser, 1_000)
    const heard: string[] = []
    try {
      const failed = await camera
        .shoot(crashingSide, '/hanging', widths, (line) => heard.push(line))
        .catch((error: unknown) => error)
      expect(failed).toBeInstanceOf(errors.TimeoutError)
      expect([hangingAsked, heard]).toEqual([1, []])
      // The camera goes on to the next route in a new tab.
      expect((await camera.shoot(side, '/teller', widths, warn)).shots).toHaveLength(2)
    } finally {
      await camera.close()
    }
  })

  it('has planted pages that tell what a tab kept, when nothing is cleared', async () => {
    // Without this, the test above could pass with nothing cleared.
    const page = await browser.newPage()
    try {
      await page.goto(`${server.origin}/keeper`)
      await page.goto(`${server.origin}/teller`)
      await expect.poll(() => page.locator('#told').textContent()).toBe('session / yes / local / kept=cookie')
    } finally {
      await page.close()
    }
  })
})
