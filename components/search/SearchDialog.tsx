import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { Glyph } from '../Glyph.tsx'
import { excerptParts, loadPagefind, loadWords, type Result, searchSite } from './pagefind.ts'
import { suggest } from './suggest.ts'
import './search.css'

/** Typing pauses this long before a query runs. */
const DEBOUNCE_MS = 120

interface Found {
  term: string
  results: Result[]
  suggestion?: string | undefined
}

/**
 * The search dialog (a modal `<dialog>`): a labelled search box that is a combobox over a listbox of
 * results. Results come as you type; ArrowDown/ArrowUp move through them, Enter goes to the chosen
 * one (client-side navigation), Escape or the close button closes. A query with a word the index
 * does not have offers a spelling correction from the indexed words.
 */
export default function SearchDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const [query, setQuery] = useState('')
  const [found, setFound] = useState<Found | null>(null)
  const [active, setActive] = useState(0)
  const [failed, setFailed] = useState(false)
  const ids = useId()
  const listId = `${ids}-results`
  const optionId = (i: number) => `${ids}-result-${i}`

  useEffect(() => {
    const el = dialog.current
    el?.showModal()
    // Start fetching the index while the visitor types the first letters.
    loadPagefind().catch(() => setFailed(true))
    return () => el?.close()
  }, [])

  useEffect(() => {
    const term = query.trim()
    if (!term) {
      setFound(null)
      return
    }
    let stale = false
    const timer = setTimeout(async () => {
      try {
        // A misspelt word is dropped from a longer query rather than failing it: offer the correction
        // whether or not the rest found something.
        const [results, words] = await Promise.all([searchSite(term), loadWords().catch(() => [])])
        const suggestion = suggest(term, words)
        if (stale) return
        setFound({ term, results, suggestion })
        setActive(0)
        setFailed(false)
      } catch {
        if (!stale) setFailed(true)
      }
    }, DEBOUNCE_MS)
    return () => {
      stale = true
      clearTimeout(timer)
    }
  }, [query])

  const results = found?.results ?? []
  // Enter follows the chosen result's link as a click would: the router turns it into client-side
  // navigation, and the dialog needs no router module of its own (one chunk less to fetch on first use).
  const go = (index: number) => document.getElementById(optionId(index))?.click()

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const n = results.length
    if (event.key === 'ArrowDown' && n) setActive((i) => (i + 1) % n)
    else if (event.key === 'ArrowUp' && n) setActive((i) => (i - 1 + n) % n)
    else if (event.key === 'Enter' && n) go(active)
    else return
    event.preventDefault()
  }

  return (
    // A click on the backdrop reaches the dialog itself and closes it; the keyboard has Escape.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog natively (cancel event)
    <dialog
      ref={dialog}
      className="search-dialog"
      aria-labelledby={`${ids}-label`}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div className="search-dialog__panel">
        <div className="search-dialog__bar">
          <Glyph name="search" className="search-dialog__icon" />
          <label id={`${ids}-label`} htmlFor={`${ids}-input`} className="visually-hidden">
            Search products, specifications and brochures
          </label>
          <input
            ref={input}
            id={`${ids}-input`}
            className="search-dialog__input"
            type="search"
            role="combobox"
            aria-expanded={results.length > 0}
            aria-controls={results.length ? listId : undefined}
            aria-autocomplete="list"
            aria-activedescendant={results.length ? optionId(active) : undefined}
            placeholder="Search products, specs, brochures"
            autoComplete="off"
            spellCheck={false}
            autoFocus
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <button type="button" className="search-dialog__close" onClick={onClose}>
            <Glyph name="close" size={18} />
            <span className="visually-hidden">Close search</span>
          </button>
        </div>
        {results.length > 0 && (
          <div id={listId} role="listbox" aria-label="Search results" className="search-dialog__results">
            {results.map((r, i) => (
              <a
                key={r.url}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                tabIndex={-1}
                href={r.url}
                className="search-result"
                onClick={onClose}
                onPointerMove={() => setActive(i)}
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
        )}
        {/* biome-ignore lint/a11y/useSemanticElements: it holds paragraphs, which <output> may not */}
        <div role="status" className="search-dialog__status">
          {failed ? (
            <p>Search is not available right now. Check your connection and try again.</p>
          ) : found ? (
            <>
              {results.length ? (
                <p className="visually-hidden">
                  {results.length} {results.length === 1 ? 'result' : 'results'} for “{found.term}”
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
                    onClick={() => {
                      setQuery(found.suggestion ?? '')
                      input.current?.focus()
                    }}
                  >
                    {found.suggestion}
                  </button>
                  ?
                </p>
              ) : (
                !results.length && (
                  <p>Try a product name, a feature such as “RS485”, or a category such as “railway”.</p>
                )
              )}
            </>
          ) : (
            <p className="search-dialog__hint">
              Find a product by name, feature or specification. <kbd>↑</kbd> <kbd>↓</kbd> to choose,{' '}
              <kbd>Enter</kbd> to go, <kbd>Esc</kbd> to close.
            </p>
          )}
        </div>
      </div>
    </dialog>
  )
}
