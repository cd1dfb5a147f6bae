import { useMemo, useRef } from 'react'
import { flushSync } from 'react-dom'
import { useData } from 'vike-react/useData'
import { useHydrated } from 'vike-react/useHydrated'
import { usePageContext } from 'vike-react/usePageContext'
import { CatalogueFailed } from '../../components/finder/CatalogueFailed.tsx'
import { readCompared } from '../../components/finder/filters.ts'
import { useUrlState } from '../../components/finder/useUrlState.ts'
import { useWholeCatalogue } from '../../components/finder/useWholeCatalogue.ts'
import { CATALOGUE_PATH, comparable, compareHref, MAX_COMPARED } from '../../model/compare.ts'
import type { Data } from './+data.ts'
import { AddProduct } from './AddProduct.tsx'
import { CompareTable, compareRows } from './CompareTable.tsx'
import '../../components/finder/finder.css'
import './Compare.css'

/** Which products are compared, and whether only the rows that differ show. */
interface View {
  slugs: string[]
  only: boolean
}

/** The comparison in the URL: `?products=a,b,c`, and `&only=differences` to hide the rows that agree. */
function readView(search: string, known: readonly string[]): View {
  return {
    slugs: readCompared(search, known, MAX_COMPARED),
    only: new URLSearchParams(search).get('only') === 'differences',
  }
}

const NONE: View = { slugs: [], only: false }
const hrefOf = (view: View) => compareHref(view.slugs, view.only)

/**
 * Two to four products side by side: a real table (a column header per product, a row header per
 * fact), each row that differs marked in words as well as colour, "only differences" as an option, and
 * each product's enquiry one click away. Which products is read from the URL after hydration, so the
 * view can be shared and the Back button returns to it.
 */
export default function Page() {
  const data = useData<Data>()
  const { categories } = data
  const catalogue = useWholeCatalogue(data.products, data.catalogueUrl, (c) => c.products.map(comparable))
  const { products } = catalogue
  const ready = useHydrated() && catalogue.whole
  const { urlOriginal } = usePageContext()
  // The known products grow once the whole catalogue has loaded: the URL is read again then.
  const read = useMemo(() => {
    const known = products.map((p) => p.slug)
    return (search: string) => readView(search, known)
  }, [products])
  const [view, change] = useUrlState({ initial: NONE, read, href: hrefOf, address: urlOriginal })
  const addSelect = useRef<HTMLSelectElement>(null)

  const compared = view.slugs.flatMap((slug) => products.filter((p) => p.slug === slug))
  const rows = compareRows(compared, categories)
  const differing = rows.filter((r) => r.differs).length
  // Add empties the choice and so disables itself: focus stays on the select to add another, or, once
  // the comparison is full and the select is disabled too, goes to the new column's product.
  const add = (slug: string) => {
    const slugs = [...view.slugs, slug]
    flushSync(() => change({ ...view, slugs }))
    if (slugs.length < MAX_COMPARED) addSelect.current?.focus()
    else
      document.querySelector<HTMLElement>(`.compare__table a[href="/products/${CSS.escape(slug)}"]`)?.focus()
  }
  const remove = (slug: string) => {
    // The Remove button goes with its column: focus goes where another one is added, once that select
    // is enabled again.
    flushSync(() => change({ ...view, slugs: view.slugs.filter((s) => s !== slug) }))
    addSelect.current?.focus()
  }

  return (
    <section className="compare finder-page container" aria-labelledby="compare-title">
      <p className="eyebrow">Comparison</p>
      <h1 id="compare-title">Compare products</h1>
      <noscript
        // Without scripts the prompt below would send a visitor to tick boxes that need scripts too.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: fixed markup, no content
        dangerouslySetInnerHTML={{
          __html: `<style>.compare__prompt{display:none}</style><p class="finder-note">The comparison needs JavaScript. Every product's facts are listed in the <a href="${CATALOGUE_PATH}">catalogue</a> and on its own page.</p>`,
        }}
      />
      {compared.length < 2 && (
        <p className="lead compare__prompt">
          Choose 2 to {MAX_COMPARED} products: tick “Compare” on them in the{' '}
          <a href={CATALOGUE_PATH}>catalogue</a>
          {ready ? ', or add them here.' : '.'}
        </p>
      )}
      {catalogue.failed && <CatalogueFailed retry={catalogue.retry} />}
      <div className="compare__controls">
        {/* Only once it can act: before the page hydrates (or without scripts) it could add nothing. */}
        {ready && (
          <AddProduct
            categories={categories}
            addable={products.filter((p) => !view.slugs.includes(p.slug))}
            full={view.slugs.length >= MAX_COMPARED}
            onAdd={add}
            selectRef={addSelect}
          />
        )}
        {compared.length >= 2 && (
          <label className="compare__only">
            <input
              type="checkbox"
              checked={view.only}
              onChange={(e) => change({ ...view, only: e.target.checked })}
            />
            Only differences ({differing} of {rows.length} rows)
          </label>
        )}
      </div>
      {compared.length > 0 && (
        <CompareTable compared={compared} rows={rows} only={view.only} onRemove={remove} />
      )}
    </section>
  )
}
