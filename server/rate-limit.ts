/** The answer for one request: allowed, or refused with how long to wait. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export interface RateLimiter {
  /** Counts one request from `client` at `now` (ms) and says whether it may go on. */
  take(client: string, now?: number): RateDecision
  /** Forgets clients whose allowance is full again (keeps memory bounded). */
  sweep(now?: number): void
  readonly size: number
}

interface Bucket {
  tokens: number
  at: number
}

/**
 * A token bucket per client: `perMinute` requests in a burst, refilled evenly over a minute. A client
 * that sends steadily below the limit is never refused; one that bursts waits only for the next token.
 */
export function rateLimiter(perMinute: number): RateLimiter {
  if (!Number.isInteger(perMinute) || perMinute < 1)
    throw new RangeError('perMinute must be a positive integer')
  const perMs = perMinute / 60_000
  const buckets = new Map<string, Bucket>()

  const refill = (bucket: Bucket, now: number) => {
    bucket.tokens = Math.min(perMinute, bucket.tokens + Math.max(0, now - bucket.at) * perMs)
    bucket.at = now
  }

  return {
    take(client, now = Date.now()) {
      let bucket = buckets.get(client)
      if (!bucket) {
        bucket = { tokens: perMinute, at: now }
        buckets.set(client, bucket)
      }
      refill(bucket, now)
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1
        return { allowed: true }
      }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)) }
    },
    sweep(now = Date.now()) {
      for (const [client, bucket] of buckets) {
        refill(bucket, now)
        if (bucket.tokens >= perMinute) buckets.delete(client)
      }
    },
    get size() {
      return buckets.size
    },
  }
}
