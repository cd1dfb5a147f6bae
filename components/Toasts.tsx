import { useEffect } from 'react'
import { Toaster, toast, useToasterStore } from 'react-hot-toast'

/** ../shared/spec/site-spec.md §9: at most this many toasts show at once; the oldest give way. */
export const TOAST_LIMIT = 20
/** ../shared/spec/site-spec.md §9: the generic toast durations. */
export const TOAST_DURATION = { success: 2000, error: 4000 } as const

/**
 * The one toaster of the site, top-center (../shared/spec/site-spec.md §2), under the sticky header rather than over
 * its logo and navigation (a success toast stays 5 s). Toasts are announced: ordinary and success
 * toasts politely (role="status"), errors at once (role="alert").
 */
export function Toasts() {
  const { toasts } = useToasterStore()

  useEffect(() => {
    const visible = toasts.filter((t) => t.visible).sort((a, b) => b.createdAt - a.createdAt)
    for (const old of visible.slice(TOAST_LIMIT)) toast.dismiss(old.id)
  }, [toasts])

  return (
    <Toaster
      position="top-center"
      containerStyle={{ top: 'calc(var(--header-h) + 0.75rem)' }}
      toastOptions={{
        ariaProps: { role: 'status', 'aria-live': 'polite' },
        style: { color: '#1b2430', fontWeight: 600, maxWidth: '28rem' },
        success: { duration: TOAST_DURATION.success },
        error: { duration: TOAST_DURATION.error, ariaProps: { role: 'alert', 'aria-live': 'assertive' } },
      }}
    />
  )
}
