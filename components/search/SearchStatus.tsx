import type { Found } from './useSiteSearch.ts'

/**
 * The dialog's live region: how many results a query found (said, not shown, when there are some),
 * that it found none, a spelling correction to try, that the index could not be reached, or before
 * any query, how to use the dialog.
 */
export function SearchStatus({
  found,
  failed,
  onSuggestion,
}: {
  found: Found | null
  failed: boolean
  onSuggestion: (suggestion: string) => void
}) {
  const count = found?.results.length ?? 0
  return (
    // biome-ignore lint/a11y/useSemanticElements: it holds paragraphs, which <output> may not
    <div role="status" className="search-dialog__status">
      {failed ? (
        <p>Search is not available right now. Check your connection and try again.</p>
      ) : found ? (
        <>
          {count ? (
            <p className="visually-hidden">
              {count} {count === 1 ? 'result' : 'results'} for “{found.term}”
            </p>
          ) : (
            <p>No results for “{found.term}”.</p>
          )}
          {found.suggestion ? (
            <p>
              Did you mean{' '}
              <button
                type="button"
                className="search-dialog__suggestion"
                onClick={() => onSuggestion(found.suggestion ?? '')}
              >
                {found.suggestion}
              </button>
              ?
            </p>
          ) : (
            !count && <p>Try a product name, a feature such as “RS485”, or a category such as “railway”.</p>
          )}
        </>
      ) : (
        <p className="search-dialog__hint">
          Find a product by name, feature or specification. <kbd>↑</kbd> <kbd>↓</kbd> to choose,{' '}
          <kbd>Enter</kbd> to go, <kbd>Esc</kbd> to close.
        </p>
      )}
    </div>
  )
}
