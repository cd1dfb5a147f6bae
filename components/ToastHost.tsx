import { useCallback, useEffect, useState } from 'react'
import { lazyComponent } from './lazy-component.tsx'

const Toasts = lazyComponent(() => import('./Toasts.tsx').then((m) => m.Toasts))

/**
 * Mounts the toaster once the page is idle after hydration. No toast is needed to show a page, so the
 * toast library stays out of the first load; a toast raised earlier waits in its store and shows as
 * soon as the toaster mounts. When the toaster cannot be fetched (the connection dropped), the next
 * key or pointer press tries again: that is when a visitor does something that may raise a toast.
 */
export function ToastHost() {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 2000 })
      return () => window.cancelIdleCallback(id)
    }
    const id = setTimeout(() => setReady(true), 200)
    return () => clearTimeout(id)
  }, [])
  const retryOnNextAction = useCallback(() => {
    setReady(false)
    const again = () => {
      for (const type of ['pointerdown', 'keydown'] as const) window.removeEventListener(type, again, true)
      setReady(true)
    }
    for (const type of ['pointerdown', 'keydown'] as const) window.addEventListener(type, again, true)
  }, [])
  if (!ready) return null
  return <Toasts onLoadError={retryOnNextAction} />
}

/** Shows a plain toast, loading the toast library first if this page has not loaded it yet. */
export function notify(message: string, id?: string): void {
  void import('react-hot-toast').then(({ toast }) => toast(message, id ? { id } : {}))
}
