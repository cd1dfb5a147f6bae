import type { ReactNode } from 'react'

interface LineArtProps {
  /** The drawing's square grid: `viewBox="0 0 box box"`. */
  box: number
  /** Stroke width in grid units. */
  weight: number
  /** Rendered width and height in px; the grid size unless given. */
  size?: number | undefined
  className?: string | undefined
  children: ReactNode
}

/**
 * A decorative line drawing in the current text colour, with round ends and joins. Hidden from
 * assistive technology and never focusable: the control or text beside it carries the meaning.
 */
export function LineArt({ box, weight, size = box, className, children }: LineArtProps) {
  return (
    <svg
      className={className}
      aria-hidden="true"
      focusable="false"
      viewBox={`0 0 ${box} ${box}`}
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={weight}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  )
}

/** The interface's own glyphs (product content has its icon set in `product/Icon.tsx`). */
const GLYPHS = {
  'arrow-up': { box: 20, weight: 2, shape: <path d="M10 16V4M4.5 9.5 10 4l5.5 5.5" /> },
  'arrow-down': { box: 20, weight: 2, shape: <path d="M10 4v12M4.5 10.5 10 16l5.5-5.5" /> },
  'chevron-down': { box: 12, weight: 1.8, shape: <path d="m2.5 4.5 3.5 3.5 3.5-3.5" /> },
  'chevron-left': { box: 16, weight: 2, shape: <path d="m10 3-5 5 5 5" /> },
  close: { box: 24, weight: 2.5, shape: <path d="M6 6l12 12M18 6 6 18" /> },
  check: { box: 24, weight: 2.5, shape: <path d="m5 12.5 4.5 4.5L19 7.5" /> },
  download: { box: 24, weight: 2, shape: <path d="M12 4v11m-4.5-4.5L12 15l4.5-4.5M5 19.5h14" /> },
  external: { box: 16, weight: 1.6, shape: <path d="M6 3H3v10h10v-3M9 3h4v4M13 3 7 9" /> },
  search: {
    box: 20,
    weight: 2,
    shape: (
      <>
        <circle cx="8.5" cy="8.5" r="5.5" />
        <path d="m13 13 4.5 4.5" />
      </>
    ),
  },
  'map-pin': {
    box: 16,
    weight: 1.6,
    shape: (
      <>
        <path d="M8 15s5-4.6 5-8.5a5 5 0 0 0-10 0C3 10.4 8 15 8 15Z" />
        <circle cx="8" cy="6.5" r="1.8" fill="currentColor" stroke="none" />
      </>
    ),
  },
  envelope: {
    box: 24,
    weight: 1.8,
    shape: (
      <>
        <rect x="3" y="5" width="18" height="14" rx="2.5" />
        <path d="m4 7 8 6 8-6" />
      </>
    ),
  },
  eye: {
    box: 24,
    weight: 2,
    shape: (
      <>
        <path d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12Z" />
        <circle cx="12" cy="12" r="3" />
      </>
    ),
  },
  target: {
    box: 24,
    weight: 2,
    shape: (
      <>
        <circle cx="12" cy="12" r="8.5" />
        <circle cx="12" cy="12" r="4.5" />
        <circle cx="12" cy="12" r="0.8" fill="currentColor" />
      </>
    ),
  },
} satisfies Record<string, { box: number; weight: number; shape: ReactNode }>

export type GlyphName = keyof typeof GLYPHS

/** One of the interface's decorative glyphs, e.g. `<Glyph name="arrow-up" />`. */
export function Glyph({ name, size, className }: { name: GlyphName; size?: number; className?: string }) {
  const { box, weight, shape } = GLYPHS[name]
  return (
    <LineArt box={box} weight={weight} size={size} className={className}>
      {shape}
    </LineArt>
  )
}
