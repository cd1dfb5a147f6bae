import { type CSSProperties, useRef, useState } from 'react'
import { Picture } from '../Picture.tsx'
import { warmPicture } from '../warm-picture.ts'
import type { Catalog as Data } from './types.ts'

const SWATCH: Record<string, string> = {
  white: '#f4f6f9',
  blue: '#1565c0',
  green: '#2e7d32',
  grey: '#7b8794',
}
const capitalised = (s: string) => s[0]?.toUpperCase() + s.slice(1)
const COLOUR_SIZES = '(max-width: 1024px) 92vw, 560px'

/**
 * The colour variants: a group of toggle buttons and the picture of the chosen one. The other colours'
 * pictures are fetched when a pointer (a finger too) or the focus first comes to the buttons, so the
 * picture changes with the press rather than a download later on a phone's network; a visitor who
 * never comes near the buttons fetches none of them.
 */
function Colours({ colours, name }: { colours: NonNullable<Data['colours']>; name: string }) {
  const [chosen, setChosen] = useState(0)
  const warmed = useRef(false)
  const shown = colours[chosen] ?? colours[0]
  if (!shown) return null
  const warm = () => {
    if (warmed.current) return
    warmed.current = true
    for (const c of colours) if (c !== shown) warmPicture(c.image, COLOUR_SIZES)
  }
  return (
    <div className="pcolours">
      <div className="pcolours__media">
        <Picture image={shown.image} alt={`${name} in ${shown.name}`} sizes={COLOUR_SIZES} />
      </div>
      <div className="pcolours__pick">
        <fieldset className="pcolours__swatches" onPointerEnter={warm} onFocus={warm}>
          <legend>Choose a colour</legend>
          {colours.map((c, i) => (
            <button
              key={c.name}
              type="button"
              aria-pressed={i === chosen}
              onClick={() => setChosen(i)}
              style={{ '--swatch': SWATCH[c.name] } as CSSProperties}
            >
              {capitalised(c.name)}
            </button>
          ))}
        </fieldset>
        <p className="pcolours__status" aria-live="polite">
          Showing {name} in <strong>{shown.name}</strong>.
        </p>
      </div>
    </div>
  )
}

/** The product catalogue entries and, when the product comes in colours, the colour switcher. */
export function ProductCatalog({ catalog, name }: { catalog: Data; name: string }) {
  return (
    <>
      {catalog.entries.length > 0 && (
        <ul className="pcatalog">
          {catalog.entries.map((e) => (
            <li key={e.title} className="card">
              <div className="card__media">
                <Picture
                  image={e.image}
                  alt=""
                  sizes="(max-width: 520px) 92vw, (max-width: 1024px) 45vw, 380px"
                />
              </div>
              <div className="card__body">
                <h3>{e.title}</h3>
                <p>{e.text}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {catalog.colours && <Colours colours={catalog.colours} name={name} />}
    </>
  )
}
