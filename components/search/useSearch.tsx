import { useCallback, useEffect, useRef, useState } from 'react'
import { lazyComponent } from '../lazy-component.tsx'
import { notify } from '../ToastHost.tsx'

// The dialog, its styles and Pagefind load on first use, never with the page.
const SearchDialog = lazyComponent(() => import('./SearchDialog.tsx').then((m) => m.default))

/** Said when the dialog itself could not be fetched; the next open fetches it again. */
export const SEARCH_UNAVAILABLE = 'Search could not load. Check your connection and try again.'

/** Whether a key press is typing into something (where `/` is a character, not a shortcut). */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))

/**
 * The site search as the header holds it: `open` shows the dialog, as do `/` and Ctrl/Cmd+K anywhere
 * on the page; closing returns focus to whatever had it before.
 */
export function useSearch() {
  const [shown, setShown] = useState(false)
  const opener = useRef<HTMLElement | null>(null)

  const open = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setShown(true)
  }, [])

  const close = useCallback(() => setShown(false), [])

  // Focus goes back once the dialog has gone: while it is modal, the rest of the page is inert.
  useEffect(() => {
    if (shown) return
    opener.current?.focus()
    opener.current = null
  }, [shown])

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const chord = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k'
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey
      if (!chord && !(slash && !typing(event.target))) return
      event.preventDefault()
      open()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  const unavailable = useCallback(() => {
    setShown(false)
    notify(SEARCH_UNAVAILABLE, 'search-unavailable')
  }, [])

  const dialog = shown && <SearchDialog onClose={close} onLoadError={unavailable} />
  return { open, dialog }
}
