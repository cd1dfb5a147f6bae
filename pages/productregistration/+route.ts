// https://vike.dev/route-function
import { PAGES, aliasRoute } from '../../lib/pages.ts'

/** The warranty activation screen at /productregistration and at its alias /warrantyregistration. */
export default aliasRoute(PAGES.warranty)
