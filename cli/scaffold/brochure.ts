import { constants } from 'node:fs'
import { copyFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { YAMLSeq } from 'yaml'
import { ERRORS, siteError } from '../../lib/errors.ts'
import { brochureFaultInWords } from '../../lib/problems.ts'
import { exampleTag } from '../../model/content/example-tag.ts'
import type { ProjectPaths } from '../../model/paths.ts'
import { brochureLocation, checkPdfFile } from '../brochures/check.ts'

/** A new product's brochure, checked: its id, and the step that adds it (nothing is written before). */
export interface BrochurePlan {
  id: string
  /** Copies the PDF into the storage and lists it; says what it did (nothing for a listed id). */
  register: () => Promise<string | undefined>
}

/** A brochure id from a file name: `Smart Plug 2.pdf` → `Smart_Plug_2`. */
export function brochureId(file: string, slug: string): string {
  const clean = (text: string) => text.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '')
  return clean(path.basename(file, path.extname(file))) || clean(slug)
}

/**
 * The title a PDF gives itself (its Info dictionary's plain `/Title (...)`) unless another brochure has
 * it (a PDF made from another's template keeps that one's title), else one made from the file name:
 * `smart-plug_2.pdf` → `smart plug 2`. The editor can change it in content/brochures.yaml.
 */
export function brochureTitle(pdf: Buffer, file: string, taken: readonly string[] = []): string {
  const head = pdf.subarray(0, 64 * 1024).toString('latin1')
  const own = /\/Title\s*\(((?:\\.|[^\\)])*)\)/.exec(head)?.[1]?.replace(/\\(.)/g, '$1').trim()
  if (own && /^[\x20-\x7e]{1,120}$/.test(own) && !taken.includes(own)) return own
  return path.basename(file, path.extname(file)).replace(/[_-]+/g, ' ').trim().slice(0, 120)
}

/**
 * Checks what `--brochure` names before anything is written: the id of a brochure content/brochures.yaml
 * lists (linked as it is), or a PDF file to add, which must be one (not empty, a PDF, of a plausible
 * size) and whose id, from its file name, must be free. Refuses with what to do otherwise.
 */
export async function addBrochure(
  given: string,
  slug: string,
  paths: ProjectPaths,
  listFile: string,
): Promise<BrochurePlan> {
  const { parse, parseDocument } = await import('yaml')
  const list = parseDocument(await readFile(listFile, 'utf8'))
  const listed = (list.toJS() as { brochures?: { id?: unknown; title?: unknown }[] } | null)?.brochures ?? []
  const ids = listed.map((b) => String(b?.id))
  const file = path.resolve(given)
  const isFile = await stat(file).then(
    (s) => s.isFile(),
    () => false,
  )
  if (!isFile && ids.includes(given)) return { id: given, register: async () => undefined }
  const checked = await checkPdfFile(file)
  if (checked.fault)
    throw siteError(ERRORS.BrochureUnusable, { file: given, reason: brochureFaultInWords(checked.fault) })
  const id = brochureId(file, slug)
  const listName = path.relative(paths.root, listFile)
  if (ids.includes(id)) throw siteError(ERRORS.BrochureTaken, { id, where: listName })
  const site = parse(await readFile(path.join(paths.content, 'site.yaml'), 'utf8').catch(() => ''), {
    customTags: [exampleTag],
  }) as {
    storageBase?: unknown
  } | null
  const storageBase =
    process.env.SITE_STORAGE_BASE?.trim() ||
    (typeof site?.storageBase === 'string' ? site.storageBase : '/storage')
  const target = brochureLocation(storageBase, id, paths.public)
  if (target.file && (await stat(target.file).catch(() => undefined)))
    throw siteError(ERRORS.BrochureTaken, { id, where: path.relative(paths.root, target.file) })
  const pdf = await readFile(file)
  const title = brochureTitle(
    pdf,
    file,
    listed.map((b) => String(b?.title)),
  )
  return {
    id,
    register: async () => {
      if (target.file) {
        await mkdir(path.dirname(target.file), { recursive: true })
        await copyFile(file, target.file, constants.COPYFILE_EXCL)
      }
      const brochures = list.get('brochures') as YAMLSeq | undefined
      if (brochures) brochures.add(list.createNode({ id, title }))
      else list.set('brochures', [{ id, title }])
      await writeFile(listFile, list.toString())
      const pdfAt = target.file
        ? path.relative(paths.root, target.file)
        : `${target.url} (upload it there: the storage base is ${storageBase})`
      return `Added the brochure "${id}", titled "${title}" (change the title in ${listName}): ${pdfAt}.`
    },
  }
}
