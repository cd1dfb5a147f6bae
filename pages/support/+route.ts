// https://vike.dev/route-function
import { aliasRoute, PAGES } from '../../lib/pages.ts'

/** The contact screen at /support and at its aliases /customercare.html and /contactinformations. */
export default aliasRoute(PAGES.support)
