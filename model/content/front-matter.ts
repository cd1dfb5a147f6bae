/**
 * Splits a Markdown file into its front matter (between the first two `---` lines) and the Markdown.
 * Done here, not by gray-matter, so a YAML mistake in it is located like any other (gray-matter throws
 * js-yaml's error with no file name).
 */
export function splitFrontMatter(source: string): { matter: string; content: string } | undefined {
  const match = /^---[ \t]*\r?\n([\s\S]*?)^---[ \t]*(?:\r?\n|$)/m.exec(source)
  if (!match || match.index !== 0) return undefined
  return { matter: match[1] ?? '', content: source.slice(match[0].length) }
}

/** The Markdown of a file with front matter, and the line it starts on (the whole file without it). */
export function markdownBody(source: string): { text: string; line: number } {
  const split = splitFrontMatter(source)
  if (!split) return { text: source, line: 1 }
  const before = source.slice(0, source.length - split.content.length)
  return { text: split.content, line: before.split('\n').length }
}
