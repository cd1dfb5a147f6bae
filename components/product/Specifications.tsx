import { Glyph } from '../Glyph.tsx'
import { Picture } from '../Picture.tsx'
import type { Specifications as Data } from './types.ts'

/** The specification and warranty cards around the product, the specification table and the details list. */
export function Specifications({
  specs,
  name,
  brochure,
  compare,
}: {
  specs: Data
  name: string
  brochure: { href: string; title: string } | null
  /** "Compare" with the nearest products of its category, or null when it has none. */
  compare: { href: string; label: string } | null
}) {
  return (
    <>
      {specs.cards.length > 0 && (
        <div className="pspec-stage">
          <div className="pspec-stage__device">
            <Picture image={specs.image} alt={name} sizes="(max-width: 1024px) 70vw, 360px" />
          </div>
          {specs.cards.map((c) => (
            <div key={c.heading} className={`pspec-card is-${c.position}`}>
              <h3>{c.heading}</h3>
              <p>{c.description}</p>
            </div>
          ))}
        </div>
      )}
      <div className="pspec-lists">
        {(specs.list.length > 0 || compare) && (
          <div>
            {specs.list.length > 0 && (
              <table className="pspec-table">
                <caption>Technical specifications</caption>
                <tbody>
                  {specs.list.map((s) => (
                    <tr key={s.label}>
                      <th scope="row">{s.label}</th>
                      <td>{s.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {/* The comparison does not depend on the table: a product with only cards has a family too. */}
            {compare && (
              <a className="pspec-compare" href={compare.href}>
                {compare.label}
              </a>
            )}
          </div>
        )}
        {specs.details.length > 0 && (
          <div className="pspec-details">
            <h3>Product details</h3>
            <dl>
              {specs.details.map((d) => (
                <div key={d.label}>
                  <dt>{d.label}</dt>
                  <dd>{d.value}</dd>
                </div>
              ))}
            </dl>
            {brochure && (
              <a className="pspec-brochure" href={brochure.href}>
                <Glyph name="download" size={22} />
                <span>
                  Download the brochure{' '}
                  <span className="pspec-brochure__title">{`${brochure.title} (PDF)`}</span>
                </span>
              </a>
            )}
          </div>
        )}
      </div>
    </>
  )
}
