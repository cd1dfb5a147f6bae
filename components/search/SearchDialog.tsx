import { useId, useRef, useState } from 'react'
import { Glyph } from '../Glyph.tsx'
import { SearchResults } from './SearchResults.tsx'
import { SearchStatus } from './SearchStatus.tsx'
import { useActiveOption } from './useActiveOption.ts'
import { useModalDialog } from './useModalDialog.ts'
import { useSiteSearch } from './useSiteSearch.ts'
import './search.css'

/**
 * The search dialog (a modal `<dialog>`): a labelled search box that is a combobox over a listbox of
 * results. Results come as you type; ArrowDown/ArrowUp move through them, Enter goes to the chosen
 * one (client-side navigation), one Escape or the one close button closes, whatever is typed or
 * focused. A query with a word the index does not have offers a spelling correction.
 */
export default function SearchDialog({ onClose }: { onClose: () => void }) {
  const dialog = useModalDialog(onClose)
  const input = useRef<HTMLInputElement>(null)
  const [query, setQuery] = useState('')
  const { found, failed } = useSiteSearch(query)
  const results = found?.results ?? []
  const ids = useId()
  const listId = `${ids}-results`
  const optionId = (i: number) => `${ids}-result-${i}`
  // Enter follows the chosen result's link as a click would: the router turns it into client-side
  // navigation, and the dialog needs no router module of its own (one chunk less to fetch on first use).
  const { active, setActive, onKeyDown } = useActiveOption(found, results.length, (i) =>
    document.getElementById(optionId(i))?.click(),
  )

  return (
    // A click on the backdrop closes it; the keyboard has Escape (the dialog's cancel).
    <dialog {...dialog} className="search-dialog" aria-labelledby={`${ids}-label`}>
      <div className="search-dialog__panel">
        <div className="search-dialog__bar">
          <Glyph name="search" className="search-dialog__icon" />
          <label id={`${ids}-label`} htmlFor={`${ids}-input`} className="visually-hidden">
            Search products, specifications and brochures
          </label>
          {/* A text field, not type="search": a search field draws a clear button of its own beside the
              dialog's close button, and takes the first Escape to clear itself instead of closing. */}
          <input
            ref={input}
            id={`${ids}-input`}
            className="search-dialog__input"
            type="text"
            inputMode="search"
            enterKeyHint="search"
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
          <SearchResults
            id={listId}
            results={results}
            active={active}
            optionId={optionId}
            onChoose={onClose}
            onPoint={setActive}
          />
        )}
        <SearchStatus
          found={found}
          failed={failed}
          onSuggestion={(suggestion) => {
            setQuery(suggestion)
            input.current?.focus()
          }}
        />
      </div>
    </dialog>
  )
}
