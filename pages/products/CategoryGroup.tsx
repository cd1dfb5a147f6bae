import { memo, useEffect, useRef, useState } from 'react'
import { Picture } from '../../components/Picture.tsx'
import { CATALOGUE_STEP, MAX_COMPARED } from '../../model/compare.ts'
import type { Data } from './+data.ts'

type Category = Data['categories'][number]
type Product = Data['products'][number]

interface CategoryGroupProps {
  category: Category
  /** The products the page has: all of them, or in a large catalogue before it loads, the first few. */
  products: readonly Product[]
  /** The products the filters let through, by slug; null until the whole catalogue is there. */
  shown: ReadonlySet<string> | null
  /** How many of the category's matches to list (usePaging). */
  cap: number
  /** How many products the category has in all. */
  size: number
  /** A small catalogue keeps every card and hides those it does not list. */
  carriesAll: boolean
  /** A category is chosen: "Show more" adds a step of it, rather than choosing this one. */
  stepping: boolean
  chosen: readonly string[]
  ready: boolean
  onToggle: (slug: string) => void
  onMore: () => void
}

/**
 * One category of the catalogue: its heading and summary, the cards of its products that match
 * (hidden when none does), and, when some are not listed yet, a button that shows more of them and
 * gives the first one it brought in the focus, as the button may go away.
 */
export function CategoryGroup(props: CategoryGroupProps) {
  const { category: c, products, shown, cap, carriesAll, chosen, ready, onToggle } = props
  const list = useRef<HTMLUListElement>(null)
  const [focusNext, setFocusNext] = useState<string | null>(null)
  useEffect(() => {
    if (!focusNext) return
    list.current?.querySelector<HTMLElement>(`a[href="/products/${CSS.escape(focusNext)}"]`)?.focus()
    setFocusNext(null)
  }, [focusNext])

  const members = products.filter((p) => p.category === c.id)
  const matching = shown ? members.filter((p) => shown.has(p.slug)) : members
  const listed = new Set(matching.slice(0, cap).map((p) => p.slug))
  const rest = (shown ? matching.length : props.size) - listed.size
  return (
    <section className="finder__group" aria-labelledby={`group-${c.id}`} hidden={!matching.length}>
      <h2 id={`group-${c.id}`}>{c.name}</h2>
      <p className="finder__summary">{c.summary}</p>
      <ul className="finder__list" ref={list}>
        {/* A small catalogue keeps every card and hides those that do not match; a large one renders
            only those it lists. */}
        {(carriesAll ? members : members.filter((p) => listed.has(p.slug))).map((p) => (
          <ProductCard
            key={p.slug}
            product={p}
            hidden={!listed.has(p.slug)}
            checked={chosen.includes(p.slug)}
            disabled={!ready || (!chosen.includes(p.slug) && chosen.length >= MAX_COMPARED)}
            onToggle={onToggle}
          />
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
              props.onMore()
            }}
          >
            {props.stepping
              ? `Show ${Math.min(rest, CATALOGUE_STEP)} more of ${rest}`
              : `Show all ${listed.size + rest} ${c.name} products`}
          </button>
        </p>
      )}
    </section>
  )
}

/**
 * A product's card: picture, name linked to its page, summary, facts, and its Compare checkbox.
 * Memoized: a filter or a tick changes a few cards' `hidden` or `checked`, and the rest are not
 * rendered again (their props are the same product, booleans and the page's one `onToggle`).
 */
const ProductCard = memo(function ProductCard({
  product: p,
  hidden,
  checked,
  disabled,
  onToggle,
}: {
  product: Product
  hidden: boolean
  checked: boolean
  disabled: boolean
  onToggle: (slug: string) => void
}) {
  return (
    <li className="finder-card" hidden={hidden}>
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
        <input type="checkbox" checked={checked} disabled={disabled} onChange={() => onToggle(p.slug)} />
        Compare<span className="visually-hidden"> {p.name}</span>
      </label>
    </li>
  )
})
