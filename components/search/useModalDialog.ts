import { type MouseEvent, type SyntheticEvent, useEffect, useRef } from 'react'

/**
 * A native modal `<dialog>` that the component's owner closes: shown as the component mounts, closed
 * as it unmounts. Escape (the dialog's `cancel`, which the browser sends however deep focus is) and a
 * click on the backdrop call `onClose` once; so does a close the browser makes on its own (a second
 * Escape with no click between, which Chromium closes without a `cancel`). Spread the result on the
 * `<dialog>`.
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const el = ref.current
    el?.showModal()
    return () => el?.close()
  }, [])

  return {
    ref,
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault()
      onClose()
    },
    // The close event comes a task after the close: one the effect's cleanup made before showing the
    // dialog again (React runs effects twice in development) finds it open, and means nothing.
    onClose: (event: SyntheticEvent<HTMLDialogElement>) => {
      if (!event.currentTarget.open) onClose()
    },
    // A click on the backdrop reaches the dialog itself; one inside the panel reaches its content.
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === event.currentTarget) onClose()
    },
  }
}
