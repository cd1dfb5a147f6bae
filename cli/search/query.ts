import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

/** One search result as a visitor would see it first: where it goes and its heading. */
export interface Hit {
  url: string
  title: string
}

interface PagefindModule {
  options(o: { basePath: string }): Promise<void>
  search(term: string): Promise<{ results: { data(): Promise<{ url: string; meta: { title?: string } }> }[] }>
  destroy(): Promise<void>
}

const served = new Map<string, string>()
let realFetch: typeof fetch | undefined
let opened = 0

/**
 * Answers Pagefind's requests for `/__search-N/<file>` from the index folder on disk, so the very
 * script the browser runs can search a built index in Node (Node's fetch has no file: URLs).
 */
function serveFromDisk(prefix: string, dir: string): void {
  served.set(prefix, dir)
  if (realFetch) return
  const passThrough = globalThis.fetch
  realFetch = passThrough
  globalThis.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    for (const [base, folder] of served)
      if (url.startsWith(base)) {
        const file = decodeURIComponent(url.slice(base.length).replace(/[?#].*$/, ''))
        return new Response(await readFile(path.join(folder, file)))
      }
    return passThrough(input, init)
  }
}

function stopServing(prefix: string): void {
  served.delete(prefix)
  if (!served.size && realFetch) {
    globalThis.fetch = realFetch
    realFetch = undefined
  }
}

/**
 * Opens the Pagefind index in `dir` (a built site's `pagefind/` folder) for searching from Node, with
 * the same script and ranking as the browser. Call `close()` when done.
 */
export async function openIndex(dir: string) {
  const prefix = `/__search-${++opened}/`
  serveFromDisk(prefix, dir)
  try {
    // A fresh module instance per index: the same path may hold a new index after a rebuild.
    const url = `${pathToFileURL(path.join(dir, 'pagefind.js')).href}?instance=${opened}`
    const pagefind = (await import(url)) as PagefindModule
    await pagefind.options({ basePath: prefix })
    return {
      /** The first `limit` results for `term`, best first. */
      async search(term: string, limit = 5): Promise<Hit[]> {
        const { results } = await pagefind.search(term)
        const data = await Promise.all(results.slice(0, limit).map((r) => r.data()))
        return data.map((d) => ({ url: d.url, title: d.meta.title ?? '' }))
      },
      async close() {
        await pagefind.destroy()
        stopServing(prefix)
      },
    }
  } catch (error) {
    stopServing(prefix)
    throw error
  }
}
