import { Picture } from '../Picture.tsx'
import type { Differentiation as Sides } from './types.ts'

/** Home versus industrial automation: two columns, each a heading, two picture tiles and its applications. */
export function Differentiation({ sides }: { sides: Sides }) {
  return (
    <section className="section pdiff" aria-labelledby="pdiff-title">
      <div className="container">
        <p className="eyebrow">One product, two worlds</p>
        <h2 id="pdiff-title">Home and industrial automation</h2>
        <div className="pdiff__grid">
          {sides.map((side, i) => (
            <article
              key={side.heading}
              className={`pdiff__side pdiff__side--${i === 0 ? 'home' : 'industry'}`}
            >
              <h3>
                <span className="wide-only">{side.heading}</span>
                <span className="phone-only">{side.mobheading}</span>
              </h3>
              <ul className="pdiff__tiles">
                {side.tiles.map((tile) => (
                  <li key={tile.text}>
                    <Picture
                      image={tile.image}
                      alt=""
                      sizes="(max-width: 520px) 92vw, (max-width: 1024px) 45vw, 280px"
                    />
                    <p>{tile.text}</p>
                  </li>
                ))}
              </ul>
              <h4>Applications</h4>
              <ul className="pchips">
                {side.applications.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </div>
    </section>
  )
}
