import './Spinner.css'

/**
 * The shared loading indicator: a spinning ring with a visible label, announced politely to screen
 * readers (role="status"). Use it wherever content is genuinely pending.
 */
export function Spinner({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    // role="status" rather than <output>: screen readers announce it more reliably.
    // biome-ignore lint/a11y/useSemanticElements: a live region, not a form result
    <div role="status" className={className ? `spinner ${className}` : 'spinner'}>
      <span className="spinner__ring" aria-hidden="true" />
      <span className="spinner__label">{label}</span>
    </div>
  )
}
