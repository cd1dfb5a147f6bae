import { isUtf8 } from 'node:buffer'
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Static, TSchema } from '@sinclair/typebox'
import { ERRORS, type Problem, siteError } from '../../lib/errors.ts'
import { PROBLEMS, type ProblemKind, problemAt } from '../../lib/problems.ts'
import { outsideProject } from '../outside-project.ts'
import { processState } from '../process-state.ts'
import { crossChecks } from './checks.ts'
import { splitFrontMatter } from './front-matter.ts'
import { type LocatedYaml, parseYaml } from './locate.ts'
import { schemaProblems } from './schema-problems.ts'
import type { Category } from './schemas/categories.ts'
import type { Privacy } from './schemas/pages.ts'
import type { Product } from './schemas/product.ts'
import type { Brochure, Site } from './schemas/site.ts'
import { PAGE_SCHEMAS, PRIVACY, PRODUCT_SCHEMA, PRODUCTS_DIR, SINGLE_FILES } from './sources.ts'
import { openValidCache, type ValidCache, validKey } from './valid-cache.ts'

/** A product record with the slug its file name gives it. */
export type ProductEntry = Product & { slug: string }

/** Each page's own content (lib/pages.ts, model/content/sources.ts), by the page's key. */
type PageContent = { [K in keyof typeof PAGE_SCHEMAS]: Static<(typeof PAGE_SCHEMAS)[K]['schema']> }

/** All content, schema-checked and typed. */
export interface Content extends PageContent {
  /** The content folder, absolute. */
  dir: string
  site: Site
  brochures: Brochure[]
  /** Product categories in catalogue order, each with the facts its products give (content/categories.yaml). */
  categories: Category[]
  /** Products in menu order (content/catalogue.yaml). */
  products: ProductEntry[]
  /** Each product's file relative to `dir`, by slug: `products/<slug>.yaml`, or `.yml` as written. */
  productFiles: Record<string, string>
  privacy: { meta: Privacy; markdown: string }
}

/**
 * One content file as it was read: its text, the YAML part of it and where its fields are. Every check
 * after the reading (images, brochures, what a release refuses) works from these, so a validation reads
 * each content file once.
 */
export interface SourceFile {
  /** Relative to the project, as problems name it: `content/products/alpha.yaml`. */
  file: string
  /** Relative to the content folder: `products/alpha.yaml`. */
  relative: string
  /** The whole text, a byte order mark dropped. */
  text: string
  /** The YAML: the whole file, or a Markdown file's front matter. */
  yaml: string
  /** Lines before `yaml` in the file (front matter starts on line 2). */
  shift: number
  /** The YAML's fields and where they are, parsed on first use. */
  located: LocatedYaml
  /** A draft product's file: a build leaves it out. */
  draft: boolean
}

/** The content files of one reading, by their project-relative name. */
export class ContentSources {
  readonly #files: Map<string, SourceFile>
  constructor(files: readonly SourceFile[]) {
    this.#files = new Map(files.map((f) => [f.file, f]))
  }

