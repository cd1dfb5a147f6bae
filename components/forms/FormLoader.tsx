import { Spinner } from '../Spinner.tsx'

interface FormLoaderProps {
  /** What is happening, e.g. 'Sending your message…'. */
  label: string
  /** Keeps the card as tall as the form it replaces, so the page does not jump. */
  minHeight?: number | undefined
}

/**
 * What shows in place of a form while it is being sent: the shared spinner, for the eyes only. The
 * words are announced by the form's own live region, which exists before the submission starts (a
 * live region inserted with its text already in it is not reliably spoken), so the spinner's own
 * status role is hidden here to avoid saying it twice.
 */
export function FormLoader({ label, minHeight }: FormLoaderProps) {
  return (
    <div className="form-loader" aria-hidden="true" style={minHeight ? { minHeight } : undefined}>
      <Spinner label={label} />
    </div>
  )
}
