import type { ReactNode } from 'react'
import { useData } from 'vike-react/useData'
import { Glyph } from '../../components/Glyph.tsx'
import { PageHead } from '../../components/PageHead.tsx'
import type { Data } from './+data.ts'
import './Brochures.css'

type Entry = Data['others'][number] & { product?: { name: string; href: string } }

/** One brochure: its title links to its download; a product's brochure also names the product. */
function BrochureCard({ brochure }: { brochure: Entry }) {
  return (
    <li className="brochure-card">
      <Glyph name="download" size={24} className="brochure-card__icon" />
      <div>
        <a className="brochure-card__title" href={brochure.href}>
          {brochure.title}
          <span className="brochure-card__kind"> brochure (PDF)</span>
        </a>
        {brochure.product && (
          <p className="brochure-card__product">
            For the <a href={brochure.product.href}>{brochure.product.name}</a>
          </p>
        )}
      </div>
    </li>
  )
}

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="brochures__group" aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`}>{title}</h2>
        {children}
      </div>
    </section>
  )
}

/**
 * The brochure library (issue #34): every brochure in one place, by solution domain, then by product
 * under its category; each links to its download route.
 */
export default function Page() {
  const { domains, products, others } = useData<Data>()
  return (
    <article className="brochures">
      <PageHead eyebrow="Downloads" title="Brochures">
        <p className="lead">
          Every brochure we publish, as a PDF: the systems of our solution domains, then the data sheet of
          each product.
        </p>
      </PageHead>
      {domains.map((d) => (
        <Group key={d.name} id={`brochures-${d.name.toLowerCase()}`} title={d.name}>
          <p className="brochures__intro">
            Systems we build for {d.name.toLowerCase()}. <a href={d.href}>More on the {d.name} page</a>
          </p>
          <ul className="brochure-list">
            {d.brochures.map((b) => (
              <BrochureCard key={b.id} brochure={b} />
            ))}
          </ul>
        </Group>
      ))}
      {products.length > 0 && (
        <Group id="brochures-products" title="Products">
          {products.map((g) => (
            <div key={g.category} className="brochures__category">
              <h3>{g.category}</h3>
              <ul className="brochure-list">
                {g.brochures.map((b) => (
                  <BrochureCard key={b.id} brochure={b} />
                ))}
              </ul>
            </div>
          ))}
        </Group>
      )}
      {others.length > 0 && (
        <Group id="brochures-other" title="Other brochures">
          <ul className="brochure-list">
            {others.map((b) => (
              <BrochureCard key={b.id} brochure={b} />
            ))}
          </ul>
        </Group>
      )}
    </article>
  )
}
