// Product facts as content: each category declares its facts (content/categories.yaml), each product
// gives them, and `site validate` names every mistake at its file:line:col with a fix.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { formatProblems } from '../../lib/errors.ts'
import { categoryId, type FactValue, factSample, formatFact, parseFact, productFacts } from './facts.ts'
import { readContent } from './load.ts'
import type { FactDeclaration } from './schemas/categories.ts'

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')
const dirs: string[] = []

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

/** The problems `site validate` prints for a copy of the valid fixture after `edits` to its files. */
async function problemsAfter(edits: Record<string, [from: string | RegExp, to: string][]>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'site-facts-'))
  dirs.push(root)
  await cp(FIXTURE, root, { recursive: true })
  for (const [file, changes] of Object.entries(edits)) {
    const full = path.join(root, 'content', file)
    let text = await readFile(full, 'utf8')
    for (const [from, to] of changes) {
      const next = text.replace(from, to)
      if (next === text) throw new Error(`fixture edit did not apply to ${file}: ${String(from)}`)
      text = next
    }
    await writeFile(full, text)
  }
  const report = await readContent(path.join(root, 'content'), root)
  return formatProblems(report.problems)
}

const ALPHA = 'products/alpha.yaml'

describe('product facts in content', () => {
  it('reads the facts of a valid product in the order its category declares them', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'site-facts-'))
    dirs.push(root)
    await cp(FIXTURE, root, { recursive: true })
    const { content } = await readContent(path.join(root, 'content'), root)
    const alpha = content?.products[0]
    const facts = productFacts(
      content?.categories.find((c) => c.name === alpha?.category),
      alpha?.facts,
    )
    expect(facts.map((f) => [f.label, f.text])).toEqual([
      ['Ports', '8'],
      ['Operating temperature', '−20 to +60 °C'],
      ['Mounting', 'DIN rail'],
    ])
  })

  it('names an unknown fact, with the declared one its spelling is closest to', async () => {
    expect(
      await problemsAfter({ [ALPHA]: [['  ports: 8', '  ports: 8\n  manged: true']] }),
    ).toMatchInlineSnapshot(`
        "content/products/alpha.yaml:55:11  /facts/manged
          Test declares no fact "manged".
          Fix: write \`managed\`, the fact Test declares with a name like it.
        1 problem in 1 file."
      `)
  })

  it('refuses a wrong unit and a missing one, saying which unit the category measures in', async () => {
    expect(
      await problemsAfter({
        [ALPHA]: [
          ['  ports: 8', '  ports: 8\n  poePerPort: 30 mA'],
          ['-20 to +60 °C', '-20 to +60'],
        ],
      }),
    ).toMatchInlineSnapshot(`
      "content/products/alpha.yaml:55:15  /facts/poePerPort
        PoE per port is measured in W, not mA.
        Fix: give it in W: \`poePerPort: 30 W\` if the figure already is, or convert it.
      content/products/alpha.yaml:56:25  /facts/operatingTemperature
        Operating temperature is measured in °C, and "-20 to +60" gives no unit.
        Fix: write the unit after the number, e.g. \`operatingTemperature: -40 to +75 °C\`.
      2 problems in 1 file."
    `)
  })

  it('refuses a value of the wrong type, a reversed range and a value the choice does not offer', async () => {
    expect(
      await problemsAfter({
        [ALPHA]: [
          ['ports: 8', 'ports: eight'],
          ['-20 to +60 °C', '60 to -20 °C'],
          ['mounting: DIN rail', 'mounting: [DIN Rail, Wall]\n  managed: yes please'],
        ],
      }),
    ).toMatchInlineSnapshot(`
      "content/products/alpha.yaml:54:10  /facts/ports
        Ports is a whole number; "eight" is not.
        Fix: write it as \`ports: 16\`.
      content/products/alpha.yaml:55:25  /facts/operatingTemperature
        Operating temperature runs from 60 down to -20: the lower end comes first.
        Fix: write \`operatingTemperature: -20 to 60 °C\`.
      content/products/alpha.yaml:56:13  /facts/mounting
        "DIN Rail" is not one of the values Mounting takes: DIN rail, Wall.
        Fix: write one of them, probably "DIN rail"; a new value goes into content/categories.yaml first.
      content/products/alpha.yaml:57:12  /facts/managed
        Managed is true or false; "yes please" is not.
        Fix: write it as \`managed: true\`.
      4 problems in 1 file."
    `)
  })

  it('names each fact the category requires that a product does not give', async () => {
    expect(await problemsAfter({ [ALPHA]: [['  ports: 8\n', '']] })).toMatchInlineSnapshot(`
      "content/products/alpha.yaml:54:3  /facts
        Every Test product gives "Ports" (\`ports\`); this one does not.
        Fix: add it under \`facts:\`, e.g. \`ports: 16\`.
      1 problem in 1 file."
    `)
  })

  it('refuses a category that is not declared, suggesting the one written differently', async () => {
    expect(await problemsAfter({ [ALPHA]: [['category: Test', 'category: test']] })).toMatchInlineSnapshot(`
      "content/products/alpha.yaml:2:11  /category
        There is no category "test" in content/categories.yaml.
        Fix: write it as it is declared: \`category: Test\`.
      1 problem in 1 file."
    `)
  })

  it('refuses a free-text specification row that says again what a fact says', async () => {
    expect(await problemsAfter({ [ALPHA]: [['label: Rating', 'label: Ports']] })).toMatchInlineSnapshot(`
      "content/products/alpha.yaml:36:12  /specifications/0/label
        The specification "Ports" says again what the fact \`ports\` says; the table shows the fact already.
        Fix: delete this row, or give it another label if it adds detail the fact lacks.
      1 problem in 1 file."
    `)
  })

  it('checks the declarations: choices only on choices, a unit on every range, shared keys declared alike', async () => {
    expect(
      await problemsAfter({
        'categories.yaml': [
          ['type: choice, choices: [DIN rail, Wall] }', 'type: choice }'],
          ['type: range, unit: °C, required: true }', 'type: range, required: true, choices: [Hot] }'],
          [
            /$/,
            '  - name: Other\n    summary: Another.\n    facts:\n      - { key: ports, label: Ports, type: count, unit: W }\n',
          ],
        ],
      }),
    ).toMatchInlineSnapshot(`
      "content/categories.yaml:8:9  /categories/0/facts/2
        Operating temperature is a range but has no \`unit\`.
        Fix: add its unit, e.g. \`unit: °C\`.
      content/categories.yaml:8:106  /categories/0/facts/2/choices
        Operating temperature is a range, which takes no \`choices\`.
        Fix: delete the choices, or make it \`type: choice\`.
      content/categories.yaml:10:9  /categories/0/facts/4
        Mounting is a choice but lists no \`choices\`.
        Fix: add \`choices: [First, Second]\`, or choose another type.
      content/categories.yaml:14:9  /categories/1/facts/0
        "ports" is a count in W here but a count in Test; the catalogue filters by it across both.
        Fix: declare it alike in both, or give one of them another key.
      4 problems in 1 file."
    `)
  })
})

