import { loadOnce } from '../../lib/load-once.ts'

/** Fetches the forms' rules (and yup) once, on first use; see `rules.ts`. */
export const loadRules = loadOnce(() => import('./rules.ts'))
