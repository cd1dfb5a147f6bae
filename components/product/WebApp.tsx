import { Glyph } from '../Glyph.tsx'
import { Picture } from '../Picture.tsx'
import type { WebApp as Data } from './types.ts'

/** The web application model: its features, and why it suits large screens and many devices. */
export function WebApp({ web }: { web: Data }) {
  return (
    <div className="pweb">
      <div className="pweb__row">
        <ul className="pweb__features">
          {web.features.map((f) => (
            <li key={f}>
              <Glyph name="check" size={22} />
              {f}
            </li>
          ))}
        </ul>
        <Picture image={web.image1} alt="" sizes="(max-width: 1024px) 92vw, 560px" className="pweb__shot" />
      </div>
      <div className="pweb__row pweb__row--flip">
        <div className="pweb__panels">
          {web.panels.map((p) => (
            <div key={p.title} className="pweb__panel">
              <h3>{p.title}</h3>
              <p>{p.description}</p>
            </div>
          ))}
        </div>
        <Picture image={web.image2} alt="" sizes="(max-width: 1024px) 92vw, 560px" className="pweb__shot" />
      </div>
    </div>
  )
}
