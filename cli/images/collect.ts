import { walk } from '../../model/content/checks.ts'
import type { Content } from '../../model/content/load.ts'
import { PLACEHOLDER } from '../../model/content/placeholder.ts'
import { SINGLE_FILES } from '../../model/content/sources.ts'
import { LADDERS, type Slot, slotOf } from './ladders.ts'

/** Where content refers to an image. */
export interface ImageUse {
  file: string
  pointer: string
}

/** One source image and every width its uses need. */
export interface ImageSource {
  /** Path under content/images/, e.g. `Header/szephyr.svg`. */
  ref: string
  ladder: number[]
  slots: Slot[]
  uses: ImageUse[]
}

const IMAGE_REF = /^[A-Za-z0-9][A-Za-z0-9_./-]*\.(svg|png|jpe?g|webp)$/

/** Finds every image the content references, merging the ladders of images used in several slots. */
export function collectImages(content: Content, contentFolder = 'content'): ImageSource[] {
  const byRef = new Map<string, ImageSource>()
  const visit = (file: string, data: unknown) =>
    walk(data, '', (value, pointer) => {
      // A draft's placeholder paths name images still to come; the pages show a stand-in.
      if (!IMAGE_REF.test(value) || value.includes(PLACEHOLDER)) return
      const slot = slotOf(pointer)
      const entry = byRef.get(value) ?? { ref: value, ladder: [], slots: [], uses: [] }
      entry.uses.push({ file, pointer })
      if (!entry.slots.includes(slot)) entry.slots.push(slot)
      entry.ladder = [...new Set([...entry.ladder, ...LADDERS[slot]])].sort((a, b) => a - b)
      byRef.set(value, entry)
    })
  for (const product of content.products) {
    const { slug, ...record } = product
    visit(`${contentFolder}/${content.productFiles[slug]}`, record)
  }
  const pages = {
    home: content.home,
    about: content.about,
    space: content.space,
    railways: content.railways,
    webAndCloud: content.webAndCloud,
  }
  for (const [key, data] of Object.entries(pages))
    visit(`${contentFolder}/${SINGLE_FILES[key as keyof typeof pages].file}`, data)
  return [...byRef.values()].sort((a, b) => a.ref.localeCompare(b.ref))
}