  /** Every file read, drafts included, by name. */
  get all(): SourceFile[] {
    return [...this.#files.values()].sort((a, b) => a.file.localeCompare(b.file))
  }

  /** The files a build publishes: every file but the drafts'. */
  get published(): SourceFile[] {
    return this.all.filter((f) => !f.draft)
  }

  get(file: string): SourceFile | undefined {
    return this.#files.get(file)
  }

  /** Line and column of the field at `pointer` in `file` (its start when it cannot be found). */
  locate(file: string, pointer: string): { line: number; col: number } {
    const source = this.#files.get(file)
    if (!source) return { line: 1, col: 1 }
    const at = source.located.locate(pointer)
    return { line: at.line + source.shift, col: at.col }
  }
}

export interface ContentReport {
  /** Present only when there are no problems; it holds the drafts too. */
  content?: Content
  problems: Problem[]
  /** What a draft may still have (placeholders): reported, but no reason to stop. */
  warnings: Problem[]
  /** Slugs of the products marked `draft: true`. */
  drafts: string[]
  /** How many files were read. */
  files: number
  /** Every file read, with its text and fields' positions. */
  sources: ContentSources
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
  const cache = await openValidCache(projectRoot)
  try {
    const began = Date.now()
    const report = await readAll(contentDir, projectRoot, cache)
    // A file with problems that was saved as it was read is read again, once: an editor that saves in
    // place empties the file first, and a build that read it in that moment stopped on "Expected a
    // group of fields, got nothing" for a file that was fine.
    if (report.problems.length && (await savedSince(projectRoot, report.problems, began)))
      return await readAll(contentDir, projectRoot, cache)
    return report
  } finally {
    await cache.save()
  }
}

/**
 * Whether a file that `problems` name was written since `time` (less a second: a file system's clock
 * can stand a tick behind the process's).
 */
async function savedSince(projectRoot: string, problems: readonly Problem[], time: number): Promise<boolean> {
  const files = [...new Set(problems.map((problem) => problem.file))]
  const written = await Promise.all(
    files.map((file) =>
      stat(path.join(projectRoot, file)).then(
        (info) => info.mtimeMs,
        () => 0,
      ),
    ),
  )
  return written.some((mtime) => mtime >= time - 1_000)
}

/** A file's positions, parsed only if something asks where a field is (a cross-file problem). */
function locatedLater(source: string): LocatedYaml {
  let yaml: LocatedYaml | undefined
  const parsed = () => {
    yaml ??= parseYaml(source)
    return yaml
  }
  return {
    get data() {
      return parsed().data
    },
    get syntaxErrors() {
      return parsed().syntaxErrors
    },
    locate: (pointer, options) => parsed().locate(pointer, options),
    text: (pointer) => parsed().text(pointer),
  }
}

/** What one content file gave: the parsed data (even when its schema rejects it) and the checked data. */
interface Read<T> {
  raw: unknown
  valid: T | undefined
}

type SingleKey = keyof typeof SINGLE_FILES
/** Each single file's checked type, from its schema. */
type Singles = { [K in SingleKey]: Read<Static<(typeof SINGLE_FILES)[K]['schema']>> }

interface ProductRead extends Read<Product> {
  slug: string
  /** Relative to the content folder: `products/<slug>.yaml` (or `.yml`, as written). */
  name: string
  /** Relative to the project, for messages. */
  file: string
}

/** One read of the content folder: what it found, where each file's fields are, and how many files. */
interface Reading {
  contentDir: string
  projectRoot: string
  cache: ValidCache
  problems: Problem[]
  /** Each file read, by its project-relative name. */
  sources: Map<string, SourceFile>
}

async function readAll(contentDir: string, projectRoot: string, cache: ValidCache): Promise<ContentReport> {
  const reading: Reading = { contentDir, projectRoot, cache, problems: [], sources: new Map() }
  const [singles, products, privacy] = await Promise.all([
    readSingles(reading),
    readProducts(reading),
    readPrivacy(reading, path.join(contentDir, PRIVACY.file)),
  ])
  const drafts = products.filter((p) => isDraft(p.raw)).map((p) => p.slug)
  const draftFiles = new Set(products.filter((p) => drafts.includes(p.slug)).map((p) => p.file))
  for (const file of draftFiles) {
    const source = reading.sources.get(file)
    if (source) source.draft = true
  }
  const warnings: Problem[] = []
  for (const found of await crossChecks({
    contentDir,
    projectRoot,
    catalogue: singles.catalogue.valid,
    categories: singles.categories.valid?.categories,
    brochures: singles.brochures.valid?.brochures,
    products: products.map(({ slug, file, valid, raw }) => ({ slug, file, data: valid, raw })),
    pages: Object.fromEntries(Object.entries(singles).map(([k, v]) => [k, v.raw])) as Record<
      SingleKey,
      unknown
    >,
    privacySource: privacy?.source,
    locate: (file, pointer) => reading.sources.get(file)?.located.locate(pointer) ?? { line: 1, col: 1 },
    drafts: new Set(drafts),
  }))
    (RELEASE_ONLY.has(found.code) || (draftFiles.has(found.file) && LENIENT_IN_DRAFTS.has(found.code))
      ? warnings
      : reading.problems
    ).push(found)

  const problems = sortProblems(reading.problems)
  const content = problems.length ? undefined : assemble(contentDir, singles, products, privacy, drafts)
  return {
    problems,
    warnings: sortProblems(warnings),
    files: reading.sources.size,
    drafts,
    sources: new ContentSources([...reading.sources.values()]),
    ...(content ? { content } : {}),
  }
}

/** Reads and checks one YAML file against its schema; problems go to the reading. */
async function readYaml<S extends TSchema>(
  reading: Reading,
  file: string,
  schema: S,
): Promise<Read<Static<S>>> {
  const name = rel(reading.projectRoot, file)
  const source = await readSource(reading, file, name, PROBLEMS.MissingContentFile)
  if (source === undefined) return { raw: undefined, valid: undefined }
  const key = validKey(source, schema)
  // What ajv accepted against `schema` is of its type: the one place the data is taken as typed.
  const known = reading.cache.get(name, key) as Static<S> | undefined
  const sourceFile = (located: LocatedYaml): SourceFile => ({
    file: name,
    relative: path.relative(reading.contentDir, file).split(path.sep).join('/'),
    text: source,
    yaml: source,
    shift: 0,
    located,
    draft: false,
  })
  if (known !== undefined) {
    reading.sources.set(name, sourceFile(locatedLater(source)))
    return { raw: known, valid: known }
  }
  const yaml = parseYaml(source)
  reading.sources.set(name, sourceFile(yaml))
  if (yaml.syntaxErrors.length) {
    for (const e of yaml.syntaxErrors)
      reading.problems.push(
        problemAt(PROBLEMS.YamlSyntax, { slip: e.slip }, { file: name, line: e.line, col: e.col, path: '' }),
      )
    return { raw: undefined, valid: undefined }
  }
  const found = schemaProblems(schema, name, yaml, yaml.data)
  reading.problems.push(...found)
  if (found.length) return { raw: yaml.data, valid: undefined }
  reading.cache.set(name, key, yaml.data)
  return { raw: yaml.data, valid: yaml.data as Static<S> }
}

async function readSingles(reading: Reading): Promise<Singles> {
  const entries = await Promise.all(
    Object.entries(SINGLE_FILES).map(async ([key, entry]) => [
      key,
      await readYaml(reading, path.join(reading.contentDir, entry.file), entry.schema),
    ]),
  )
  return Object.fromEntries(entries) as Singles
}

/** Every product file; `x.yml` beside `x.yaml` is a problem (the same page twice), and only the .yaml is read. */
async function readProducts(reading: Reading): Promise<ProductRead[]> {
  const folder = path.join(reading.contentDir, PRODUCTS_DIR)
  const listing = (await readdir(folder).catch(() => [] as string[])).sort()
  const twinned = (f: string) => f.endsWith('.yml') && listing.includes(f.replace(/\.yml$/, '.yaml'))
  for (const f of listing.filter(twinned)) {
    const name = rel(reading.projectRoot, path.join(folder, f))
    const twin = f.replace(/\.yml$/, '.yaml')
    reading.problems.push(
      problemAt(
        PROBLEMS.DuplicateFile,
        { name, twin, slug: twin.replace(/\.yaml$/, ''), drop: f },
        { file: name, line: 1, col: 1, path: '' },
      ),
    )
  }
  return Promise.all(
    listing
      .filter((f) => /\.ya?ml$/.test(f) && !twinned(f))
      .map(async (f) => ({
        slug: f.replace(/\.ya?ml$/, ''),
        name: `${PRODUCTS_DIR}/${f}`,
        file: rel(reading.projectRoot, path.join(folder, f)),
        ...(await readYaml(reading, path.join(folder, f), PRODUCT_SCHEMA.schema)),
      })),
  )
}

/**
 * The typed content, products in menu order (unlisted drafts after the listed products); undefined
 * when any file is missing or invalid.
 */
function assemble(
  dir: string,
  singles: Singles,
  products: ProductRead[],
  privacy: Awaited<ReturnType<typeof readPrivacy>>,
  drafts: string[],
): Content | undefined {
  const { site, catalogue, categories, brochures } = singles
  if (!site.valid || !catalogue.valid || !categories.valid || !brochures.valid || !privacy) return undefined
  const pages: Partial<Record<keyof PageContent, unknown>> = {}
  for (const key of Object.keys(PAGE_SCHEMAS) as (keyof PageContent)[]) {
    const page = singles[key].valid
    if (!page) return undefined
    pages[key] = page
  }
  const listed = catalogue.valid.products
  const bySlug = new Map(products.flatMap((p) => (p.valid ? [[p.slug, p.valid] as const] : [])))
  const order = [...listed, ...drafts.filter((slug) => !listed.includes(slug))]
  return {
    // Each page's data passed its own schema above: of its type.
    ...(pages as PageContent),
    dir,
    site: site.valid,
    brochures: brochures.valid.brochures,
    categories: categories.valid.categories,
    products: order.flatMap((slug) => {
      const product = bySlug.get(slug)
      return product ? [{ ...product, slug }] : []
    }),
    productFiles: Object.fromEntries(products.map((p) => [p.slug, p.name])),
    privacy: { meta: privacy.meta, markdown: privacy.markdown },
  }
}

/** Problems a draft may have: text and images still to come. */
const LENIENT_IN_DRAFTS = new Set(['placeholder'])

/**
 * What is only worth a word outside a release (`--release` refuses it: cli/validate/validate-project.ts):
 * a brochure no published page links yet is still in the brochure library, and is usually a new
 * product's brochure, registered before the product is published.
 */
export const RELEASE_ONLY = new Set(['unlinked-brochure'])

/** Whether a product file says `draft: true` (read from the raw data, so it counts even when invalid). */
function isDraft(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && (raw as { draft?: unknown }).draft === true
}

/** A content file's text, or a `missing-file` problem when it cannot be read. */
async function readSource(
  reading: Reading,
  file: string,
  name: string,
  missing: ProblemKind<{ file: string }>,
): Promise<string | undefined> {
  const { problems } = reading
  const target = await outsideProject(file, reading.projectRoot)
  if (target)
    problems.push(
      problemAt(
        PROBLEMS.LinkOutsideProject,
        { file: name, target },
        { file: name, line: 1, col: 1, path: '' },
      ),
    )
  let bytes: Buffer
  try {
    bytes = await readFile(file)
  } catch {
    problems.push(problemAt(missing, { file: name }, { file: name, line: 1, col: 1, path: '' }))
    return undefined
  }
  // The native check first; the position is looked for only in a file that fails it.
  const bad = isUtf8(bytes) ? -1 : firstInvalidUtf8(bytes)
  // Some editors start UTF-8 files with a byte order mark; it is not part of the content.
  if (bad < 0) return bytes.toString('utf8').replace(/^\uFEFF/, '')
  // Decoding anyway would publish U+FFFD (a question mark in a box) where the letter was.
  const before = bytes.subarray(0, bad).toString('utf8')
  const line = before.split('\n').length
  const col = before.length - before.lastIndexOf('\n')
  problems.push(
    problemAt(PROBLEMS.NotUtf8, { offset: bad, byte: bytes[bad] ?? 0 }, { file: name, line, col, path: '' }),
  )
  return undefined
}

/** Offset of the first byte that is not part of valid UTF-8, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0
  while (i < bytes.length) {
    const b = bytes[i] ?? 0
    const need =
      b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1
    if (need < 0) return i
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k]
      if (c === undefined || (c & 0xc0) !== 0x80) return i
    }
    // Overlong three- and four-byte forms, surrogates and code points past U+10FFFF.
    const next = bytes[i + 1] ?? 0
    if ((b === 0xe0 && next < 0xa0) || (b === 0xed && next > 0x9f)) return i
    if ((b === 0xf0 && next < 0x90) || (b === 0xf4 && next > 0x8f)) return i
    i += need + 1
  }
  return -1
}

async function readPrivacy(reading: Reading, file: string) {
  const { problems, cache } = reading
  const name = rel(reading.projectRoot, file)
  const source = await readSource(reading, file, name, PROBLEMS.MissingPrivacyPolicy)
  if (source === undefined) return undefined
  const parsed = splitFrontMatter(source)
  if (!parsed) {
    problems.push(problemAt(PROBLEMS.NoFrontMatter, undefined, { file: name, line: 1, col: 1, path: '' }))
    return undefined
  }
  reading.sources.set(name, {
    file: name,
    relative: path.relative(reading.contentDir, file).split(path.sep).join('/'),
    text: source,
    yaml: parsed.matter,
    shift: 1,
    located: locatedLater(parsed.matter),
    draft: false,
  })
  const key = validKey(parsed.matter, PRIVACY.schema)
  const known = cache.get(name, key)
  if (known !== undefined) return { meta: known as Privacy, markdown: parsed.content, source }
  // Front matter starts on line 2, after the opening `---`.
  const yaml = parseYaml(parsed.matter)
  const shift = (p: Problem): Problem => ({ ...p, line: p.line + 1 })
  if (yaml.syntaxErrors.length) {
    for (const e of yaml.syntaxErrors)
      problems.push(
        shift(
          problemAt(
            PROBLEMS.FrontMatterSyntax,
            { slip: e.slip },
            { file: name, line: e.line, col: e.col, path: '' },
          ),
        ),
      )
    return undefined
  }
  const found = schemaProblems(PRIVACY.schema, name, yaml, yaml.data ?? {}).map(shift)
  problems.push(...found)
  if (found.length) return undefined
  cache.set(name, key, yaml.data)
  return { meta: yaml.data as Privacy, markdown: parsed.content, source }
}

function sortProblems(problems: Problem[]): Problem[] {
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col)
}

/** Loaded content by folder, one map per process (see processState). */
const cache = processState('content-cache', () => new Map<string, Promise<Content>>())

/**
 * Loads content for pages and commands: every problem at once as one SiteError, or typed records.
 * Drafts are left out unless `drafts` is true (`site dev` shows them; a build never does).
 * The result is cached per folder for the life of the process (a pre-render reads content once).
 */
export function loadContent(contentDir: string, options: { drafts?: boolean } = {}): Promise<Content> {
  const key = contentCacheKey(contentDir, options)
  let pending = cache.get(key)
  if (!pending) {
    pending = readContent(contentDir).then((report) => {
      if (!report.content)
        throw siteError(
          ERRORS.ContentInvalid,
          { count: report.problems.length, next: 'run `site validate` again' },
          report.problems,
        )
      return options.drafts ? report.content : withoutDrafts(report.content)
    })
    cache.set(key, pending)
    pending.catch(() => cache.delete(key))
  }
  return pending
}

/** The content a build publishes: no draft products anywhere (pages, menus, sitemap all read this list). */
export function withoutDrafts(content: Content): Content {
  return { ...content, products: content.products.filter((p) => p.draft !== true) }
}

const contentCacheKey = (contentDir: string, options: { drafts?: boolean }) =>
  `${options.drafts ? 'drafts:' : ''}${contentDir}`

/**
 * Keeps content that was just read and found valid, drafts included (the dev server's check after a
 * save), as what {@link loadContent} gives with and without drafts, so the pages do not read every
 * file again.
 */
export function keepContent(contentDir: string, content: Content): void {
  cache.set(contentCacheKey(contentDir, { drafts: true }), Promise.resolve(content))
  cache.set(contentCacheKey(contentDir, {}), Promise.resolve(withoutDrafts(content)))
}

/** Forgets cached content (the dev server calls this when a content file changes). */
export function clearContentCache(): void {
  cache.clear()
}
