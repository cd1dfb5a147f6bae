/** An envelope icon. Decorative unless given a `title`, which becomes its accessible name. */
export function EnvelopeIcon({
  size = 24,
  title,
  className,
}: {
  size?: number
  title?: string
  className?: string
}) {
  const shape = (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <path d="m4 7 8 6 8-6" />
    </>
  )
  const props = {
    className,
    viewBox: '0 0 24 24',
    width: size,
    height: size,
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.8,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    focusable: 'false' as const,
  }
  if (title)
    return (
      <svg {...props} role="img" aria-label={title}>
        <title>{title}</title>
        {shape}
      </svg>
    )
  return (
    <svg {...props} aria-hidden="true">
      {shape}
    </svg>
  )
}
