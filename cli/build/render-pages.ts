import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import pLimit from 'p-limit'
import { routeFiles } from './build-cache.ts'

/**
 * The page Vike pre-renders as `404.html`: it renders its error page for this address, which no route
 * matches (vike/dist/node/prerender/runPrerender.js, getUrlList404), and the page is the same bytes
 * whatever the address, as long as it is this one.
 */
const NOT_FOUND_URL = '/fake-404-url'

/** Pages rendered side by side: rendering is synchronous; only the writes overlap. */
const RENDERS_AT_ONCE = 4

/** Each load of a bundle's server entry is a new module, so it runs again and hands Vike its build. */
let loads = 0

/**
 * Renders `routes` (and the not-found page) from a server bundle Vike built earlier, through Vike's own
 * server runtime, and writes each page's files where Vike's pre-render writes them: `<route>/index.html`,
 * the `<route>/index.pageContext.json` client-side navigation fetches, and `404.html`. Returns how many
 * HTML files it wrote.
 *
 * Why not Vike's pre-render: before rendering a page, it resolves the whole Vite configuration and
 * Vike's own (the plugins, every `+config` file), about 2 s on this machine, which a build that
 * re-renders one product's pages spent on nothing else. Rendering through `renderPage` needs none of
 * it, and gives the same bytes: `incremental.test.ts` compares a build rendered this way with a full
 * build, which pre-renders with Vike, file by file.
 *
 * A page that does not render (`+data` throwing, a bug) fails here with its address; Vike has already
 * logged the error.
 */
export async function renderPages(
  /** The server bundle: the folder with Vike's `entry.mjs`. */
  server: string,
  client: string,
  routes: readonly string[],
): Promise<number> {
  forgetVikeApp()
  try {
    loads++
    await import(`${pathToFileURL(path.join(server, 'entry.mjs')).href}?load=${loads}`)
    const { renderPage } = await import('vike/server')
    const render = async (url: string, status: number) => {
      const { httpResponse } = await renderPage({ urlOriginal: url })
      if (httpResponse?.statusCode !== status)
        throw new Error(
          `${url} did not render: Vike answered ${httpResponse?.statusCode ?? 'nothing'} instead of ${status} (its error is above)`,
        )
      return httpResponse.body
    }
    const write = async (file: string, text: string) => {
      const where = path.join(client, file)
      await mkdir(path.dirname(where), { recursive: true })
      await writeFile(where, text)
    }
    const rendering = pLimit(RENDERS_AT_ONCE)
    await Promise.all([
      ...routes.map((route) =>
        rendering(async () => {
          const [html, data] = routeFiles(route)
          await write(html as string, await render(route, 200))
          await write(data as string, await render(`/${data}`, 200))
        }),
      ),
      rendering(async () => write('404.html', await render(NOT_FOUND_URL, 404))),
    ])
    return routes.length + 1
  } finally {
    forgetVikeApp()
  }
}

/**
 * Vike keeps one app per process, set up by the first bundle that hands it its build and kept from then
 * on; its own API forgets it before each call (`clearGlobalContext`, which it does not export). A
 * process that builds a second site (the tests, a build after a build) must have Vike forget the first,
 * or it renders the new pages with the old site's code. Vike keeps that state under
 * `globalThis._vike.globals` by module (vike/dist/utils/getGlobalObject.js); the app's is emptied here
 * as `clearGlobalContext` empties it, the promise for a dev server aside (no dev server runs in a
 * build).
 */
function forgetVikeApp(): void {
  const store = globalThis as { _vike?: { globals?: Record<string, Record<string, unknown>> } }
  const app = store._vike?.globals?.['runtime/globalContext.ts']
  if (!app) return
  for (const key of Object.keys(app)) if (!key.startsWith('viteDevServerPromise')) delete app[key]
}
