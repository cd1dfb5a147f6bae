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

/** What is wrong with a fact as written, and what to write instead. */
export interface FactProblem {
  message: string
  hint: string
}

type Parsed = { value: FactValue } | { problem: FactProblem }

const NUMBER = '[+\\-\u2212]?\\d+(?:\\.\\d+)?'
const RANGE = new RegExp(`^(${NUMBER})(?:\\s+to\\s+(${NUMBER}))?(?:\\s*(.*?))?$`)
const COUNT = new RegExp(`^(${NUMBER})(?:\\s*(.*?))?$`)

const toNumber = (text: string) => Number(text.replace('\u2212', '-'))
const quoted = (raw: unknown) => (typeof raw === 'string' ? `"${raw}"` : JSON.stringify(raw))

/** A value of the fact written right: for hints, and for the placeholders `site new product` writes. */
export function factSample(fact: FactDeclaration): string {
  const unit = fact.unit ? ` ${fact.unit}` : ''
  switch (fact.type) {
    case 'count':
      return `16${unit}`
    case 'range':
      return `-40 to +75${unit}`
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
    problem: {
      message: `${fact.label} is ${what}; ${quoted(raw)} is not.`,
      hint: `write it as \`${factExample(fact)}\`.`,
    },
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
            problem: {
              message: `"${item}" is not one of the values ${fact.label} takes: ${choices.join(', ')}.`,
              hint: `write one of them${guess(closest(item, choices))}; a new value goes into content/categories.yaml first.`,
            },
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
          problem: {
            message: `${fact.label} runs from ${min} down to ${max}: the lower end comes first.`,
            hint: `write \`${fact.key}: ${max} to ${min}${fact.unit ? ` ${fact.unit}` : ''}\`.`,
          },
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
): { numbers: number[] } | { problem: FactProblem } {
  const example = factExample(fact)
  const kind = fact.type === 'range' ? 'a range' : 'a whole number'
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : undefined
  const match = text === undefined ? null : pattern.exec(text)
  if (!match)
    return {
      problem: {
        message: `${fact.label} is ${kind}${fact.unit ? ` in ${fact.unit}` : ''}; ${quoted(raw)} is not.`,
        hint: `write it as \`${example}\`.`,
      },
    }
  const numbers = match
    .slice(1, -1)
    .filter((n) => n !== undefined)
    .map(toNumber)
  const unit = (match[match.length - 1] ?? '').trim()
  if (fact.unit && unit === '')
    return {
      problem: {
        message: `${fact.label} is measured in ${fact.unit}, and ${quoted(raw)} gives no unit.`,
        hint: `write the unit after the number, e.g. \`${example}\`.`,
      },
    }
  if (unit !== (fact.unit ?? ''))
    return {
      problem: {
        message: fact.unit
          ? `${fact.label} is measured in ${fact.unit}, not ${unit}.`
          : `${fact.label} is a plain number; "${unit}" is not part of it.`,
        hint: fact.unit
          ? `give it in ${fact.unit}: \`${fact.key}: ${numbers.join(' to ')} ${fact.unit}\` if the figure already is, or convert it.`
          : `write just the number: \`${fact.key}: ${numbers.join(' to ')}\`.`,
      },
    }
  return { numbers }
}

const guess = (word: string | undefined) => (word ? `, probably "${word}"` : '')

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
