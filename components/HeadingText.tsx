/**
 * Heading text that wraps only between words: a hyphenated word stays whole, so a product name never
 * breaks as "Industrial Rugged 16- / Port". The text is as written (search, copy and screen readers see
 * the same hyphen); only the line breaking changes. Text without a hyphenated word stays one string, so
 * the pre-rendered HTML is the plain heading.
 */
export function HeadingText({ text }: { text: string }) {
  const parts = text.split(/(\S+-\S+)/)
  if (parts.length === 1) return text
  return (
    <>
      {parts.map((part, i) =>
        i % 2 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one heading never move
          <span key={i} className="nowrap">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  )
}
