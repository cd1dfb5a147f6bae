/**
 * The one request helper every call goes through (../shared/spec/site-spec.md §7, §8). It runs in the
 * browser and in Node; the caller passes the configuration (the browser reads it from the site content,
 * tests pass their own), so nothing here is global.
 *
 * HTTP status: axios's default applies, so any status outside 2xx rejects with an AxiosError that
 * carries `response` (status, and the 422 `{errors}` body of the intake API). That rejection is an
 * "other request error" of §8: logged as 'API Request Error' and rethrown unchanged. A 2xx resolves
 * with the full response; the forms still treat only 201 as success.
 */
import axios, { AxiosError, type AxiosResponse, type Method } from 'axios'

/** §9: the API timeout when the configuration gives none. */
export const DEFAULT_TIMEOUT_MS = 10_000

/** The header set every request starts from: JSON bodies. */
export const DEFAULT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Type': 'application/json',
})

/** What a timed-out request rejects with (§8). */
export const TIMEOUT_MESSAGE = 'Request Timeout: Please try again later.'

/** One call. */
export interface RequestOptions {
  /** Path under the base address (an absolute URL bypasses it, as axios does). Required. */
  url: string
  /** Defaults to `get`. */
  method?: Method
  /** Headers for this call, laid over the configured set (names compare case-insensitively). */
  header?: Record<string, string>
  /** The body; a plain object is sent as JSON. */
  data?: unknown
}

/** Where and how long: from the site configuration in the browser, from the test in tests. */
export interface RequestConfig {
  /** Prepended to every relative url, e.g. `/api` or `https://api.example.com`. */
  baseURL: string
  /** Milliseconds before giving up; defaults to {@link DEFAULT_TIMEOUT_MS}. */
  timeout?: number
  /** Headers of every call, laid over {@link DEFAULT_HEADERS}. */
  headers?: Record<string, string>
}

/**
 * Sends one request and resolves with the full axios response.
 *
 * @throws Error('url is required') when `url` is empty, before anything is sent.
 * @throws Error({@link TIMEOUT_MESSAGE}) when the timeout passes (logged first; `cause` is the axios error).
 * @throws the axios error itself, unchanged, for anything else (logged first as 'API Request Error').
 */
export async function request<T = unknown>(
  { url, method = 'get', header, data }: RequestOptions,
  config: RequestConfig,
): Promise<AxiosResponse<T>> {
  if (!url) throw new Error('url is required')
  try {
    return await axios.request<T>({
      url,
      method,
      data,
      baseURL: config.baseURL,
      timeout: config.timeout ?? DEFAULT_TIMEOUT_MS,
      headers: { ...DEFAULT_HEADERS, ...config.headers, ...header },
      // Tells a timeout (ETIMEDOUT) apart from an abort (ECONNABORTED), which is not a timeout.
      transitional: { ...axios.defaults.transitional, clarifyTimeoutError: true },
    })
  } catch (error) {
    if (isTimeout(error)) {
      console.error('Request Timeout', error)
      throw new Error(TIMEOUT_MESSAGE, { cause: error })
    }
    console.error('API Request Error', error)
    throw error
  }
}

function isTimeout(error: unknown): boolean {
  return axios.isAxiosError(error) && error.code === AxiosError.ETIMEDOUT
}
