import { stat } from 'node:fs/promises'
import path from 'node:path'
import { SHOWN_RESULTS } from '../../lib/search-order.ts'
import { SEARCH_BASE, WORDS_FILE } from '../search/build-index.ts'
import { fromDir, openIndex } from '../search/query.ts'
import type { Failure } from './verify.ts'

/** The files the search dialog loads before any query. */
const REQUIRED = ['pagefind.js', 'pagefind-entry.json', WORDS_FILE]

/** What the search check found: what stops a release, and what only ranks oddly. */
export interface SearchReport {
  /** The index is missing, or a product's name does not show it among the results the dialog shows. */
  failures: Failure[]
  /** A product's name shows it, but another page first (a near-duplicate name, e.g. "Switch 11"). */
  warnings: Failure[]
}

/**
 * The site search works on the built site: the index is there, and searching (with the same script and
 * order the browser uses) for each product's name shows that product's page first, and for each
 * brochure's title and the word "brochure", that brochure. A page shown but not first is a warning: a
 * ranking quirk between near-duplicate names is worth knowing, not a reason to stop a release.
 */
export async function verifySearch(
  client: string,
  products: readonly { slug: string; name: string }[],
  brochures: readonly { id: string; title: string }[] = [],
  /**
   * Routes whose name an earlier check found first and whose page did not change since: not asked
   * again. Sound because a page titled exactly as the query leads the results whatever else the index
   * holds (lib/search-order.ts); the routes found first this time are added to it.
   */
  found?: Set<string>,
): Promise<SearchReport> {
  const dir = path.join(client, SEARCH_BASE)
  const failures: Failure[] = []
  const warnings: Failure[] = []
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
  if (failures.length) return { failures, warnings }

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
      if (found?.has(route)) continue
      // Most names find their own page first: only then is the rest of the results list read.
      if ((await index.search(name, 1))[0]?.url === route) {
        found?.add(route)
        continue
      }
      const shown = await index.search(name, SHOWN_RESULTS)
      const [first] = shown
      if (first?.url === route) continue
      const place = shown.findIndex((hit) => hit.url === route)
      if (!first)
        failures.push({ page: route, file: 'pagefind/', message: `searching for "${name}" finds nothing` })
      else if (place < 0)
        failures.push({
          page: route,
          file: 'pagefind/',
          message: `searching for "${name}" shows ${first.url} first and not ${what} among the first ${SHOWN_RESULTS}`,
        })
      else
        warnings.push({
          page: route,
          file: 'pagefind/',
          message: `searching for "${name}" shows ${first.url} ("${first.title}") first; ${what} is number ${place + 1}`,
        })
    }
  } finally {
    await index.close()
  }
  return { failures, warnings }
}
