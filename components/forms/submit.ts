import { site } from 'virtual:site'
import { loadOnce } from '../../lib/load-once.ts'

/** How one POST to the intake API ended. Only HTTP 201 is success (../shared/spec/site-spec.md §7). */
export type PostResult =
  | {
      ok: true
      /** The reference the API gave the submission (`{id}`), when it sent one. */
      id?: string
    }
  | {
      ok: false
      /** The HTTP status, when the server answered at all. */
      status?: number
      /** The server's message per field when it answered 422 `{errors: {field: message}}`. */
      fieldErrors?: Record<string, string>
    }

/**
 * Starts loading the request helper (and axios with it). A form page does not need it until the
 * visitor sends something, so it is fetched when their pointer reaches the form or they first focus a field, not with
 * the page.
 */
export const preloadRequest = loadOnce(() => import('../../lib/request.ts'))

/**
 * Where a form posts without JavaScript (before hydration, or when the scripts never arrive): the same
 * endpoint, form-encoded; the intake API answers with a page (docs/decisions.md, "Forms").
 */
export const formAction = (path: string) => `${site.apiBase}${path}`

/**
 * Sends one form to `<apiBase><path>` through the shared request helper. The honeypot goes along
 * only when something is in it, so a person's submission never carries it. Never rejects: a network
 * failure, a timeout or a helper that failed to load is a failure like any non-201 answer.
 */
export async function postForm(path: string, payload: object, honeypot: string): Promise<PostResult> {
  const data = honeypot === '' ? payload : { ...payload, website: honeypot }
  try {
    const { request } = await preloadRequest()
    const response = await request(
      { url: path, method: 'post', data },
      { baseURL: site.apiBase, timeout: site.apiTimeoutMs },
    )
    if (response.status !== 201) return { ok: false, status: response.status }
    const id = (response.data as { id?: unknown } | null)?.id
    return typeof id === 'string' ? { ok: true, id } : { ok: true }
  } catch (error) {
    const response = (error as { response?: { status?: unknown; data?: unknown } } | null)?.response
    if (typeof response?.status !== 'number') return { ok: false }
    const fieldErrors = response.status === 422 ? fieldErrorsOf(response.data) : undefined
    return fieldErrors
      ? { ok: false, status: response.status, fieldErrors }
      : { ok: false, status: response.status }
  }
}

/** The `{errors: {field: message}}` of a 422 body, keeping only string messages. */
function fieldErrorsOf(body: unknown): Record<string, string> | undefined {
  const errors = (body as { errors?: unknown } | null)?.errors
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return undefined
  const found = Object.entries(errors).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  )
  return found.length > 0 ? Object.fromEntries(found) : undefined
}
