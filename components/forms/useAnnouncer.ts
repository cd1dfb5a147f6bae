import { useCallback, useRef, useState } from 'react'

/**
 * The text of a form's polite live region. `announce` says a message (the same words twice in a row
 * are said again: a live region only speaks on a change); `announceLeft` says the problem of a field
 * the visitor has just left, once per message, until the field's problem changes or goes.
 */
export function useAnnouncer() {
  const [announcement, setAnnouncement] = useState('')
  const lastSaid = useRef(new Map<string, string>())

  const announce = useCallback((message: string) => {
    setAnnouncement((previous) => (previous === message ? `${message}\u00a0` : message))
  }, [])

  const announceLeft = useCallback(
    (field: string, message: string | undefined) => {
      if (message === undefined) lastSaid.current.delete(field)
      else if (lastSaid.current.get(field) !== message) {
        lastSaid.current.set(field, message)
        announce(message)
      }
    },
    [announce],
  )

  /** Empties the region, and forgets what was said about fields (a reset form starts afresh). */
  const clear = useCallback((forgetFields = false) => {
    setAnnouncement('')
    if (forgetFields) lastSaid.current.clear()
  }, [])

  return { announcement, announce, announceLeft, clear }
}
