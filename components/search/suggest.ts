/**
 * Edit distance with adjacent transpositions (optimal string alignment), stopping early once it must
 * exceed `max`: "swich" → "switch" is 1, "etherent" → "ethernet" is 1.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (before[j - 2] ?? 0) + 1)
      current[j] = d
      best = Math.min(best, d)
    }
    if (best > max) return max + 1
    before = previous
    previous = current
  }
  return previous[b.length] ?? 0
}

/** How far a word of this length may be from the one meant: short words allow one slip, longer two. */
const allowed = (length: number) => (length <= 4 ? 1 : 2)

/**
 * A corrected query for one that found nothing: each word that is not in `words` (the indexed
 * vocabulary, most frequent first) becomes the nearest word that is, the more frequent on a tie.
 * Undefined when nothing needs correcting or some word has nothing near it.
 */
export function suggest(query: string, words: readonly string[]): string | undefined {
  const known = new Set(words)
  let changed = false
  const corrected: string[] = []
  for (const token of query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (known.has(token) || token.length < 3) {
      corrected.push(token)
      continue
    }
    const max = allowed(token.length)
    let best: { word: string; distance: number } | undefined
    for (const word of words) {
      const distance = editDistance(token, word, best ? best.distance - 1 : max)
      if (distance <= max && (!best || distance < best.distance)) best = { word, distance }
      if (best?.distance === 1) break
    }
    if (!best) return undefined
    corrected.push(best.word)
    changed = true
  }
  return changed ? corrected.join(' ') : undefined
}
