import { appendFile, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readContent } from '../../model/content/load.ts'
import { ProductSchema } from '../../model/content/schemas/product.ts'
import { replaceIn } from '../../tests/fixture-edit.ts'
import { exampleProblems, fieldDescription } from './examples.ts'

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')
const dirs: string[] = []

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

/** A copy of the fixture project; `edit` gets its content/ folder. */
async function project(edit: (content: string) => Promise<void>) {
  const root = await mkdtemp(path.join(tmpdir(), 'site-examples-'))
  dirs.push(root)
  await cp(FIXTURE, root, { recursive: true })
  await edit(path.join(root, 'content'))
  return root
}

async function write(file: string, text: string) {
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, text)
}

/**
 * Each problem as a release manager reads it: where, which field, what to write instead; from the
 * content files validate read, as a release checks them.
 */
async function report(root: string) {
  const { sources } = await readContent(path.join(root, 'content'), root)
  return exampleProblems(sources.published).map(
    (p) => `${p.file}:${p.line}:${p.col} ${p.path} [${p.code}] ${p.message} Fix: ${p.hint}`,
  )
}

describe('!example values a release refuses', () => {
  it("names a product's, a brochure's and the company config's example values, file by file, with what each field holds; a file the site never reads is none of its business", async () => {
    const root = await project(async (c) => {
      await replaceIn(path.join(c, 'products/alpha.yaml'), 'category: Test', 'category: !example Test')
      await replaceIn(path.join(c, 'products/alpha.yaml'), 'value: 1 year', 'value: !example 1 year')
      await replaceIn(
        path.join(c, 'brochures.yaml'),
        'title: UHF Radio Modem',
        'title: !example UHF Radio Modem',
      )
      await write(path.join(c, 'extra.yml'), 'note: !example Draft\n')
      await replaceIn(path.join(c, 'site.yaml'), 'company: Test Company', 'company: !example Test Company')
    })
    expect(await report(root)).toEqual([
      'content/brochures.yaml:3:21 /brochures/0/title [example-value] "UHF Radio Modem" is an example value, not one the company supplied. Fix: write the company\'s own value (the field holds: Title shown on the download page), then remove the !example tag.',
      'content/products/alpha.yaml:2:20 /category [example-value] "Test" is an example value, not one the company supplied. Fix: write the company\'s own value (the field holds: One of the categories in content/categories.yaml, e.g. "Smart home" or "Industrial networking"; it groups the catalogue and decides which facts the product gives), then remove the !example tag.',
      'content/products/alpha.yaml:39:21 /specifications/1/value [example-value] "1 year" is an example value, not one the company supplied. Fix: write the company\'s own value (the field holds: The figure), then remove the !example tag.',
      'content/site.yaml:1:19 /company [example-value] "Test Company" is an example value, not one the company supplied. Fix: write the company\'s own value (the field holds: Company name, used in titles and structured data), then remove the !example tag.',
    ])
  })

  it('reads only the front matter of a Markdown page, not its text, and skips published schemas, images and other files', async () => {
    const root = await project(async (c) => {
      await appendFile(path.join(c, 'pages/privacy-policy.md'), '\nsummary: !example in the text\n')
      await write(path.join(c, 'pages/notes.md'), 'summary: !example a page without front matter\n')
      await write(
        path.join(c, 'pages/ruled.md'),
        '# Notes\n\n---\nsummary: !example between two rules\n---\n',
      )
      await write(path.join(c, 'schemas/draft.yaml'), 'company: !example Schema draft\n')
      await write(path.join(c, 'images/p/credits.yaml'), 'author: !example Photographer\n')
      await write(path.join(c, 'site.yaml.orig'), 'company: !example Backup\n')
      await write(path.join(c, 'readme.txt'), 'company: !example Text\n')
      await mkdir(path.join(c, 'drafts.yaml'))
    })
    expect(await report(root)).toEqual([])
  })

  it('shows a value of up to 60 characters whole and cuts a longer one to 57 and "..."', async () => {
    const sixty = 'A'.repeat(60)
    const longer = `${'B'.repeat(57)}CDEF`
    const root = await project(async (c) => {
      await replaceIn(path.join(c, 'site.yaml'), 'company: Test Company', `company: !example ${sixty}`)
      await replaceIn(path.join(c, 'brochures.yaml'), 'title: UHF Radio Modem', `title: !example ${longer}`)
    })
    expect(
      (await report(root)).map((line) => line.split(' [example-value] ')[1]?.split(' is an')[0]),
    ).toEqual([`"${'B'.repeat(57)}..."`, `"${sixty}"`])
  })
})

describe("a field's description", () => {
  it('follows object keys and array items, and is undefined for a field the schema does not have', async () => {
    expect(fieldDescription(ProductSchema, '/specifications/0/label')).toBe('What is measured.')
    expect(fieldDescription(ProductSchema, '/specifications')).toBe('Technical specifications.')
    expect(fieldDescription(ProductSchema, '/nothing/0/label')).toBeUndefined()
    expect(fieldDescription(ProductSchema, '/category/0')).toBeUndefined()
    expect(fieldDescription(ProductSchema, '/category/label')).toBeUndefined()
    expect(fieldDescription(undefined, '/category')).toBeUndefined()
  })
})
