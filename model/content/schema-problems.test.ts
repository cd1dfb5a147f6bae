import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Type } from '@sinclair/typebox'
import { afterEach, describe, expect, it } from 'vitest'
import { readContent } from './load.ts'
import { parseYaml } from './locate.ts'
import { schemaProblems } from './schema-problems.ts'

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')
const dirs: string[] = []

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

/** The problems of `yaml` against `schema`, as `site validate` places them. */
const problemsOf = (schema: Parameters<typeof schemaProblems>[0], yaml: string) => {
  const located = parseYaml(yaml)
  return schemaProblems(schema, 'content/x.yaml', located, located.data).map(
    ({ line, col, path, code, message }) => ({ line, col, path, code, message }),
  )
}

/** A field that takes a number, true or false, short text or a list of them: a product's fact. */
const Fact = Type.Union([
  Type.Integer(),
  Type.Boolean(),
  Type.String({ minLength: 1, maxLength: 20 }),
  Type.Array(Type.Union([Type.Integer(), Type.String({ maxLength: 20 })]), { minItems: 1 }),
])

describe('a value that fails a union of types', () => {
  it('says once which forms it may take, in words, when it is of none of their types', () => {
    expect(problemsOf(Type.Object({ size: Fact }), 'size:\n  width: 4\n')).toEqual([
      {
        line: 2,
        col: 3,
        path: '/size',
        code: 'wrong-type',
        message:
          'Expected a whole number, true or false, text of at most 20 characters or a list (each entry a whole number or text of at most 20 characters); got a group of fields.',
      },
    ])
  })

  it('judges each value of a record by itself, though one union checks them all', () => {
    const Facts = Type.Object({ facts: Type.Record(Type.String(), Fact) })
    expect(
      problemsOf(
        Facts,
        `facts:\n  a: ${'x'.repeat(25)}\n  b: ${'y'.repeat(21)}\n  c: { d: 1 }\n  e: 4\n`,
      ).map((p) => `${p.path} ${p.code}`),
    ).toEqual(['/facts/a too-long', '/facts/b too-long', '/facts/c wrong-type'])
  })

  it('names the mistake of the one branch of its type, and no other branch', () => {
    expect(problemsOf(Type.Object({ size: Fact }), `size: ${'x'.repeat(25)}\n`)).toEqual([
      { line: 1, col: 7, path: '/size', code: 'too-long', message: 'Too long: 25 characters, at most 20.' },
    ])
    // Inside a list: the entry's own union, once.
    expect(problemsOf(Type.Object({ size: Fact }), 'size: [4, { a: 1 }]\n')).toEqual([
      {
        line: 1,
        col: 11,
        path: '/size/1',
        code: 'wrong-type',
        message: 'Expected a whole number or text of at most 20 characters; got a group of fields.',
      },
    ])
  })

  it('holds in any schema: a union of literals deep in a list says its values once', () => {
    const Page = Type.Object({
      blocks: Type.Array(Type.Object({ align: Type.Union([Type.Literal('left'), Type.Literal('right')]) })),
    })
    expect(problemsOf(Page, 'blocks:\n  - align: left\n  - align: middle\n')).toEqual([
      {
        line: 3,
        col: 12,
        path: '/blocks/1/align',
        code: 'wrong-type',
        message: 'Expected "left" or "right"; got the text "middle".',
      },
    ])
  })

  it('gives a product fact of the wrong shape one problem, at its line', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'site-unions-'))
    dirs.push(root)
    await cp(FIXTURE, root, { recursive: true })
    const file = path.join(root, 'content/products/alpha.yaml')
    await writeFile(file, (await readFile(file, 'utf8')).replace('  ports: 8', '  ports: { copper: 8 }'))
    const { problems } = await readContent(path.join(root, 'content'), root)
    expect(problems.map((p) => [p.path, p.code])).toEqual([['/facts/ports', 'wrong-type']])
  })
})

describe('a scaffold placeholder', () => {
  it('in several facts is folded into the placeholder check, every one', () => {
    const Facts = Type.Object({ facts: Type.Record(Type.String(), Fact) })
    const long = (what: string) => `"TODO: ${what} (optional: delete if it does not apply), e.g. true"`
    expect(
      problemsOf(
        Facts,
        `facts:\n  a: ${long('Voice')}\n  b: ${long('Scheduling')}\n  c: ${long('Relays')}\n`,
      ),
    ).toEqual([])
  })

  it('is not also too long or the wrong form: the placeholder check reports it once', () => {
    const Card = Type.Object({
      title: Type.String({ maxLength: 10 }),
      image: Type.String({ pattern: '\\.svg$' }),
      count: Type.Integer(),
    })
    expect(problemsOf(Card, 'title: "TODO: the title of the card"\nimage: TODO\ncount: TODO\n')).toEqual([
      // A number cannot stand in a draft either: the schema says so.
      {
        line: 3,
        col: 8,
        path: '/count',
        code: 'wrong-type',
        message: 'Expected a whole number, got the text "TODO".',
      },
    ])
  })
})
