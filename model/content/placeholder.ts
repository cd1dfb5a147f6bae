/**
 * The scaffold's placeholders: `site new product` writes `TODO` wherever an editor has something to
 * supply (editors search their files for the word), and validate reports each one once, saying what
 * to write there (lib/problems.ts words it). A draft may keep them; a published product may not.
 */

/** Text the `site new product` scaffold writes; content that still holds it must not ship. */
export const PLACEHOLDER = 'TODO'

/** Whether a value is (or holds) a scaffold placeholder. */
export function isPlaceholder(value: unknown): value is string {
  return typeof value === 'string' && value.includes(PLACEHOLDER)
}

/** A placeholder image path written by the scaffold: `products/<slug>/TODO-hero.svg`. */
const PLACEHOLDER_IMAGE = new RegExp(`^((?:[^/]+/)*)${PLACEHOLDER}-([A-Za-z0-9_.-]+)$`)

/**
 * What a placeholder asks for, from its own words: an image path names where the artwork goes
 * (`image`, under content/images/), a text says what belongs there (`what`: "TODO: the intro
 * paragraph" asks for the intro paragraph).
 */
export function placeholderAsks(value: string): { what?: string; image?: string } {
  const image = PLACEHOLDER_IMAGE.exec(value)
  if (image) return { image: `${image[1] ?? ''}${image[2]}` }
  const what = value
    .slice(value.indexOf(PLACEHOLDER) + PLACEHOLDER.length)
    .replace(/^[\s:,.-]+/, '')
    .trim()
  return what ? { what } : {}
}
