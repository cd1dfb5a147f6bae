// https://vike.dev/route-function
import { aliasRoute, PAGES } from '../../lib/pages.ts'

/** The warranty activation screen at /productregistration and at its alias /warrantyregistration. */
export default aliasRoute(PAGES.warranty)
