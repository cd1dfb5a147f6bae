import type { FactValue } from '../../model/content/facts.ts'

/** What a filter needs to know of a fact: how its values read and compare. */
export interface FilterFact {
  key: string
  type: 'count' | 'range' | 'boolean' | 'choice'
}

/**
 * What the buyer asked of one fact. A count between `min` and `max`; a range that reaches down to
 * `min` and up to `max` (works at −40 °C: `{ min: -40 }`); a boolean that holds; any of some choices.
 */
export type Wanted = { min?: number; max?: number } | { on: true } | { any: string[] }

/** The catalogue's filters: a category (null: all) and what is wanted of each fact. */
export interface FinderState {
  category: string | null
  facts: Record<string, Wanted>
}

export const EMPTY: FinderState = { category: null, facts: {} }

/** Whether a product's fact is what the buyer asked for; a product without the fact never matches. */
export function factMatches(type: FilterFact['type'], value: FactValue | undefined, wanted: Wanted): boolean {
  if (!value) return false
  if ('on' in wanted) return value.type === 'boolean' && value.value
  if ('any' in wanted) return value.type === 'choice' && value.values.some((v) => wanted.any.includes(v))
  const { min, max } = wanted
  if (type === 'range' && value.type === 'range')
    return (min === undefined || value.min <= min) && (max === undefined || value.max >= max)
  if (value.type === 'count')
    return value.values.some((v) => (min === undefined || v >= min) && (max === undefined || v <= max))
  return false
}

/** Whether a product matches the state, given the filters in force (its category's, or the shared ones). */
export function matches(
  product: { category: string; facts: Record<string, FactValue> },
  state: FinderState,
  active: readonly FilterFact[],
): boolean {
  if (state.category && product.category !== state.category) return false
  return active.every((f) => {
    const wanted = state.facts[f.key]
    return !wanted || isEmpty(wanted) || factMatches(f.type, product.facts[f.key], wanted)
  })
}

function isEmpty(wanted: Wanted): boolean {
  if ('on' in wanted) return false
  if ('any' in wanted) return wanted.any.length === 0
  return wanted.min === undefined && wanted.max === undefined
}

/** The state with one fact's wish replaced (or removed when empty). */
export function withFact(state: FinderState, key: string, wanted: Wanted | undefined): FinderState {
  const facts = { ...state.facts }
  if (wanted && !isEmpty(wanted)) facts[key] = wanted
  else delete facts[key]
  return { ...state, facts }
}

const number = (text: string | undefined) => {
  if (text === undefined || text.trim() === '') return undefined
  const n = Number(text)
  return Number.isFinite(n) ? n : undefined
}

/**
 * Reads the filters from a query string: `?category=industrial-networking&copperPorts=16..16&managed=yes
 * &operatingTemperature=-40..&mounting=Wall&mounting=Pole`. Keys it does not know and values that do not
 * read are ignored, so an old or hand-edited link still opens the catalogue.
 */
export function readSearch(search: string, facts: readonly FilterFact[]): FinderState {
  const params = new URLSearchParams(search)
  let state: FinderState = { category: params.get('category') || null, facts: {} }
  for (const fact of facts) {
    const all = params.getAll(fact.key)
    const first = all[0]
    if (first === undefined) continue
    if (fact.type === 'boolean') {
      if (first === 'yes') state = withFact(state, fact.key, { on: true })
    } else if (fact.type === 'choice') state = withFact(state, fact.key, { any: [...new Set(all)] })
    else {
      const [low, high] = first.split('..')
      const min = number(low)
      const max = number(high)
      state = withFact(state, fact.key, {
        ...(min === undefined ? {} : { min }),
        ...(max === undefined ? {} : { max }),
      })
    }
  }
  return state
}

/** The query string of a state ('' when nothing is chosen), the inverse of readSearch. */
export function writeSearch(state: FinderState): string {
  const params = new URLSearchParams()
  if (state.category) params.set('category', state.category)
  for (const [key, wanted] of Object.entries(state.facts)) {
    if ('on' in wanted) params.set(key, 'yes')
    else if ('any' in wanted) for (const v of wanted.any) params.append(key, v)
    else params.set(key, `${wanted.min ?? ''}..${wanted.max ?? ''}`)
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The products a comparison link names, known ones only, each once, at most `max`. */
export function readCompared(search: string, known: readonly string[], max: number): string[] {
  const list = (new URLSearchParams(search).get('products') ?? '').split(',').map((s) => s.trim())
  return [...new Set(list)].filter((slug) => known.includes(slug)).slice(0, max)
}
