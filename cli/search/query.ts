import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { type PagefindSearch, searchExactFirst } from '../../lib/search-order.ts'

/** One search result as a visitor would see it first: where it goes and its heading. */
export interface Hit {
  url: string
  title: string
}

interface PagefindModule
  extends PagefindSearch<{ id: string; data(): Promise<{ url: string; meta: { title?: string } }> }> {
  options(o: { basePath: string }): Promise<void>
  destroy(): Promise<void>
}

/** Where an index's files come from: a built site's folder, or the dev server's memory. */
export type IndexSource = (name: string) => Promise<Uint8Array | undefined>

/** The index files in a folder on disk (a built site's `pagefind/`). */
export const fromDir =
  (dir: string): IndexSource =>
  (name) =>
    readFile(path.join(dir, name)).catch(() => undefined)

const served = new Map<string, IndexSource>()
let realFetch: typeof fetch | undefined
let opened = 0

/**
 * Answers Pagefind's requests for `/__search-N/<file>` from the index's source, so the very script
 * the browser runs can search an index in Node (Node's fetch has no file: URLs).
 */
function serveIndexFiles(prefix: string, source: IndexSource): void {
  served.set(prefix, source)
  if (realFetch) return
  const passThrough = globalThis.fetch
  realFetch = passThrough
  globalThis.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    for (const [base, source] of served)
      if (url.startsWith(base)) {
        const body = await source(decodeURIComponent(url.slice(base.length).replace(/[?#].*$/, '')))
        return body ? new Response(Buffer.from(body)) : new Response(null, { status: 404 })
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
 * Opens a Pagefind index for searching from Node, with the same script and ranking as the browser.
 * Call `close()` when done.
 */
export async function openIndex(source: IndexSource) {
  const prefix = `/__search-${++opened}/`
  serveIndexFiles(prefix, source)
  try {
    const script = await source('pagefind.js')
    if (!script) throw new Error('the search index has no pagefind.js')
    // A fresh module instance per index (the comment makes each URL unique): a rebuilt index has new files.
    const code = `${new TextDecoder().decode(script)}\n//# instance=${opened}`
    const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
    const pagefind = (await import(url)) as PagefindModule
    await pagefind.options({ basePath: prefix })
    return {
      /** The first `limit` results for `term`, best first, ordered as the search dialog orders them. */
      async search(term: string, limit = 5): Promise<Hit[]> {
        // The pages titled exactly as the term lead: when they fill the answer, nothing else is asked.
        const found = await searchExactFirst(pagefind, term, limit)
        const data = await Promise.all(found.slice(0, limit).map((r) => r.data()))
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
