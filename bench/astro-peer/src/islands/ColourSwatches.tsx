import { useState } from 'react'
import type { Responsive } from '../images'

interface Props {
  name: string
  colours: { name: string; image: Responsive }[]
}

/** The colour variants: one picture, a swatch per colour. */
export default function ColourSwatches({ name, colours }: Props) {
  const [chosen, setChosen] = useState(0)
  const shown = colours[chosen] ?? colours[0]
  if (!shown) return null
  return (
    <div className="colours">
      <img
        src={shown.image.src}
        srcSet={shown.image.srcset}
        sizes="(max-width: 800px) 100vw, 480px"
        width={shown.image.width}
        height={shown.image.height}
        alt={`${name} in ${shown.name}`}
        loading="lazy"
      />
      <fieldset>
        <legend>Colour</legend>
        {colours.map((c, i) => (
          <label key={c.name} className={`swatch swatch--${c.name}`}>
            <input type="radio" name="colour" checked={i === chosen} onChange={() => setChosen(i)} />
            {c.name}
          </label>
        ))}
      </fieldset>
    </div>
  )
}
