/** The middle value of a sample (the upper of the two middle ones for an even count); 0 for none. */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
}

/** The value at fraction `p` (0.99 for p99) of a sample, nearest rank; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0
}

/** Bytes as whole mebibytes, as the benches print memory. */
export function mebibytes(bytes: number): number {
  return Math.round(bytes / 1024 / 1024)
}

/** What `fn` gave and how long it took, in whole milliseconds. */
export async function time<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now()
  const value = await fn()
  return { ms: Math.round(performance.now() - start), value }
}
