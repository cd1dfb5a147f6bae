import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { formatProblems } from '../../lib/errors.ts'
import { readContent } from '../../model/content/load.ts'

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')
const dirs: string[] = []

/** Problems after replacing `from` with `to` in the fixture's alpha product. */
async function afterEdit(from: string | RegExp, to: string): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'site-messages-'))
  dirs.push(root)
  await cp(FIXTURE, root, { recursive: true })
  const file = path.join(root, 'content/products/alpha.yaml')
  const text = await readFile(file, 'utf8')
  const next = text.replace(from, to)
  if (next === text) throw new Error(`edit did not apply: ${String(from)}`)
  await writeFile(file, next)
  return formatProblems((await readContent(path.join(root, 'content'), root)).problems)
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

describe('messages: one problem per mistake, with a fix that helps', () => {
  it('points at an unclosed [ on its own line, not the line after', async () => {
    expect(await afterEdit('name: Alpha', 'name: [Alpha')).toMatchInlineSnapshot(`
      "content/products/alpha.yaml:1:7
        The YAML cannot be read: The list opened with [ here is never closed.
        Fix: close it on the same line (\`[a, b]\`), or put text that starts with [ or { in quotes.
      1 problem in 1 file."
    `)
  })

  it('reports one tab used as indentation once', async () => {
    expect(await afterEdit(/\n {2}- label: Rating/, '\n\t- label: Rating')).toMatchInlineSnapshot(`
      "content/products/alpha.yaml:36:1
        The YAML cannot be read: Tabs are not allowed as indentation.
        Fix: indent with spaces, not tabs.
      1 problem in 1 file."
    `)
  })

  it('names a duplicate key with both lines', async () => {
    expect(await afterEdit('category: Test', 'category: Test\nname: Again')).toMatchInlineSnapshot(`
      "content/products/alpha.yaml:3:1
        The YAML cannot be read: The field \`name\` appears twice: lines 1 and 3.
        Fix: keep one of the two: merge what you need into it and delete the other.
      1 problem in 1 file."
    `)
  })

  it('suggests quotes for text that YAML reads as a number', async () => {
    expect(await afterEdit('value: 15A / 4000W', 'value: 2.10')).toMatchInlineSnapshot(`
      "content/products/alpha.yaml:37:12  /specifications/0/value
        Expected a string, got the number 2.1.
        Fix: put it in quotes so it stays text as written, e.g. \`"2.10"\`.
      1 problem in 1 file."
    `)
  })

  it('says "did you mean" for a near miss of an allowed value', async () => {
    expect(await afterEdit(/icon: \w+/, 'icon: monitoring')).toMatchInlineSnapshot(`
      "content/products/alpha.yaml:20:11  /benefits/0/icon
        Expected one of protection, energy, schedule, voice, app, update, temperature, plug, network, speed, rugged, power, monitor, certified, warranty, users, timer, signal, cloud, chip; got the text "monitoring".
        Fix: did you mean \`monitor\`?
      1 problem in 1 file."
    `)
  })

  it('says what form a pattern expects, with an example', async () => {
    expect(await afterEdit(/homeImage: \S+/, 'homeImage: /p/a.svg')).toMatchInlineSnapshot(`
      "content/products/alpha.yaml:7:12  /homeImage
        Expected a path under content/images/ ending in .svg, .png, .jpg or .webp; got the text "/p/a.svg".
        Fix: write a path under content/images/ ending in .svg, .png, .jpg or .webp, e.g. \`products/szephyr/hero.svg\` (no leading slash, no spaces).
      1 problem in 1 file."
    `)
  })
})
