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
