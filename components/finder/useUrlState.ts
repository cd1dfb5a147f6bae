import { useEffect, useState } from 'react'

export interface UrlStateOptions<T> {
  /** What the page shows before it has read its address: the pre-rendered HTML's view. */
  initial: T
  /**
   * The state a query string holds. The address is read again whenever this function changes, so
   * give a new one (useCallback) only when what it can read changes (the whole catalogue loaded).
   */
  read: (search: string) => T
  /** The address (path and query) of a state. */
  href: (state: T) => string
  /** The address the page was reached by (Vike's `urlOriginal`): another one is read again. */
  address: string
}

/**
 * A page's view kept in its address, so it can be shared and Back and Forward return to it: the
 * catalogue's filters, the comparison's products. The HTML is pre-rendered without a query, so the
 * address is read once the page has hydrated (effects run only then), again when the page is reached
 * by another address, and on Back and Forward (`popstate`: Vike renders nothing for entries the page
 * pushed itself). `change` shows a state and pushes its address as a history entry of its own.
 */
export function useUrlState<T>({ initial, read, href, address }: UrlStateOptions<T>) {
  const [state, setState] = useState(initial)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `address` only says when to read again
  useEffect(() => {
    const readAddress = () => setState(read(window.location.search))
    readAddress()
    window.addEventListener('popstate', readAddress)
    return () => window.removeEventListener('popstate', readAddress)
  }, [read, address])

  const change = (next: T) => {
    setState(next)
    window.history.pushState(null, '', href(next))
  }
  return [state, change] as const
}
