import type { Page } from '@playwright/test'

/** One request the page sent to the intake API. */
export interface ApiCall {
  /** e.g. `/api/contactinformations` */
  path: string
  method: string
  /** The parsed JSON body. */
  body: unknown
}

/** How the mock answers one call. */
export interface ApiAnswer {
  /** HTTP status; 201 unless given. */
  status?: number
  /** JSON body; `{}` unless given. */
  body?: unknown
  /** Keep the answer back until `release()` is called (to see the page while it waits). */
  hold?: boolean
}

export interface MockApi {
  /** Every call so far, in order. */
  calls: ApiCall[]
  /**
   * Lets every held answer go, once at least one is held: the page shows its loader as it starts to
   * send, before its request reaches this mock, so a release right after seeing the loader could
   * otherwise come before the request it means to answer, and that answer would be held forever.
   */
  release(): Promise<void>
  /** Resolves once `count` calls have arrived. */
  waitForCalls(count: number): Promise<void>
}

/**
 * Stands in for the intake API: the test server is a plain static host with no API, so every request
 * under `/api/` is answered here, and its body recorded.
 */
export async function mockApi(
  page: Page,
  answer: ApiAnswer | ((call: ApiCall, index: number) => ApiAnswer) = {},
): Promise<MockApi> {
  const calls: ApiCall[] = []
  const held: (() => void)[] = []
  let onHeld: (() => void) | undefined
  const waiters: { count: number; done: () => void }[] = []
  // A held answer waits for the test, which on a loaded machine can take longer than the page's own
  // request timeout (apiTimeoutMs, 10 s): the page would give up on its own and the test would see a
  // failure it did not ask for. While an answer may be held, the page's requests do not time out.
  const holds = typeof answer === 'function' || answer.hold === true
  if (holds)
    await page.addInitScript(() => {
      Object.defineProperty(XMLHttpRequest.prototype, 'timeout', { get: () => 0, set: () => {} })
    })

  await page.route('**/api/**', async (route) => {
    const request = route.request()
    const call: ApiCall = {
      path: new URL(request.url()).pathname,
      method: request.method(),
      body: request.postDataJSON(),
    }
    const index = calls.push(call) - 1
    for (const waiter of waiters.filter((w) => calls.length >= w.count)) waiter.done()
    const reply = typeof answer === 'function' ? answer(call, index) : answer
    if (reply.hold)
      await new Promise<void>((resolve) => {
        held.push(resolve)
        onHeld?.()
      })
    await route
      .fulfill({
        status: reply.status ?? 201,
        contentType: 'application/json',
        body: JSON.stringify(reply.body ?? {}),
      })
      // The page may have moved on (or the test ended) while the answer was held.
      .catch(() => undefined)
  })

  return {
    calls,
    release: async () => {
      if (held.length === 0)
        await new Promise<void>((resolve) => {
          onHeld = resolve
        })
      onHeld = undefined
      for (const resolve of held.splice(0)) resolve()
    },
    waitForCalls: (count) =>
      calls.length >= count ? Promise.resolve() : new Promise((done) => waiters.push({ count, done })),
  }
}
