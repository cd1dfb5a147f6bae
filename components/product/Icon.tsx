import type { ICON_NAMES } from '../../model/content/schemas/product.ts'
import { LineArt } from '../Glyph.tsx'

export type IconName = (typeof ICON_NAMES)[number]

/** Path data of each icon: 24 px grid, drawn with a 2 px round stroke. */
const PATHS: Record<IconName, string> = {
  protection: 'M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6Zm-3.5 9 2.5 2.5 4.5-5',
  energy: 'M13 2 4 14h7l-1 8 9-12h-7Z',
  schedule: 'M3 5h18v16H3ZM3 10h18M8 3v4m8-4v4m-8 7h3v3',
  voice: 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3ZM5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21m-3.5 0h7',
  app: 'M7 2h10v20H7ZM11 18.5h2',
  update: 'M20 12a8 8 0 1 1-2.3-5.7M20 4v4.5h-4.5M12 8v4l2.5 2.5',
  temperature: 'M10 4a2 2 0 0 1 4 0v10.5a4 4 0 1 1-4 0ZM12 9v8',
  plug: 'M9 2v5m6-5v5M6 7h12v4a6 6 0 0 1-12 0ZM12 17v5',
  network: 'M9.5 3h5v5h-5ZM2.5 16h5v5h-5ZM16.5 16h5v5h-5ZM12 8v4M5 16v-4h14v4',
  speed: 'M4 17a8 8 0 1 1 16 0M12 17l4-5M8 20h8',
  rugged: 'M4 4h16v16H4ZM4 9h16M9 9v11M7 6.5h.1M17 6.5h.1',
  power: 'M12 3v8M7.1 6.2a7 7 0 1 0 9.8 0',
  monitor: 'M3 4h18v12H3ZM8 20h8m-4-4v4M6 12l3-3 3 2 5-4',
  certified:
    'M12 2.5l2.4 1.8 3-.1.9 2.8 2.4 1.8-.9 2.8.9 2.8-2.4 1.8-.9 2.8-3-.1L12 21l-2.4-1.8-3 .1-.9-2.8-2.4-1.8.9-2.8-.9-2.8 2.4-1.8.9-2.8 3 .1ZM8.5 12l2.5 2.5 4.5-5',
  warranty: 'M5 3h14v18l-7-4-7 4ZM9 10l2 2 4-4',
  users:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM2.5 20a6.5 6.5 0 0 1 13 0M16 4.3a3.5 3.5 0 0 1 0 6.4M18 14.5a6.5 6.5 0 0 1 3.5 5.5',
  timer: 'M12 22a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM12 10v4l2.5 2M9.5 2h5M19 6l1.5-1.5',
  signal: 'M4 20v-3m5.3 3v-7m5.4 7V9M20 20V4',
  cloud: 'M7 19a5 5 0 0 1-.6-10A6.5 6.5 0 0 1 19 10.5a4.3 4.3 0 0 1-.8 8.5Z',
  chip: 'M7 7h10v10H7ZM10 10h4v4h-4ZM10 3v4m4-4v4m-4 10v4m4-4v4M3 10h4m-4 4h4m10-4h4m-4 4h4',
}

/** A decorative line icon of product content, 24 px, in the current text colour. */
export function Icon({ name }: { name: IconName }) {
  return (
    <LineArt box={24} weight={2}>
      <path d={PATHS[name]} />
    </LineArt>
  )
}
