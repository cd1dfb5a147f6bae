/**
 * Width ladders: the widths each kind of image slot is encoded at, fitted to how pages show it.
 * A raster source is never upscaled: widths above its own are dropped.
 */
export const LADDERS = {
  /** Menu previews (Header/): about 300 px wide in the menu. */
  header: [160, 320, 640],
  /** Full-width heroes. */
  hero: [480, 800, 1200, 1600],
  /** Phone-only variants. */
  mobile: [400, 800],
  /** Partner and compliance logos. */
  logo: [120, 240],
  /** Everything else: cards, steps, catalogue, colours. */
  content: [400, 800, 1200],
} as const satisfies Record<string, readonly number[]>

export type Slot = keyof typeof LADDERS

/** Which slot a content field is, from its name (the last non-index segment of its JSON pointer). */
export function slotOf(pointer: string): Slot {
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

/** The widths to encode for a source `sourceWidth` px wide (vector sources scale to any width). */
export function widthsFor(ladder: readonly number[], sourceWidth: number, vector: boolean): number[] {
  const sorted = [...new Set(ladder)].sort((a, b) => a - b)
  if (vector) return sorted
  const fitting = sorted.filter((w) => w <= sourceWidth)
  return fitting.length ? fitting : [sourceWidth]
}
