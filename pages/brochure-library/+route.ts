// https://vike.dev/route
import { BROCHURE_LIBRARY } from '../../lib/routes.ts'

/** The brochure library; `/brochures/<id>` (pages/brochures/@id) downloads one of them. */
export default BROCHURE_LIBRARY
