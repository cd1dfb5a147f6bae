import { useId, useMemo, useRef, useState } from 'react'
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
  const catalogue = useWholeCatalogue(data.products, data.carriesAll, (c) => c.products.map(comparable))
  const { products } = catalogue
  const { urlOriginal } = usePageContext()
  const hydrated = useHydrated()
  const ready = hydrated && catalogue.whole
  const captionId = useId()
  const addId = useId()
  // The product chosen in "Add a product", added by its button: a select that acted on every change
  // would add each product a keyboard user passes with the arrow keys (Firefox, Chrome on Windows).
  const [pick, setPick] = useState('')
  const addSelect = useRef<HTMLSelectElement>(null)

  // The known products grow once the whole catalogue has loaded: the URL is read again then.
  const read = useMemo(() => {
    const known = products.map((p) => p.slug)
    return (search: string) => readView(search, known)
  }, [products])
  const [view, setView] = useUrlState({ initial: NONE, read, href: hrefOf, address: urlOriginal })
  const change = (slugs: string[], only: boolean) => setView({ slugs, only })
  const compared = view.slugs.flatMap((slug) => products.filter((p) => p.slug === slug))
  // Every fact any of them gives, in the order the first one's category declares them.
  const rows: { key: string; label: string }[] = [{ key: 'category', label: 'Category' }]
  for (const p of compared)
    for (const r of p.rows)
      if (!rows.some((row) => row.key === r.key)) rows.push({ key: r.key, label: r.label })
  const categoryName = (id: string) => categories.find((c) => c.id === id)?.name ?? id
  const cell = (p: (typeof compared)[number], key: string) =>
    key === 'category' ? categoryName(p.category) : p.rows.find((r) => r.key === key)?.text
  const table = rows.map((row) => {
    const values = compared.map((p) => cell(p, row.key))
    return { ...row, values, differs: new Set(values).size > 1 }
  })
  const differing = table.filter((r) => r.differs).length
  const shownRows = view.only ? table.filter((r) => r.differs) : table
  const addable = products.filter((p) => !view.slugs.includes(p.slug))

  return (
    <section className="compare finder-page container" aria-labelledby="compare-title">
      <p className="eyebrow">Comparison</p>
      <h1 id="compare-title">Compare products</h1>
      <noscript
        // biome-ignore lint/security/noDangerouslySetInnerHtml: fixed markup, no content
        dangerouslySetInnerHTML={{
          __html: `<p class="finder-note">The comparison needs JavaScript. Every product's facts are listed in the <a href="${CATALOGUE_PATH}">catalogue</a> and on its own page.</p>`,
        }}
      />
      {compared.length < 2 && (
        <p className="lead compare__prompt">
          Choose two to {MAX_COMPARED} products: tick “Compare” on them in the{' '}
          <a href={CATALOGUE_PATH}>catalogue</a>, or add them here.
        </p>
      )}
      {catalogue.failed && <CatalogueFailed retry={catalogue.retry} />}
      <div className="compare__controls">
        <label className="compare__add" htmlFor={addId}>
          <span>Add a product</span>
          <select
            ref={addSelect}
            className="finder-select"
            id={addId}
            value={pick}
            disabled={!ready || view.slugs.length >= MAX_COMPARED}
            onChange={(e) => setPick(e.target.value)}
          >
            <option value="">
              {view.slugs.length >= MAX_COMPARED ? `${MAX_COMPARED} chosen: remove one first` : 'Choose…'}
            </option>
            {categories.map((c) => (
              <optgroup key={c.id} label={c.name}>
                {addable
                  .filter((p) => p.category === c.id)
                  .map((p) => (
                    <option key={p.slug} value={p.slug}>
                      {p.name}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn--outline compare__add-button"
          disabled={!ready || !pick || view.slugs.length >= MAX_COMPARED}
          onClick={() => {
            change([...view.slugs, pick], view.only)
            setPick('')
          }}
        >
          Add
        </button>
        {compared.length >= 2 && (
          <label className="compare__only">
            <input
              type="checkbox"
              checked={view.only}
              onChange={(e) => change(view.slugs, e.target.checked)}
            />
            Only differences ({differing} of {table.length} rows)
          </label>
        )}
      </div>
      {compared.length > 0 && (
        // The table may be wider than a phone: it scrolls inside this region, never the page.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        <section className="compare__scroll" aria-labelledby={captionId} tabIndex={0}>
          <table className="compare__table">
            <caption id={captionId}>
              Side by side: {differing} of {table.length} facts differ
              {view.only ? ' (only these are shown)' : ''}
            </caption>
            <thead>
              <tr>
                <td className="compare__corner" />
                {compared.map((p) => (
                  <th key={p.slug} scope="col">
                    <a className="compare__name" href={`/products/${p.slug}`}>
                      {p.name}
                    </a>
                    <span className="compare__actions">
                      <a className="compare__enquire" href={`/productenquiry/${p.slug}`}>
                        Enquire<span className="visually-hidden"> about {p.name}</span>
                      </a>
                      <button
                        type="button"
                        className="compare__remove"
                        onClick={() => {
                          // This button goes with its column: focus goes where another one is added,
                          // once that select is enabled again.
                          flushSync(() =>
                            change(
                              view.slugs.filter((s) => s !== p.slug),
                              view.only,
                            ),
                          )
                          addSelect.current?.focus()
                        }}
                      >
                        Remove<span className="visually-hidden"> {p.name}</span>
                      </button>
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shownRows.map((row) => (
                <tr key={row.key} className={row.differs ? 'compare__differs' : undefined}>
                  <th scope="row">
                    {row.label}
                    {row.differs && <span className="compare__mark"> differs</span>}
                  </th>
                  {row.values.map((v, i) => (
                    <td key={compared[i]?.slug}>
                      {v ?? (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="visually-hidden">not stated</span>
                        </>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  )
}
