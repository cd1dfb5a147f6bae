import { useEffect, useId, useMemo, useState } from 'react'
import { useData } from 'vike-react/useData'
import { EMPTY, type FinderState, matches, readSearch, writeSearch } from '../../components/finder/filters.ts'
import { Picture } from '../../components/Picture.tsx'
import { compareHref, MAX_COMPARED } from '../../renderer/compare.ts'
import type { Data } from './+data.ts'
import { Filters } from './Filters.tsx'
import './Catalogue.css'

/**
 * The catalogue: every product grouped by category with its facts. The HTML lists them all, so it reads
 * as a plain grouped list before scripts load and with JavaScript off; once hydrated, the filters (kept
 * in the URL) narrow it and a live region says how many match, and up to four products can be compared.
 */
export default function Page() {
  const { categories, products, shared } = useData<Data>()
  const [state, setState] = useState<FinderState>(EMPTY)
  const [ready, setReady] = useState(false)
  const [chosen, setChosen] = useState<string[]>([])
  const countId = useId()
  const allFilters = useMemo(() => [...shared, ...categories.flatMap((c) => c.filters)], [shared, categories])

  // The URL holds the filters: read it after hydration (the HTML shows everything) and on Back/Forward.
  useEffect(() => {
    const read = () => setState(readSearch(window.location.search, allFilters))
    read()
    setReady(true)
    window.addEventListener('popstate', read)
    return () => window.removeEventListener('popstate', read)
  }, [allFilters])

  const change = (next: FinderState) => {
    setState(next)
    window.history.pushState(null, '', `${window.location.pathname}${writeSearch(next)}`)
  }

  const category = categories.find((c) => c.id === state.category)
  const active = category ? category.filters : shared
  const shown = new Set(products.filter((p) => matches(p, state, active)).map((p) => p.slug))
  const toggle = (slug: string) =>
    setChosen((list) => (list.includes(slug) ? list.filter((s) => s !== slug) : [...list, slug]))

  return (
    <section className="finder container" aria-labelledby="finder-title">
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
          __html:
            '<style>.finder__filters,.finder-card__compare,.finder__count{display:none}</style><p class="finder__note">Filtering and comparing need JavaScript. Every product is listed below with its facts; each name leads to its page and full specifications.</p>',
        }}
      />
      <div className="finder__layout">
        <Filters
          categories={categories}
          products={products}
          active={active}
          state={state}
          ready={ready}
          onChange={change}
          describedBy={countId}
        />
        <div className="finder__results">
          <output id={countId} className="finder__count" aria-live="polite">
            {shown.size === products.length
              ? `All ${products.length} products`
              : `${shown.size} of ${products.length} products match`}
          </output>
          {categories.map((c) => {
            const members = products.filter((p) => p.category === c.id)
            const visible = members.filter((p) => shown.has(p.slug)).length
            return (
              <section
                key={c.id}
                className="finder__group"
                aria-labelledby={`group-${c.id}`}
                hidden={!visible}
              >
                <h2 id={`group-${c.id}`}>{c.name}</h2>
                <p className="finder__summary">{c.summary}</p>
                <ul className="finder__list">
                  {members.map((p) => (
                    <li key={p.slug} className="finder-card" hidden={!shown.has(p.slug)}>
                      <Picture image={p.image} alt="" sizes="96px" className="finder-card__image" />
                      <h3 className="finder-card__name">
                        <a href={`/products/${p.slug}`}>{p.name}</a>
                      </h3>
                      <p className="finder-card__summary">{p.summary}</p>
                      <dl className="finder-card__facts">
                        {p.rows.map((r) => (
                          <div key={r.key}>
                            <dt>{r.label}</dt>
                            <dd>{r.text}</dd>
                          </div>
                        ))}
                      </dl>
                      <label className="finder-card__compare">
                        <input
                          type="checkbox"
                          checked={chosen.includes(p.slug)}
                          disabled={!ready || (!chosen.includes(p.slug) && chosen.length >= MAX_COMPARED)}
                          onChange={() => toggle(p.slug)}
                        />
                        Compare<span className="visually-hidden"> {p.name}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              </section>
            )
          })}
        </div>
      </div>
      {chosen.length > 0 && (
        <div className="finder__compare-bar">
          <span>
            {chosen.length} of {MAX_COMPARED} chosen
          </span>
          {chosen.length >= 2 ? (
            <a className="btn btn--accent" href={compareHref(chosen)}>
              Compare {chosen.length} products
            </a>
          ) : (
            <span className="finder__hint">Choose one more to compare</span>
          )}
          <button type="button" className="finder__clear" onClick={() => setChosen([])}>
            Clear
          </button>
        </div>
      )}
    </section>
  )
}
