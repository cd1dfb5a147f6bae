import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { TSchema } from '@sinclair/typebox'
import matter from 'gray-matter'
import { type Problem, SiteError } from '../../lib/errors.ts'
import { crossChecks } from './checks.ts'
import { type LocatedYaml, parseYaml } from './locate.ts'
import { schemaProblems } from './schema-problems.ts'
import type { About, Domain, Home, Privacy, WebAndCloud } from './schemas/pages.ts'
import type { Product } from './schemas/product.ts'
import type { Brochure, Site } from './schemas/site.ts'
import { PRIVACY, PRODUCT_SCHEMA, PRODUCTS_DIR, SINGLE_FILES } from './sources.ts'

/** A product record with the slug its file name gives it. */
export type ProductEntry = Product & { slug: string }

/** All content, schema-checked and typed. */
export interface Content {
  /** The content folder, absolute. */
  dir: string
  site: Site
  brochures: Brochure[]
  /** Products in menu order (content/catalogue.yaml). */
  products: ProductEntry[]
  home: Home
  about: About
  space: Domain
  railways: Domain
  webAndCloud: WebAndCloud
  privacy: { meta: Privacy; markdown: string }
}

export interface ContentReport {
  /** Present only when there are no problems. */
  content?: Content
  problems: Problem[]
  /** How many files were read. */
  files: number
}

/** Project-relative name of a file, for messages. */
const rel = (projectRoot: string, file: string) => path.relative(projectRoot, file).split(path.sep).join('/')

/**
 * Reads every content file under `contentDir`, checks each against its schema and the files against each
 * other, and returns every problem found (it never stops at the first).
 */
export async function readContent(
  contentDir: string,
  projectRoot = path.dirname(contentDir),
): Promise<ContentReport> {
  const problems: Problem[] = []
  const located = new Map<string, LocatedYaml>()
  let files = 0

  /** Parsed data (`raw`, even when the schema rejects it) and the checked data (`valid`). */
  const readYaml = async (file: string, schema: TSchema): Promise<{ raw: unknown; valid: unknown }> => {
    const name = rel(projectRoot, file)
    const source = await readSource(file, name, problems, {
      message: 'This content file does not exist.',
      hint: `create ${name}; see docs/content.md for what it holds.`,
    })
    if (source === undefined) return { raw: undefined, valid: undefined }
    files++
    const yaml = parseYaml(source)
    located.set(name, yaml)
    if (yaml.syntaxErrors.length) {
      for (const e of yaml.syntaxErrors)
        problems.push({
          file: name,
          line: e.line,
          col: e.col,
          path: '',
          code: 'yaml-syntax',
          message: `The YAML cannot be read: ${e.message}`,
          hint: syntaxHint(e.code),
        })
      return { raw: undefined, valid: undefined }
    }
    const found = schemaProblems(schema, name, yaml, yaml.data)
    problems.push(...found)
    return { raw: yaml.data, valid: found.length ? undefined : yaml.data }
  }

  const dir = contentDir
  const parsed = Object.fromEntries(
    await Promise.all(
      Object.entries(SINGLE_FILES).map(async ([key, entry]) => [
        key,
        await readYaml(path.join(dir, entry.file), entry.schema),
      ]),
    ),
  ) as Record<keyof typeof SINGLE_FILES, { raw: unknown; valid: unknown }>
  const single = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, v.valid])) as Record<
    keyof typeof SINGLE_FILES,
    unknown
  >

  const productFiles = (await readdir(path.join(dir, PRODUCTS_DIR)).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'))
    .sort()
  const products = await Promise.all(
    productFiles.map(async (f) => {
      const slug = f.replace(/\.ya?ml$/, '')
      const { raw, valid } = await readYaml(path.join(dir, PRODUCTS_DIR, f), PRODUCT_SCHEMA.schema)
      return {
        slug,
        file: rel(projectRoot, path.join(dir, PRODUCTS_DIR, f)),
        data: valid as Product | undefined,
        raw,
      }
    }),
  )

  const privacy = await readPrivacy(path.join(dir, PRIVACY.file), projectRoot, problems)
  if (privacy) files++

  problems.push(
    ...(await crossChecks({
      contentDir: dir,
      projectRoot,
      catalogue: single.catalogue as { products: string[] } | undefined,
      brochures: (single.brochures as { brochures: Brochure[] } | undefined)?.brochures,
      products,
      pages: Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, v.raw])) as Record<
        keyof typeof SINGLE_FILES,
        unknown
      >,
      locate: (file, pointer) => located.get(file)?.locate(pointer) ?? { line: 1, col: 1 },
    })),
  )

  if (problems.length) return { problems: sortProblems(problems), files }
  const order = (single.catalogue as { products: string[] }).products
  const bySlug = new Map(products.map((p) => [p.slug, p.data as Product]))
  return {
    problems,
    files,
    content: {
      dir,
      site: single.site as Site,
      brochures: (single.brochures as { brochures: Brochure[] }).brochures,
      products: order.map((slug) => ({ ...(bySlug.get(slug) as Product), slug })),
      home: single.home as Home,
      about: single.about as About,
      space: single.space as Domain,
      railways: single.railways as Domain,
      webAndCloud: single.webAndCloud as WebAndCloud,
      privacy: privacy as { meta: Privacy; markdown: string },
    },
  }
}

