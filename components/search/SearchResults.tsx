import { excerptParts, type Result } from './pagefind.ts'

/**
 * The listbox of results under the search field. The options are links, so a click is client-side
 * navigation and a middle click opens a tab; `optionId(i)` is what the field's
 * `aria-activedescendant` names.
 */
export function SearchResults({
  id,
  results,
  active,
  optionId,
  onChoose,
  onPoint,
}: {
  id: string
  results: readonly Result[]
  active: number
  optionId: (index: number) => string
  onChoose: () => void
  onPoint: (index: number) => void
}) {
  return (
    <div id={id} role="listbox" aria-label="Search results" className="search-dialog__results">
      {results.map((r, i) => (
        <a
          key={r.url}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          tabIndex={-1}
          href={r.url}
          className="search-result"
          onClick={onChoose}
          onPointerMove={() => onPoint(i)}
        >
          {r.thumb ? (
            <img className="search-result__thumb" src={r.thumb} alt="" width={48} height={48} />
          ) : (
            <span className="search-result__thumb search-result__thumb--page" aria-hidden="true" />
          )}
          <span className="search-result__text">
            <span className="search-result__title">{r.title}</span>
            {r.category && <span className="search-result__category">{r.category}</span>}
            <span className="search-result__excerpt">
              {excerptParts(r.excerpt).map((part, j) =>
                // biome-ignore lint/suspicious/noArrayIndexKey: parts are fixed for one result
                part.mark ? <mark key={j}>{part.text}</mark> : <span key={j}>{part.text}</span>,
              )}
            </span>
          </span>
        </a>
      ))}
    </div>
  )
}
