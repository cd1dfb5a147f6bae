/**
 * The words of the indexed text that a misspelling can be corrected to: lower case, at least three
 * characters with a letter in them, most frequent first (the suggestion prefers them on a tie).
 */
export function vocabulary(texts: readonly string[]): string[] {
  const counts = new Map<string, number>()
  for (const text of texts)
    for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
      if (word.length >= 3 && /\p{L}/u.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([word]) => word)
}
