import type { TSchema } from '@sinclair/typebox'
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import type { Problem } from '../../lib/errors.ts'
import type { LocatedYaml } from './locate.ts'

const ajv = new Ajv({ allErrors: true, verbose: true, strict: false })
addFormats.default(ajv)
const compiled = new WeakMap<TSchema, ValidateFunction>()

/** Checks `data` against `schema` and returns every problem, located in the YAML source. */
export function schemaProblems(schema: TSchema, file: string, yaml: LocatedYaml, data: unknown): Problem[] {
  let validate = compiled.get(schema)
  if (!validate) {
    validate = ajv.compile(schema)
    compiled.set(schema, validate)
  }
  if (validate(data)) return []
  const problems = dedupe(validate.errors ?? []).map((error) => toProblem(error, file, yaml))
  // A misspelt field is one mistake: "unknown `nmae`, did you mean `name`?" already says the required
  // `name` is missing, so that second problem goes.
  const renamed = new Set(
    problems
      .filter((p) => p.code === 'unknown-field' && p.guess)
      .map((p) => `${parentOf(p.path)}/${p.guess}`),
  )
  return problems
    .filter((p) => !(p.code === 'missing-field' && renamed.has(p.path)))
    .map(({ guess: _guess, ...p }) => p)
}

const parentOf = (pointer: string) => pointer.slice(0, pointer.lastIndexOf('/'))

/** What a pattern asks for, in words, with an example: ajv's "must match pattern ..." helps nobody. */
const PATTERNS: Record<string, { expected: string; example: string }> = {
  '\\S': { expected: 'some text (not only spaces)', example: 'write the text after the colon' },
  '^[A-Za-z0-9][A-Za-z0-9_./-]*\\.(svg|png|jpe?g|webp)$': {
    expected: 'a path under content/images/ ending in .svg, .png, .jpg or .webp',
    example: 'e.g. `products/szephyr/hero.svg` (no leading slash, no spaces)',
  },
  '^[a-z0-9][a-z0-9_.-]*[a-z0-9]$': {
    expected: 'a slug of lower-case letters, digits, "_", "." and "-"',
    example: 'e.g. `smartplug2`',
  },
  '^https?://[^\\s]+$': {
    expected: 'an address starting with http:// or https://',
    example: 'e.g. `https://www.example.com/page`',
  },
  '^[A-Za-z0-9_]+$': { expected: 'letters, digits and "_" only', example: 'e.g. `EmbeddedPC`' },
}

