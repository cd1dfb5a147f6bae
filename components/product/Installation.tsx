import { ArtPicture } from '../ArtPicture.tsx'
import type { Installation as Steps } from './types.ts'

/** Numbered installation steps, each with its picture (a phone crop at 520 px or narrower). */
export function Installation({ steps }: { steps: Steps }) {
  return (
    <ol className="pinstall">
      {steps.map((s, i) => (
        <li key={s.text} className="pinstall__step">
          <ArtPicture
            wide={s.image}
            narrow={s.imageMobile}
            narrowQuery="(max-width: 520px)"
            alt=""
            wideSizes="(max-width: 1024px) 45vw, 380px"
            narrowSizes="92vw"
            className="pinstall__media"
          />
          <p>
            <span className="pinstall__num">
              <span className="visually-hidden">Step </span>
              {i + 1}
            </span>
            {s.text}
          </p>
        </li>
      ))}
    </ol>
  )
}
