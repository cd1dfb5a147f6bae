/**
 * The words of the indexed text that a misspelling can be corrected to: lower case, at least three
 * characters with a letter in them, most frequent first (the suggestion prefers them on a tie).
 */
export function vocabulary(texts: readonly string[]): string[] {
  const counted = wordCounts()
  for (const text of texts) counted.add(text)
  return counted.vocabulary()
}

/**
 * {@link vocabulary}, counted one text at a time: the index counts each page's words as it hands the
 * page to Pagefind, so only the sort is left when Pagefind has every page (counting a thousand pages at
 * once took 0.2 s, in which Pagefind waited to write).
 */
export function wordCounts() {
  const counts = new Map<string, number>()
  return {
    add(text: string): void {
      for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
        if (word.length >= 3 && /\p{L}/u.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1)
    },
    vocabulary: (): string[] =>
      [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([word]) => word),
  }
}
