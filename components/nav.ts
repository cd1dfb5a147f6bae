import type { ImageData } from '../renderer/images.ts'

/** A product as the menus show it (virtual:site `products`): name, link and the header preview image. */
export interface MenuProduct {
  slug: string
  name: string
  link: string
  image: ImageData
}

/** A plain navigation entry (../shared/spec/site-spec.md §3: name, link). */
export interface NavEntry {
  name: string
  link: string
}

/** The Solutions menu: the two domain pages. */
export const SOLUTIONS: readonly NavEntry[] = [
  { name: 'Railways', link: '/railways' },
  { name: 'Space', link: '/space' },
]

/** Whether `link` is the page at `pathname` (trailing slashes ignored). */
export function isCurrent(link: string, pathname: string): boolean {
  const clean = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p)
  return clean(link) === clean(pathname)
}
