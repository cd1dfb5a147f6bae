import { useCallback, useRef } from 'react'

type Editable = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/**
 * The form's field elements by name: `refFor(name)` is the ref callback for a field (the same function
 * on every render, so React does not detach and reattach it), `focus(name)` moves focus there.
 */
export function useFieldElements<F extends string>() {
  const elements = useRef(new Map<string, Editable>())
  const callbacks = useRef(new Map<string, (element: Editable | null) => void>())

  const refFor = useCallback((name: F) => {
    let callback = callbacks.current.get(name)
    if (!callback) {
      callback = (element) => {
        if (element) elements.current.set(name, element)
        else elements.current.delete(name)
      }
      callbacks.current.set(name, callback)
    }
    return callback
  }, [])

  const focus = useCallback((name: F) => elements.current.get(name)?.focus(), [])

  return { refFor, focus }
}
