// https://vike.dev/onBeforePrerenderStart
import { addressesOf, PAGES } from '../../lib/pages.ts'

/** The warranty activation screen is pre-rendered at each of its addresses. */
export function onBeforePrerenderStart(): string[] {
  return [...addressesOf(PAGES.warranty)]
}
