/** Milliseconds since `start` (from `performance.now()`), rounded. */
export function elapsed(start: number): number {
  return Math.round(performance.now() - start)
}

/** Human form of a duration: `850 ms` or `2.4 s`. */
export function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`
}

/** Human form of a byte count: `812 B`, `14.2 KB`, `3.1 MB`. */
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`
  return `${(n / 1024 / 1024).toFixed(1)} MB`
}

/** `2026-11-26 14:05:09`, in local time. */
export function formatTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
}
