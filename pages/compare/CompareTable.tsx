import { useId } from 'react'
import type { Data } from './+data.ts'

type Product = Data['products'][number]

/** One fact across the compared products: its value for each (undefined: not stated), and whether they differ. */
export interface CompareRow {
  key: string
  label: string
  values: (string | undefined)[]
  differs: boolean
}

/**
 * The table's rows: the category, then every fact any of the products gives, in the order the first
 * one's category declares them.
 */
export function compareRows(compared: readonly Product[], categories: Data['categories']): CompareRow[] {
  const rows: { key: string; label: string }[] = [{ key: 'category', label: 'Category' }]
  for (const p of compared)
    for (const r of p.rows)
      if (!rows.some((row) => row.key === r.key)) rows.push({ key: r.key, label: r.label })
  const categoryName = (id: string) => categories.find((c) => c.id === id)?.name ?? id
  const cell = (p: Product, key: string) =>
    key === 'category' ? categoryName(p.category) : p.rows.find((r) => r.key === key)?.text
  return rows.map((row) => {
    const values = compared.map((p) => cell(p, row.key))
    return { ...row, values, differs: new Set(values).size > 1 }
  })
}

interface CompareTableProps {
  compared: readonly Product[]
  rows: readonly CompareRow[]
  /** Only the rows that differ are shown. */
  only: boolean
  onRemove: (slug: string) => void
}

/**
 * The comparison as a real table: a column header per product (its page, its enquiry, Remove), a row
 * header per fact, each row that differs marked in words as well as colour. It may be wider than a
 * phone: it scrolls inside its own region, never the page.
 */
export function CompareTable({ compared, rows, only, onRemove }: CompareTableProps) {
  const captionId = useId()
  const differing = rows.filter((r) => r.differs).length
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="compare__scroll" aria-labelledby={captionId} tabIndex={0}>
      <table className="compare__table">
        <caption id={captionId}>
          Side by side: {differing} of {rows.length} facts differ
          {only ? ' (only these are shown)' : ''}
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
                  <button type="button" className="compare__remove" onClick={() => onRemove(p.slug)}>
                    Remove<span className="visually-hidden"> {p.name}</span>
                  </button>
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(only ? rows.filter((r) => r.differs) : rows).map((row) => (
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
  )
}
