import { createHash } from 'node:crypto'
import { catalogue } from './catalogue.ts'
import type { RenderContext } from './context.ts'
import { productChoices } from './menu.ts'

/**
 * Content a page fetches once it has hydrated, as a JSON file the build writes under
 * `/assets/data/`, named by its content's hash: every product with its facts (the finder) and every
 * product's name (the warranty form's list). Files, not chunks of the bundle: a product's new fact or
 * name then changes this file and the pages that name it, not every chunk and page of the site
 * (docs/decisions.md, "Incremental builds"). The pages that load one carry its address in their data.
 */
export interface DataFile {
  /** e.g. `/assets/data/catalogue.3f9a1c2b7d.json` */
  url: string
  json: string
}

/** Where the build writes the data files, inside the site. */
export const DATA_FOLDER = 'assets/data'

function dataFile(name: string, value: unknown): DataFile {
  const json = JSON.stringify(value)
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 12)
  return { url: `/${DATA_FOLDER}/${name}.${hash}.json`, json }
}

const made = new WeakMap<object, { catalogue: DataFile; products: DataFile }>()

/** The data files of this render context (made once per context). */
export function dataFiles(ctx: Pick<RenderContext, 'content' | 'images' | 'config'>): {
  catalogue: DataFile
  products: DataFile
} {
  let files = made.get(ctx)
  if (!files) {
    files = {
      catalogue: dataFile('catalogue', catalogue(ctx)),
      products: dataFile('products', productChoices(ctx.content.products)),
    }
    made.set(ctx, files)
  }
  return files
}

/** A data file's name and content from its address, when the address is one of `files` (`site dev` serves them). */
export function dataFileAt(
  files: { catalogue: DataFile; products: DataFile },
  url: string,
): DataFile | undefined {
  return Object.values(files).find((file) => file.url === url.split('?')[0])
}
