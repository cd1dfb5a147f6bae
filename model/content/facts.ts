import { type Finding, finding, PROBLEMS } from '../../lib/problems.ts'
import { closest } from './schema-problems.ts'
import type { Category, FactDeclaration } from './schemas/categories.ts'

/**
 * A product's fact, read: what filters and comparisons work on. A count made in variants (a power
 * supply of 5, 10 or 20 A) holds each; a choice holds every value that applies (DIN rail and wall).
 */
export type FactValue =
  | { type: 'count'; values: number[] }
  | { type: 'range'; min: number; max: number }
  | { type: 'boolean'; value: boolean }
  | { type: 'choice'; values: string[] }

type Parsed = { value: FactValue } | { problem: Finding }

const NUMBER = '[+\\-\u2212]?\\d+(?:\\.\\d+)?'
const RANGE = new RegExp(`^(${NUMBER})(?:\\s+to\\s+(${NUMBER}))?(?:\\s*(.*?))?$`)
const COUNT = new RegExp(`^(${NUMBER})(?:\\s*(.*?))?$`)

const toNumber = (text: string) => Number(text.replace('\u2212', '-'))

/**
 * Plausible figures by unit, for examples: a power input of "-40 to +75 V DC" reads as a mistake. A
 * unit not listed gets a neutral figure.
 */
const RANGE_SAMPLES: Record<string, string> = {
  '°C': '-40 to +75',
  'V DC': '9 to 36',
  'V AC': '85 to 264',
  MHz: '406 to 470',
}
const COUNT_SAMPLES: Record<string, string> = { W: '30', A: '16', 'V DC': '24', VRMS: '2500' }

/** A value of the fact written right: for hints, and for the placeholders `site new product` writes. */
export function factSample(fact: FactDeclaration): string {
  const unit = fact.unit ? ` ${fact.unit}` : ''
  switch (fact.type) {
    case 'count':
      return `${COUNT_SAMPLES[fact.unit ?? ''] ?? '16'}${unit}`
    case 'range':
      return `${RANGE_SAMPLES[fact.unit ?? ''] ?? '10 to 20'}${unit}`
    case 'boolean':
      return 'true'
    case 'choice':
      return fact.choices?.[0] ?? 'one of its choices'
  }
}

/** An example of the fact written right, with its key, for hints. */
export function factExample(fact: FactDeclaration): string {
  const [first, second] = fact.type === 'choice' ? (fact.choices ?? []) : []
  return `${fact.key}: ${factSample(fact)}${second ? `  (or several: [${first}, ${second}])` : ''}`
}

/** Reads one fact as its category declares it; a problem says what is wrong in the editor's terms. */
export function parseFact(fact: FactDeclaration, raw: unknown): Parsed {
  const wrongType = (what: string): Parsed => ({
    problem: finding(PROBLEMS.FactWrongKind, { label: fact.label, what, raw, example: factExample(fact) }),
  })
  switch (fact.type) {
    case 'boolean':
      return typeof raw === 'boolean'
        ? { value: { type: 'boolean', value: raw } }
        : wrongType('true or false')
    case 'choice': {
      const list = Array.isArray(raw) ? raw : [raw]
      const choices = fact.choices ?? []
      for (const item of list) {
        if (typeof item !== 'string') return wrongType(`one or more of ${choices.join(', ')}`)
        if (!choices.includes(item))
          return {
            problem: finding(PROBLEMS.FactNotAChoice, {
              label: fact.label,
              item,
              choices,
              guess: closest(item, choices),
            }),
          }
      }
      return { value: { type: 'choice', values: [...new Set(list as string[])] } }
    }
    case 'count': {
      const list = Array.isArray(raw) ? raw : [raw]
      const values: number[] = []
      for (const item of list) {
        const read = quantity(fact, item, COUNT)
        if ('problem' in read) return read
        const [n] = read.numbers
        if (n === undefined || !Number.isInteger(n) || n < 0) return wrongType('a whole number, 0 or more')
        values.push(n)
      }
      return { value: { type: 'count', values: [...new Set(values)].sort((a, b) => a - b) } }
    }
    case 'range': {
      if (Array.isArray(raw))
        return wrongType(`a range such as "-40 to +75${fact.unit ? ` ${fact.unit}` : ''}"`)
      const read = quantity(fact, raw, RANGE)
      if ('problem' in read) return read
      const [min = 0, max = min] = read.numbers
      if (min > max)
        return {
          problem: finding(PROBLEMS.FactRangeBackwards, {
            label: fact.label,
            key: fact.key,
            min,
            max,
            unit: fact.unit ?? '',
          }),
        }
      return { value: { type: 'range', min, max } }
    }
  }
}

