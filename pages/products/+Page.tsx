import { useId, useMemo } from 'react'
import { useData } from 'vike-react/useData'
import { useHydrated } from 'vike-react/useHydrated'
import { usePageContext } from 'vike-react/usePageContext'
import { CatalogueFailed } from '../../components/finder/CatalogueFailed.tsx'
import { EMPTY, type FinderState, matches, readSearch, writeSearch } from '../../components/finder/filters.ts'
import { usePaging } from '../../components/finder/usePaging.ts'
import { useUrlState } from '../../components/finder/useUrlState.ts'
import { useWholeCatalogue } from '../../components/finder/useWholeCatalogue.ts'
import { MAX_COMPARED } from '../../model/compare.ts'
import type { Data } from './+data.ts'
import { CategoryGroup } from './CategoryGroup.tsx'
import { CompareBar, useChosen } from './CompareBar.tsx'
import { Filters } from './Filters.tsx'
import '../../components/finder/finder.css'
import './Catalogue.css'

/** The address of the catalogue filtered as `state` says, on whichever of its addresses it was reached. */
const hrefOf = (state: FinderState) => `${window.location.pathname}${writeSearch(state)}`

/**
 * The catalogue: every product grouped by category with its facts. The HTML lists them all, so it reads
 * as a plain grouped list before scripts load and with JavaScript off; once hydrated, the filters (kept
 * in the URL) narrow it and a live region says how many match, and up to four products can be compared.
 *
 * A catalogue larger than one menu holds: the HTML lists each category's first few products; once
 * hydrated the page loads the rest, shows each category's first few until one is chosen (the menu's
 * category links choose one), and a chosen category's products a step at a time.
 */
export default function Page() {
  const data = useData<Data>()
  const { categories, shared, sizes, total, carriesAll } = data
  const catalogue = useWholeCatalogue(data.products, data.catalogueUrl, (c) => c.products)
  const ready = useHydrated() && catalogue.whole
  const { urlOriginal } = usePageContext()
  const read = useMemo(() => {
    const all = [...shared, ...categories.flatMap((c) => c.filters)]
    return (search: string) => readSearch(search, all)
  }, [shared, categories])
  const [state, change] = useUrlState({ initial: EMPTY, read, href: hrefOf, address: urlOriginal })
  const [cap, more] = usePaging(state, carriesAll)
  const { chosen, toggle, clear } = useChosen()
  const countId = useId()
  // Controls that go away or disable themselves hand the focus on: Clear (the compare bar goes) to the
  // first product that was chosen, the note's "Clear all filters" (the note goes) to the count.
  const clearChosen = () => {
    const first = chosen[0]
    clear()
    if (first)
      document
        .querySelector<HTMLElement>(`.finder-card:has(a[href="/products/${CSS.escape(first)}"]) input`)
        ?.focus()
  }
  const clearFilters = () => {
    change(EMPTY)
    document.getElementById(countId)?.focus()
  }

  const active = categories.find((c) => c.id === state.category)?.filters ?? shared
  const shown = new Set(catalogue.products.filter((p) => matches(p, state, active)).map((p) => p.slug))
  /** Everything of one category, keeping the filters that category has too. */
  const choose = (id: string) => {
    const filters = categories.find((c) => c.id === id)?.filters ?? []
    const facts = Object.entries(state.facts).filter(([key]) => filters.some((f) => f.key === key))
    change({ category: id, facts: Object.fromEntries(facts) })
  }

  return (
    <section className="finder finder-page container" aria-labelledby="finder-title">
      <p className="eyebrow">Catalogue</p>
      <h1 id="finder-title">Products</h1>
      <p className="lead finder__lead">
        Every product by category, with the facts that matter. Narrow them down by ports, PoE, temperature
        range and more, and put up to {MAX_COMPARED} side by side.
      </p>
      <noscript
        // Without scripts the filters could not work: hide them and say what the list offers instead.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: fixed markup, no content
        dangerouslySetInnerHTML={{
          __html: carriesAll
            ? '<style>.finder__filters,.finder-card__compare,.finder__count{display:none}</style><p class="finder-note">Filtering and comparing need JavaScript. Every product is listed below with its facts; each name leads to its page and full specifications.</p>'
            : '<style>.finder__filters,.finder-card__compare,.finder__count,.finder__more{display:none}</style><p class="finder-note">Filtering, comparing and the full list need JavaScript. Below are the first products of each category with their facts; each name leads to its page and full specifications.</p>',
        }}
      />
      <div className="finder__layout">
        <Filters
          categories={categories}
          sizes={sizes}
          total={total}
          matching={catalogue.whole ? shown.size : total}
          active={active}
          state={state}
          ready={ready}
          onChange={change}
          describedBy={countId}
        />
        <div className="finder__results">
          <output id={countId} className="finder__count" aria-live="polite" tabIndex={-1}>
            {!catalogue.whole || shown.size === total
              ? `All ${total} products`
              : `${shown.size} of ${total} products match`}
          </output>
          {catalogue.failed && <CatalogueFailed retry={catalogue.retry} />}
          {catalogue.whole && shown.size === 0 && (
            <p className="finder-note">
              No product matches all of these filters.{' '}
              <button type="button" className="link-button" onClick={clearFilters}>
                Clear all filters
              </button>{' '}
              or loosen one of them.
            </p>
          )}
          {categories.map((c) => (
            <CategoryGroup
              key={c.id}
              category={c}
              products={catalogue.products}
              shown={catalogue.whole ? shown : null}
              cap={cap}
              size={sizes[c.id] ?? 0}
              carriesAll={carriesAll}
              stepping={Boolean(state.category)}
              chosen={chosen}
              ready={ready}
              onToggle={toggle}
              onMore={() => (state.category ? more() : choose(c.id))}
            />
          ))}
        </div>
      </div>
      <CompareBar chosen={chosen} onClear={clearChosen} />
    </section>
  )
}
