/**
 * Images as our pages show them: every source at the widths of its slots' ladders, as WebP at quality
 * 80, through Astro's `getImage`. The ladders and the slot rules copy cli/images/ladders.ts and
 * cli/images/collect.ts, so each source is encoded at exactly the widths our build encodes it at
 * (an image used in two slots gets both ladders, wherever it shows).
 */

import { getImage } from 'astro:assets'
import { getCollection } from 'astro:content'
import type { ImageMetadata } from 'astro'

const LADDERS = {
  header: [160, 320, 640],
  hero: [480, 800, 1200, 1600],
  mobile: [400, 800],
  logo: [120, 240],
  content: [400, 800, 1200],
} as const

const QUALITY = 80
const IMAGE_REF = /^[A-Za-z0-9][A-Za-z0-9_./-]*\.(svg|png|jpe?g|webp)$/

/** Every source image, imported as Astro's image metadata, by its path under content/images/. */
const sources = new Map(
  Object.entries(
    import.meta.glob<ImageMetadata>('@content/images/**/*.{svg,png,jpg,jpeg,webp}', {
      eager: true,
      import: 'default',
    }),
  ).map(([key, image]) => [key.slice(key.indexOf('/images/') + '/images/'.length), image]),
)

function ladderSlot(pointer: string): keyof typeof LADDERS {
  const field =
    pointer
      .split('/')
      .filter((s) => !/^\d+$/.test(s))
      .at(-1) ?? ''
  if (field === 'headerImage') return 'header'
  if (field === 'homeImage' || field === 'heroImage' || pointer === '/hero/image') return 'hero'
  if (field === 'logo') return 'logo'
  if (/mobile/i.test(field)) return 'mobile'
  return 'content'
}

/** Calls `visit` with every string in `data` and its JSON pointer. */
function eachString(data: unknown, pointer: string, visit: (value: string, pointer: string) => void) {
  if (typeof data === 'string') visit(data, pointer)
  else if (Array.isArray(data))
    for (const [i, item] of data.entries()) eachString(item, `${pointer}/${i}`, visit)
  else if (data && typeof data === 'object')
    for (const [key, value] of Object.entries(data)) eachString(value, `${pointer}/${key}`, visit)
}

let ladders: Promise<Map<string, number[]>> | undefined

/** The widths each source is encoded at: the union of the ladders of every slot it fills. */
function laddersByRef(): Promise<Map<string, number[]>> {
  ladders ??= (async () => {
    const byRef = new Map<string, number[]>()
    const records = [
      ...(await getCollection('products')).filter((p) => !p.data.draft),
      ...(await getCollection('home')),
      ...(await getCollection('about')),
      ...(await getCollection('domains')),
      ...(await getCollection('webandcloud')),
    ]
    for (const { data } of records)
      eachString(data, '', (value, pointer) => {
        if (!IMAGE_REF.test(value)) return
        const widths = new Set([...(byRef.get(value) ?? []), ...LADDERS[ladderSlot(pointer)]])
        byRef.set(
          value,
          [...widths].sort((a, b) => a - b),
        )
      })
    return byRef
  })()
  return ladders
}

/** An image as a page writes it. */
export interface Responsive {
  src: string
  srcset: string
  width: number
  height: number
}

/** The encoded widths of a content image, its srcset, and the width and height of the largest. */
export async function responsive(ref: string): Promise<Responsive> {
  const image = sources.get(ref)
  if (!image) throw new Error(`No image content/images/${ref}`)
  const ladder = (await laddersByRef()).get(ref) ?? [...LADDERS.content]
  // A raster source is never upscaled; vector artwork scales to any width (cli/images/ladders.ts).
  const fitting = image.format === 'svg' ? ladder : ladder.filter((w) => w <= image.width)
  const widths = fitting.length ? fitting : [image.width]
  const encoded = await Promise.all(
    widths.map((width) => getImage({ src: image, width, format: 'webp', quality: QUALITY })),
  )
  const fallback = widths.filter((w) => w <= 1200).at(-1) ?? widths[0]
  const largest = widths.at(-1) ?? image.width
  return {
    src: encoded[widths.indexOf(fallback ?? largest)]?.src ?? '',
    srcset: encoded.map((e, i) => `${e.src} ${widths[i]}w`).join(', '),
    width: largest,
    height: Math.round((image.height * largest) / image.width),
  }
}
