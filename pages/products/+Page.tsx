import { useEffect, useId, useMemo, useState } from 'react'
import { useData } from 'vike-react/useData'
import { useHydrated } from 'vike-react/useHydrated'
import { usePageContext } from 'vike-react/usePageContext'
import { CatalogueFailed } from '../../components/finder/CatalogueFailed.tsx'
import { EMPTY, type FinderState, matches, readSearch, writeSearch } from '../../components/finder/filters.ts'
import { useUrlState } from '../../components/finder/useUrlState.ts'
import { useWholeCatalogue } from '../../components/finder/useWholeCatalogue.ts'
import { Picture } from '../../components/Picture.tsx'
import { CATALOGUE_STEP, CATEGORY_PREVIEW, compareHref, MAX_COMPARED } from '../../model/compare.ts'
import type { Data } from './+data.ts'
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
  const catalogue = useWholeCatalogue(data.products, carriesAll, (c) => c.products)
  const { products } = catalogue
  const hydrated = useHydrated()
  const ready = hydrated && catalogue.whole
  const [step, setStep] = useState(1)
  const [chosen, setChosen] = useState<string[]>([])
  // The first product a "Show …" button brought in: it takes the focus, as the button goes away.
  const [focusNext, setFocusNext] = useState<string | null>(null)
  useEffect(() => {
    if (!focusNext) return
    document.querySelector<HTMLElement>(`.finder-card a[href="/products/${CSS.escape(focusNext)}"]`)?.focus()
    setFocusNext(null)
  }, [focusNext])
  const countId = useId()
  const allFilters = useMemo(() => [...shared, ...categories.flatMap((c) => c.filters)], [shared, categories])

  // The URL holds the filters; a change, or reading them again (Back, Forward), starts at the first step.
  const { urlOriginal } = usePageContext()
  const read = useMemo(
    () => (search: string) => {
      setStep(1)
      return readSearch(search, allFilters)
    },
    [allFilters],
  )
  const [state, setUrlState] = useUrlState({ initial: EMPTY, read, href: hrefOf, address: urlOriginal })
  const change = (next: FinderState) => {
    setUrlState(next)
    setStep(1)
  }
  /** Everything of one category, keeping the filters that category has too. */
  const choose = (id: string) => {
    const filters = categories.find((c) => c.id === id)?.filters ?? []
    const facts = Object.entries(state.facts).filter(([key]) => filters.some((f) => f.key === key))
    change({ category: id, facts: Object.fromEntries(facts) })
  }
  // How many of a category's matches show: all in a small catalogue; in a large one a few of each
  // while no category is chosen, and a step at a time of the chosen one.
  const cap = carriesAll
    ? Number.POSITIVE_INFINITY
    : state.category
      ? step * CATALOGUE_STEP
      : CATEGORY_PREVIEW

  const category = categories.find((c) => c.id === state.category)
  const active = category ? category.filters : shared
  const shown = new Set(products.filter((p) => matches(p, state, active)).map((p) => p.slug))
  const toggle = (slug: string) =>
    setChosen((list) => (list.includes(slug) ? list.filter((s) => s !== slug) : [...list, slug]))

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
          <output id={countId} className="finder__count" aria-live="polite">
            {!catalogue.whole || shown.size === total
              ? `All ${total} products`
              : `${shown.size} of ${total} products match`}
          </output>
          {catalogue.failed && <CatalogueFailed retry={catalogue.retry} />}
          {catalogue.whole && shown.size === 0 && (
            <p className="finder-note">
              No product matches all of these filters.{' '}
              <button type="button" className="link-button" onClick={() => change(EMPTY)}>
                Clear all filters
              </button>{' '}
              or loosen one of them.
            </p>
          )}
          {categories.map((c) => {
            const members = products.filter((p) => p.category === c.id)
            const matching = catalogue.whole ? members.filter((p) => shown.has(p.slug)) : members
            const visible = matching.length
            const listed = new Set(matching.slice(0, cap).map((p) => p.slug))
            const rest = (catalogue.whole ? matching.length : (sizes[c.id] ?? 0)) - listed.size
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
                  {/* A small catalogue keeps every card and hides those that do not match; a large
                      one renders only those it lists. */}
                  {(carriesAll ? members : members.filter((p) => listed.has(p.slug))).map((p) => (
                    <li key={p.slug} className="finder-card" hidden={!listed.has(p.slug)}>
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
                {rest > 0 && (
                  <p className="finder__more">
                    <button
                      type="button"
                      className="btn btn--outline"
                      disabled={!ready}
                      onClick={() => {
                        setFocusNext(matching[listed.size]?.slug ?? null)
                        if (state.category) setStep((s) => s + 1)
                        else choose(c.id)
                      }}
                    >
                      {state.category
                        ? `Show ${Math.min(rest, CATALOGUE_STEP)} more of ${rest}`
                        : `Show all ${listed.size + rest} ${c.name} products`}
                    </button>
                  </p>
                )}
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