/** What to do about a YAML syntax error, by the `yaml` package's error code. */
export function syntaxHint(code: string): string {
  switch (code) {
    case 'MISSING_CHAR':
      return 'close the quote that starts here, or remove it.'
    case 'DUPLICATE_KEY':
      return 'this field appears twice at the same level; keep one.'
    case 'TAB_AS_INDENT':
      return 'indent with spaces, not tabs.'
    case 'BAD_INDENT':
      return 'line this field up with the fields above it.'
    case 'BLOCK_AS_IMPLICIT_KEY':
      return 'put text that contains ": " in quotes, e.g. `heading: "Power: 24V DC"`.'
    default:
      return 'check the indentation and that every `field:` is followed by a space; quote text that contains ": ".'
  }
}

/** A content file's text, or a `missing-file` problem when it cannot be read. */
async function readSource(
  file: string,
  name: string,
  problems: Problem[],
  missing: { message: string; hint: string },
): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8')
  } catch {
    problems.push({ file: name, line: 1, col: 1, path: '', code: 'missing-file', ...missing })
    return undefined
  }
}

async function readPrivacy(file: string, projectRoot: string, problems: Problem[]) {
  const name = rel(projectRoot, file)
  const source = await readSource(file, name, problems, {
    message: 'The privacy policy does not exist.',
    hint: `create ${name}: front matter (title, summary, updated) between --- lines, then Markdown.`,
  })
  if (source === undefined) return undefined
  // Options bypass gray-matter's cache, whose cached results lack `matter`. Its own YAML engine is
  // replaced: the front matter is parsed below with the content loader's options (and its !example tag).
  const parsed = matter(source, { engines: { yaml: () => ({}) } })
  // Front matter starts on line 2, after the opening `---`.
  const yaml = parseYaml(parsed.matter ?? '')
  const shift = (p: Problem): Problem => ({ ...p, line: p.line + 1 })
  if (yaml.syntaxErrors.length) {
    for (const e of yaml.syntaxErrors)
      problems.push(
        shift({
          file: name,
          line: e.line,
          col: e.col,
          path: '',
          code: 'yaml-syntax',
          message: `The front matter cannot be read: ${e.message}`,
          hint: 'check the lines between the two --- markers.',
        }),
      )
    return undefined
  }
  const found = schemaProblems(PRIVACY.schema, name, yaml, yaml.data ?? {}).map(shift)
  problems.push(...found)
  if (found.length) return undefined
  return { meta: yaml.data as Privacy, markdown: parsed.content }
}

function sortProblems(problems: Problem[]): Problem[] {
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col)
}

const cache = new Map<string, Promise<Content>>()

/**
 * Loads content for pages and commands: every problem at once as one SiteError, or typed records.
 * The result is cached per folder for the life of the process (a pre-render reads content once).
 */
export function loadContent(contentDir: string): Promise<Content> {
  let pending = cache.get(contentDir)
  if (!pending) {
    pending = readContent(contentDir).then((report) => {
      if (!report.content)
        throw new SiteError(
          'content-invalid',
          'The content has problems; nothing was built.',
          'fix the problems above, then run `site validate` again.',
          report.problems,
        )
      return report.content
    })
    cache.set(contentDir, pending)
    pending.catch(() => cache.delete(contentDir))
  }
  return pending
}

/** Forgets cached content (the dev server calls this when a content file changes). */
export function clearContentCache(): void {
  cache.clear()
}
