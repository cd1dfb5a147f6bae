/** An entry of the Products menu (virtual:site `menu`): a product, or in a large catalogue a category. */
export type { MenuEntry } from '../model/menu.ts'

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

/** A link's `aria-current`: 'page' on the page it leads to, else none. */
export function ariaCurrent(link: string, pathname: string): 'page' | undefined {
  return isCurrent(link, pathname) ? 'page' : undefined
}
