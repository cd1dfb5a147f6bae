import { stat } from 'node:fs/promises'
import path from 'node:path'
import { SEARCH_BASE, WORDS_FILE } from '../search/build-index.ts'
import { fromDir, openIndex } from '../search/query.ts'
import type { Failure } from './verify.ts'

/** The files the search dialog loads before any query. */
const REQUIRED = ['pagefind.js', 'pagefind-entry.json', WORDS_FILE]

/**
 * The site search works on the built site: the index is there, and searching for each product's name
 * (with the same script the browser runs) returns that product's page first.
 */
export async function verifySearch(
  client: string,
  products: readonly { slug: string; name: string }[],
): Promise<Failure[]> {
  const dir = path.join(client, SEARCH_BASE)
  const failures: Failure[] = []
  for (const file of REQUIRED) {
    const there = await stat(path.join(dir, file)).then(
      (s) => s.isFile(),
      () => false,
    )
    if (!there)
      failures.push({
        page: SEARCH_BASE,
        file: `pagefind/${file}`,
        message: 'the search index is missing; `site build` writes it after the pre-render',
      })
  }
  if (failures.length) return failures

  const index = await openIndex(fromDir(dir))
  try {
    for (const { slug, name } of products) {
      const route = `/products/${slug}`
      const [first] = await index.search(name, 1)
      if (first?.url !== route)
        failures.push({
          page: route,
          file: 'pagefind/',
          message: first
            ? `searching for "${name}" shows ${first.url} first, not this product`
            : `searching for "${name}" finds nothing`,
        })
    }
  } finally {
    await index.close()
  }
  return failures
}
