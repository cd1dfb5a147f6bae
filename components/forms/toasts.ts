import type { ToastOptions } from 'react-hot-toast'

/** Options of the enquiry and warranty toasts (../shared/spec/site-spec.md §9: top-center, 5000 ms). */
export const LONG_TOAST: ToastOptions = { position: 'top-center', duration: 5000 }

// The toast library is fetched when the first toast is raised (the toaster itself mounts once the
// page is idle, see ToastHost), so it is not part of a form page's first load.
const library = () => import('react-hot-toast')

/** A success toast, announced politely (`role="status"`, react-hot-toast's default). */
export function toastSuccess(message: string, options?: ToastOptions): void {
  void library().then(({ toast }) => toast.success(message, options))
}

/**
 * An error toast, announced at once (`role="alert"`, ../shared/spec/DECISIONS.md, Semantics). The role is set on the
 * toast itself: react-hot-toast lays every toast's own (default `status`) aria props over the
 * toaster's per-type options, so an `error.ariaProps` on the `<Toaster>` never reaches the page.
 */
export function toastError(message: string, options?: ToastOptions): void {
  void library().then(({ toast }) =>
    toast.error(message, { ...options, ariaProps: { role: 'alert', 'aria-live': 'assertive' } }),
  )
}
