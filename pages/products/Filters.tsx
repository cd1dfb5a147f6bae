import { useId, useRef, useState } from 'react'
import { EMPTY, type FinderState, type Wanted, withFact } from '../../components/finder/filters.ts'
import type { Data } from './+data.ts'

type Filter = Data['shared'][number]

const MINUS = '\u2212'
const show = (n: number, unit: string | undefined, signed = false) =>
  `${n < 0 ? `${MINUS}${-n}` : signed && n > 0 ? `+${n}` : n}${unit ? ` ${unit}` : ''}`

/**
 * The filter form: a category, then the filters of its facts (or, for all categories, the facts they
 * share). Counts and ranges are two selects, booleans checkboxes, choices a group of checkboxes. Every
 * control is labelled; until the page has hydrated the form is disabled, as it could not act yet.
 *
 * On a screen too narrow for the filters beside the list (under 900 px, Catalogue.css), the filters
 * fold away behind a "Filter" button that says how many are set, so the list starts in the first
 * screen; "Show N products" at the end of the open panel folds it again and returns to the list. The
 * fold is CSS from the first paint (no shift when the page hydrates); on a wide screen neither
 * button shows and the filters are always open.
 */
export function Filters({
  categories,
  sizes,
  total,
  matching,
  active,
  state,
  ready,
  onChange,
  describedBy,
}: {
  categories: Data['categories']
  /** How many products each category has, by id, and in all. */
  sizes: Data['sizes']
  total: number
  /** How many products the filters let through now. */
  matching: number
  active: readonly Filter[]
  state: FinderState
  ready: boolean
  onChange: (state: FinderState) => void
  describedBy: string
}) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const first = useRef<HTMLInputElement>(null)
  const setFact = (key: string, wanted: Wanted | undefined) => onChange(withFact(state, key, wanted))
  const inUse = Object.keys(state.facts).length + (state.category === null ? 0 : 1)
  return (
    <form
      className={open ? 'finder__filters is-open' : 'finder__filters'}
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => e.preventDefault()}
    >
      <h2 id={`${id}-title`} className="finder__filters-title">
        {/* One of the two shows, by the screen's width: the other is out of the accessibility tree too. */}
        <span className="finder__filters-label">Filter</span>
        <button
          ref={toggle}
          type="button"
          className="finder__filters-toggle"
          aria-expanded={open}
          aria-controls={`${id}-filters`}
          disabled={!ready}
          onClick={() => setOpen(!open)}
        >
          Filter{inUse > 0 && <span className="finder__n"> ({inUse} active)</span>}
        </button>
      </h2>
      <fieldset
        id={`${id}-filters`}
        className="finder__fieldset"
        disabled={!ready}
        aria-describedby={describedBy}
      >
        <fieldset className="finder__group-choice">
          <legend>Category</legend>
          {[{ id: '', name: 'All categories' }, ...categories].map((c) => (
            <label key={c.id} className="finder__chip">
              <input
                ref={c.id ? undefined : first}
                type="radio"
                name={`${id}-category`}
                value={c.id}
                checked={(state.category ?? '') === c.id}
                // A new category has other facts: its filters start empty.
                onChange={() => onChange({ ...EMPTY, category: c.id || null })}
              />
              <span>
                {c.name} <span className="finder__n">({c.id ? (sizes[c.id] ?? 0) : total})</span>
              </span>
            </label>
          ))}
        </fieldset>
        {active.map((f) => (
          <FactControl
            key={f.key}
            filter={f}
            wanted={state.facts[f.key]}
            onChange={(w) => setFact(f.key, w)}
          />
        ))}
        <button
          type="button"
          className="finder__reset"
          disabled={inUse === 0}
          onClick={() => {
            // The button disables itself: the focus goes to the first filter, "All categories".
            onChange(EMPTY)
            first.current?.focus()
          }}
        >
          Clear all filters
        </button>
        <button
          type="button"
          className="finder__filters-done btn btn--accent"
          onClick={() => {
            setOpen(false)
            toggle.current?.focus()
          }}
        >
          Show {matching} {matching === 1 ? 'product' : 'products'}
        </button>
      </fieldset>
    </form>
  )
}

function FactControl({
  filter,
  wanted,
  onChange,
}: {
  filter: Filter
  wanted: Wanted | undefined
  onChange: (wanted: Wanted | undefined) => void
}) {
  const id = useId()
  if (filter.type === 'boolean')
    return (
      <label className="finder__toggle">
        <input
          type="checkbox"
          checked={Boolean(wanted && 'on' in wanted)}
          onChange={(e) => onChange(e.target.checked ? { on: true } : undefined)}
        />
        {filter.label}
      </label>
    )
  if (filter.type === 'choice') {
    const any = wanted && 'any' in wanted ? wanted.any : []
    return (
      <fieldset className="finder__fact">
        <legend>{filter.label}</legend>
        {filter.options.map((option) => (
          <label key={String(option)} className="finder__chip">
            <input
              type="checkbox"
              checked={any.includes(String(option))}
              onChange={(e) =>
                onChange({
                  any: e.target.checked ? [...any, String(option)] : any.filter((v) => v !== option),
                })
              }
            />
            {option}
          </label>
        ))}
      </fieldset>
    )
  }
  const range = wanted && 'min' in wanted ? wanted : wanted && 'max' in wanted ? wanted : {}
  const isRange = filter.type === 'range'
  const lows = filter.options.map(Number)
  const highs = isRange ? (filter.highs ?? []) : lows
  const set = (end: 'min' | 'max', text: string) => {
    const next: { min?: number; max?: number } = { ...range }
    if (text === '') delete next[end]
    else next[end] = Number(text)
    onChange(next)
  }
  const select = (end: 'min' | 'max', label: string, values: readonly number[]) => (
    <label className="finder__end" htmlFor={`${id}-${end}`}>
      <span>{label}</span>
      <select
        className="finder-select"
        id={`${id}-${end}`}
        value={range[end] ?? ''}
        onChange={(e) => set(end, e.target.value)}
      >
        <option value="">Any</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {show(v, filter.unit, isRange && end === 'max' && lows.some((l) => l < 0))}
          </option>
        ))}
      </select>
    </label>
  )
  return (
    <fieldset className="finder__fact">
      <legend>{filter.label}</legend>
      <div className="finder__ends">
        {isRange ? select('min', 'Works down to', lows) : select('min', 'At least', lows)}
        {isRange ? select('max', 'Works up to', highs) : select('max', 'At most', highs)}
      </div>
    </fieldset>
  )
}