/** ajv reports a failed `anyOf` and each branch; keep the most specific message per field. */
function dedupe(errors: ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>()
  return errors.filter((e) => {
    const key = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function toProblem(error: ErrorObject, file: string, yaml: LocatedYaml): Problem & { guess?: string } {
  const description = (error.parentSchema as { description?: string } | undefined)?.description ?? ''
  const found = describeValue(error.data)
  const base = { file, path: error.instancePath }
  const at = (pointer: string, key?: string) => yaml.locate(pointer, key ? { key } : {})
  switch (error.keyword) {
    case 'required': {
      const field = String((error.params as { missingProperty: string }).missingProperty)
      const fieldSchema = (error.parentSchema as { properties?: Record<string, { description?: string }> })
        .properties?.[field]
      return {
        ...base,
        ...at(error.instancePath),
        path: `${error.instancePath}/${field}`,
        code: 'missing-field',
        message: `Missing required field \`${field}\`.`,
        hint: `add \`${field}:\`${fieldSchema?.description ? ` with ${lowerFirst(fieldSchema.description)}` : '.'}`,
      }
    }
    case 'additionalProperties': {
      const field = String((error.params as { additionalProperty: string }).additionalProperty)
      const allowed = Object.keys((error.parentSchema as { properties?: object }).properties ?? {})
      const guess = closest(field, allowed)
      return {
        ...base,
        ...at(error.instancePath, field),
        path: `${error.instancePath}/${field}`,
        code: 'unknown-field',
        ...(guess ? { guess } : {}),
        message: `Unknown field \`${field}\`.`,
        hint: guess
          ? `did you mean \`${guess}\`? Rename it, or remove it.`
          : `remove it; the fields here are ${allowed.map((a) => `\`${a}\``).join(', ')}.`,
      }
    }
    case 'type': {
      const expected = String((error.params as { type: string }).type)
      return {
        ...base,
        ...at(error.instancePath),
        code: 'wrong-type',
        message: `Expected ${article(expected)}, got ${found}.`,
        // YAML reads `2.10` as the number 2.1 and `1.0` as 1: text that looks like a number needs quotes.
        hint:
          expected === 'string' && (typeof error.data === 'number' || typeof error.data === 'boolean')
            ? `put it in quotes so it stays text as written, e.g. \`"${yaml.text(error.instancePath) ?? String(error.data)}"\`.`
            : typeHint(expected),
      }
    }
    case 'enum': {
      const allowed = (error.params as { allowedValues: unknown[] }).allowedValues.map(String)
      return {
        ...base,
        ...at(error.instancePath),
        code: 'not-allowed',
        message: `Expected one of ${allowed.join(', ')}; got ${found}.`,
        hint: (() => {
          const guess = typeof error.data === 'string' ? closest(error.data, allowed) : undefined
          return guess ? `did you mean \`${guess}\`?` : `write one of: ${allowed.join(', ')}.`
        })(),
      }
    }
    case 'minLength':
    case 'maxLength': {
      const limit = (error.params as { limit: number }).limit
      const length = typeof error.data === 'string' ? error.data.length : 0
      const tooShort = error.keyword === 'minLength'
      return {
        ...base,
        ...at(error.instancePath),
        code: tooShort ? 'too-short' : 'too-long',
        message: tooShort
          ? `Too short: ${length} characters, at least ${limit}.`
          : `Too long: ${length} characters, at most ${limit}.`,
        hint: description || (tooShort ? 'write more.' : 'shorten it.'),
      }
    }
    case 'minItems':
    case 'maxItems': {
      const limit = (error.params as { limit: number }).limit
      const count = Array.isArray(error.data) ? error.data.length : 0
      const tooFew = error.keyword === 'minItems'
      return {
        ...base,
        ...at(error.instancePath),
        code: tooFew ? 'too-few' : 'too-many',
        message: `${tooFew ? 'Too few' : 'Too many'} entries: ${count}, ${tooFew ? 'at least' : 'at most'} ${limit}.`,
        hint: description || (tooFew ? 'add entries.' : 'remove entries.'),
      }
    }
    case 'pattern':
    case 'format': {
      const known = PATTERNS[String((error.params as { pattern?: string }).pattern)]
      return {
        ...base,
        ...at(error.instancePath),
        code: 'bad-format',
        message: known
          ? `Expected ${known.expected}; got ${found}.`
          : `This value does not have the expected form: ${found}.`,
        hint: known
          ? `write ${known.expected}, ${known.example}.`
          : description ||
            `it must match ${String((error.params as { pattern?: string }).pattern ?? error.params)}.`,
      }
    }
    case 'minimum':
    case 'maximum':
      return {
        ...base,
        ...at(error.instancePath),
        code: 'out-of-range',
        message: `Out of range: ${found}, ${error.message ?? ''}.`,
        hint: description || 'use a number in range.',
      }
    default:
      return {
        ...base,
        ...at(error.instancePath),
        code: error.keyword,
        message: `Invalid value ${found}: ${error.message ?? 'does not match the schema'}.`,
        hint: description || 'see the schema in content/schemas/.',
      }
  }
}

/** Names a value the way an editor sees it in YAML. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing (an empty value)'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'a group of fields'
  if (typeof value === 'string') return `the text "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`
  if (typeof value === 'boolean') return `${value} (yes/no)`
  return `the number ${String(value)}`
}

function article(type: string): string {
  const names: Record<string, string> = {
    string: 'a string',
    array: 'a list',
    object: 'a group of fields',
    integer: 'a whole number',
    number: 'a number',
    boolean: 'true or false',
  }
  return names[type] ?? type
}

function typeHint(expected: string): string {
  switch (expected) {
    case 'string':
      return 'write it as text on one line; put it in quotes if it starts with [, { or - or contains ": ".'
    case 'array':
      return 'write a list: one entry per line, each starting with "- ".'
    case 'object':
      return 'write indented `field: value` lines under it.'
    default:
      return `write ${article(expected)}.`
  }
}

/** `Some text.` → `some text.` (for descriptions that continue a sentence). */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1)
}

/** The allowed name nearest to a typo, if it is close enough to be a likely slip. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1
  for (const candidate of candidates) {
    const d = distance(word.toLowerCase(), candidate.toLowerCase())
    if (d < bestDistance) {
      best = candidate
      bestDistance = d
    }
  }
  return best
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] ?? 0
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] ?? 0
      row[j] = Math.min((row[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1))
      previous = current
    }
  }
  return row[b.length] ?? 0
}
