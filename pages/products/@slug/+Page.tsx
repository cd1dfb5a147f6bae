import { useData } from 'vike-react/useData'
import { Picture } from '../../../components/Picture.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const product = useData<Data>()
  return (
    <article>
      <section className="product-hero">
        <h1>{product.name}</h1>
        <p>{product.description}</p>
        <p>{product.subText}</p>
        <Picture image={product.hero} alt={product.name} sizes="(max-width: 1024px) 100vw, 50vw" priority />
      </section>
      <section aria-label="Highlights">
        {product.cards.map((card) => (
          <div key={card.heading}>
            <h2>{card.heading}</h2>
            <p>{card.description}</p>
          </div>
        ))}
      </section>
      {product.specifications.length > 0 && (
        <section id="specifications" aria-labelledby="specifications-heading">
          <h2 id="specifications-heading">Specifications</h2>
          <dl>
            {product.specifications.map((s) => (
              <div key={s.label}>
                <dt>{s.label}</dt>
                <dd>{s.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <section id="enquirenow">
        <h2>Enquire now</h2>
        <a href={`/productenquiry/${product.slug}`}>Send an enquiry about {product.name}</a>
      </section>
    </article>
  )
}