/** The numbers of a count or range and a check of its unit. */
function quantity(
  fact: FactDeclaration,
  raw: unknown,
  pattern: RegExp,
): { numbers: number[] } | { problem: Finding } {
  const example = factExample(fact)
  const kind = fact.type === 'range' ? 'a range' : 'a whole number'
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : undefined
  const match = text === undefined ? null : pattern.exec(text)
  if (!match)
    return {
      problem: finding(PROBLEMS.FactNotANumber, {
        label: fact.label,
        kind,
        unit: fact.unit ?? '',
        raw,
        example,
      }),
    }
  const numbers = match
    .slice(1, -1)
    .filter((n) => n !== undefined)
    .map(toNumber)
  const unit = (match[match.length - 1] ?? '').trim()
  if (fact.unit && unit === '')
    return {
      problem: finding(PROBLEMS.FactWithoutUnit, { label: fact.label, unit: fact.unit, raw, example }),
    }
  if (unit !== (fact.unit ?? ''))
    return {
      problem: finding(PROBLEMS.FactWrongUnit, {
        label: fact.label,
        key: fact.key,
        unit: fact.unit ?? '',
        written: unit,
        numbers,
      }),
    }
  return { numbers }
}

const MINUS = '\u2212'
const signed = (n: number, plus: boolean) => (n < 0 ? `${MINUS}${-n}` : plus && n > 0 ? `+${n}` : String(n))

/** How a fact reads in tables and lists: "16", "30 W", "−40 to +75 °C", "Yes", "DIN rail, Wall". */
export function formatFact(fact: Pick<FactDeclaration, 'unit'>, value: FactValue): string {
  const unit = fact.unit ? ` ${fact.unit}` : ''
  switch (value.type) {
    case 'boolean':
      return value.value ? 'Yes' : 'No'
    case 'choice':
      return value.values.join(', ')
    case 'count': {
      const all = value.values.map(String)
      const last = all.pop()
      return `${all.length ? `${all.join(', ')} or ` : ''}${last}${unit}`
    }
    case 'range': {
      if (value.min === value.max) return `${signed(value.min, false)}${unit}`
      const plus = value.min < 0
      return `${signed(value.min, false)} to ${signed(value.max, plus)}${unit}`
    }
  }
}

/** A category's address in the catalogue's filters: "Industrial networking" → `industrial-networking`. */
export function categoryId(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** One fact of a product as pages use it: its declaration, its value and how it reads. */
export interface ProductFact {
  key: string
  label: string
  type: FactDeclaration['type']
  unit?: string
  value: FactValue
  text: string
}

/**
 * A product's facts in the order its category declares them, leaving out those it does not give.
 * The content is validated before pages read it, so a fact that does not read is simply left out.
 */
export function productFacts(category: Category | undefined, facts: Record<string, unknown> | undefined) {
  const out: ProductFact[] = []
  for (const fact of category?.facts ?? []) {
    const raw = facts?.[fact.key]
    if (raw === undefined) continue
    const read = parseFact(fact, raw)
    if (!('value' in read)) continue
    out.push({
      key: fact.key,
      label: fact.label,
      type: fact.type,
      ...(fact.unit ? { unit: fact.unit } : {}),
      value: read.value,
      text: formatFact(fact, read.value),
    })
  }
  return out
}
