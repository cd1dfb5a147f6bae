import { lazy, Suspense, useEffect, useState } from 'react'

const Toasts = lazy(() => import('./Toasts.tsx').then((m) => ({ default: m.Toasts })))

/**
 * Mounts the toaster once the page is idle after hydration. No toast is needed to show a page, so the
 * toast library stays out of the first load; a toast raised earlier waits in its store and shows as
 * soon as the toaster mounts.
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
  if (!ready) return null
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  )
}

/** Shows a plain toast, loading the toast library first if this page has not loaded it yet. */
export function notify(message: string, id?: string): void {
  void import('react-hot-toast').then(({ toast }) => toast(message, id ? { id } : {}))
}
