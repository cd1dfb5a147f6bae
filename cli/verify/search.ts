import { stat } from 'node:fs/promises'
import path from 'node:path'
import { SEARCH_BASE, WORDS_FILE } from '../search/build-index.ts'
import { fromDir, openIndex } from '../search/query.ts'
import type { Failure } from './verify.ts'

/** The files the search dialog loads before any query. */
const REQUIRED = ['pagefind.js', 'pagefind-entry.json', WORDS_FILE]

/**
 * The site search works on the built site: the index is there, and searching (with the same script the
 * browser runs) for each product's name returns that product's page first, and for each brochure's
 * title and the word "brochure", that brochure.
 */
export async function verifySearch(
  client: string,
  products: readonly { slug: string; name: string }[],
  brochures: readonly { id: string; title: string }[] = [],
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
    const expected = [
      ...products.map((p) => ({ route: `/products/${p.slug}`, name: p.name, what: 'this product' })),
      ...brochures.map((b) => ({
        route: `/brochures/${b.id}`,
        name: `${b.title} brochure`,
        what: 'this brochure',
      })),
    ]
    for (const { route, name, what } of expected) {
      const [first] = await index.search(name, 1)
      if (first?.url !== route)
        failures.push({
          page: route,
          file: 'pagefind/',
          message: first
            ? `searching for "${name}" shows ${first.url} first, not ${what}`
            : `searching for "${name}" finds nothing`,
        })
    }
  } finally {
    await index.close()
  }
  return failures
}