describe('reading and showing a fact', () => {
  const fact = (type: FactDeclaration['type'], extra: Partial<FactDeclaration> = {}): FactDeclaration => ({
    key: 'x',
    label: 'X',
    type,
    ...extra,
  })
  const read = (declared: FactDeclaration, raw: unknown) => {
    const parsed = parseFact(declared, raw)
    return 'value' in parsed ? parsed.value : parsed.problem.message
  }

  it('writes examples with figures that fit the unit (a power input of -40 to +75 V DC reads as a mistake)', () => {
    const sample = (type: FactDeclaration['type'], unit?: string) =>
      factSample({ key: 'x', label: 'X', type, ...(unit ? { unit } : {}) })
    expect(sample('range', 'V DC')).toBe('9 to 36 V DC')
    expect(sample('range', 'V AC')).toBe('85 to 264 V AC')
    expect(sample('range', '°C')).toBe('-40 to +75 °C')
    expect(sample('range', 'mm')).toBe('10 to 20 mm')
    expect(sample('count', 'A')).toBe('16 A')
    expect(sample('count')).toBe('16')
    // Each reads back as a value of its fact.
    for (const unit of ['V DC', 'V AC', '°C', 'MHz', 'mm'])
      expect(parseFact({ key: 'x', label: 'X', type: 'range', unit }, sample('range', unit))).toHaveProperty(
        'value',
      )
  })

  it('reads counts, variants, ranges, booleans and choices', () => {
    expect(read(fact('count'), 16)).toEqual({ type: 'count', values: [16] })
    expect(read(fact('count', { unit: 'A' }), ['20 A', '5 A', '10A'])).toEqual({
      type: 'count',
      values: [5, 10, 20],
    })
    expect(read(fact('range', { unit: '°C' }), '−40 to +75 °C')).toEqual({ type: 'range', min: -40, max: 75 })
    expect(read(fact('range', { unit: 'V DC' }), '24 V DC')).toEqual({ type: 'range', min: 24, max: 24 })
    expect(read(fact('boolean'), false)).toEqual({ type: 'boolean', value: false })
    expect(read(fact('choice', { choices: ['A', 'B'] }), ['B', 'A', 'B'])).toEqual({
      type: 'choice',
      values: ['B', 'A'],
    })
    expect(read(fact('count'), -1)).toBe('X is a whole number, 0 or more; -1 is not.')
    expect(read(fact('count'), 2.5)).toBe('X is a whole number, 0 or more; 2.5 is not.')
    expect(read(fact('count'), '4 W')).toBe('X is a plain number; "W" is not part of it.')
    expect(read(fact('range', { unit: '°C' }), ['-40 °C'])).toBe(
      'X is a range such as "-40 to +75 °C"; ["-40 °C"] is not.',
    )
  })

  it('shows each the way a buyer reads it', () => {
    const show = (unit: string | undefined, value: FactValue) => formatFact(unit ? { unit } : {}, value)
    expect(show(undefined, { type: 'count', values: [16] })).toBe('16')
    expect(show('A', { type: 'count', values: [5, 10, 20] })).toBe('5, 10 or 20 A')
    expect(show('W', { type: 'count', values: [30] })).toBe('30 W')
    expect(show('°C', { type: 'range', min: -40, max: 75 })).toBe('−40 to +75 °C')
    expect(show('V DC', { type: 'range', min: 9, max: 36 })).toBe('9 to 36 V DC')
    expect(show('V DC', { type: 'range', min: 24, max: 24 })).toBe('24 V DC')
    expect(show(undefined, { type: 'boolean', value: true })).toBe('Yes')
    expect(show(undefined, { type: 'boolean', value: false })).toBe('No')
    expect(show(undefined, { type: 'choice', values: ['DIN rail', 'Wall'] })).toBe('DIN rail, Wall')
    expect(categoryId('Industrial networking')).toBe('industrial-networking')
  })
})
