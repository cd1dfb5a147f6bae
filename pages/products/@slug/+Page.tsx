import { useData } from 'vike-react/useData'
import { ArtPicture } from '../../../components/ArtPicture.tsx'
import { DraftBanner } from '../../../components/DraftBanner.tsx'
import { HeadingText } from '../../../components/HeadingText.tsx'
import { Picture } from '../../../components/Picture.tsx'
import { Application } from '../../../components/product/Application.tsx'
import { Benefits } from '../../../components/product/Benefits.tsx'
import { Differentiation } from '../../../components/product/Differentiation.tsx'
import { FeatureTree } from '../../../components/product/FeatureTree.tsx'
import { Installation } from '../../../components/product/Installation.tsx'
import { ProductCatalog } from '../../../components/product/ProductCatalog.tsx'
import { Section } from '../../../components/product/Section.tsx'
import { Specifications } from '../../../components/product/Specifications.tsx'
import { StepNav } from '../../../components/product/StepNav.tsx'
import { WebApp } from '../../../components/product/WebApp.tsx'
import '../../../components/product/product.css'
import type { Data } from './+data.ts'

export default function Page() {
  const p = useData<Data>()
  const enquire = `/productenquiry/${p.slug}`
  // Headings wrap the name only between its words.
  const heading = (text: string) => <HeadingText text={text} />
  // Rendered sections alternate light and white, whichever of them a product has.
  let shown = 0
  const tone = () => (shown++ % 2 === 0 ? 'section--light' : '')
  return (
    <article className="product">
      {p.draft && <DraftBanner />}
      <section className="phero on-dark" aria-labelledby="phero-title">
        <div className="phero__inner container">
          <div className="phero__copy">
            <p className="eyebrow">Product</p>
            <h1 id="phero-title">{heading(p.name)}</h1>
            <p className="lead">{p.description}</p>
            <p className="phero__sub">{p.subText}</p>
            <div className="btn-row">
              <a className="btn btn--accent" href={enquire}>
                Enquire now
              </a>
              {p.brochure && (
                <a className="btn btn--outline" href={p.brochure.href}>
                  Download the brochure
                </a>
              )}
            </div>
          </div>
          <div className="phero__art">
            <ArtPicture
              wide={p.hero}
              narrow={p.heroMobile}
              narrowQuery="(max-width: 520px)"
              alt={p.name}
              wideSizes="(max-width: 760px) 92vw, (max-width: 1024px) 45vw, 560px"
              narrowSizes="92vw"
              priority
            />
          </div>
        </div>
      </section>

      <div className="pcards container">
        {p.cards.map((card) => (
          <div key={card.heading} className="pcards__card">
            <h2>{card.heading}</h2>
            <p>{card.description}</p>
          </div>
        ))}
      </div>

      {p.differentiation && <Differentiation sides={p.differentiation} />}

      <div className="product__body">
        <StepNav steps={p.steps} />

        {p.features && (
          <Section
            id="features"
            eyebrow="Key features"
            title={heading(`What ${p.name} does`)}
            className={tone()}
          >
            <FeatureTree features={p.features} name={p.name} />
          </Section>
        )}
        {p.installation && (
          <Section
            id="installation"
            eyebrow="Easy installation"
            title={`Up and running in ${p.installation.length} steps`}
            className={tone()}
          >
            <Installation steps={p.installation} />
          </Section>
        )}
        {p.benefits && (
          <Section id="benefits" eyebrow="Benefits" title="Features and benefits" className={tone()}>
            <Benefits cards={p.benefits} />
          </Section>
        )}
        {p.catalog && (
          <Section
            id="catalog"
            eyebrow="Product catalogue"
            title={heading(`The ${p.name} range`)}
            className={tone()}
          >
            <ProductCatalog catalog={p.catalog} name={p.name} />
          </Section>
        )}
        {p.application && (
          <Section id="application" eyebrow="Applications" title={p.application.heading} className={tone()}>
            <Application application={p.application} />
          </Section>
        )}
        <section
          id="enquirenow"
          tabIndex={-1}
          className="psec penquire on-dark"
          aria-labelledby="enquirenow-title"
        >
          <div className="penquire__inner container">
            <div>
              <p className="eyebrow">Enquire now</p>
              <h2 id="enquirenow-title">{heading(`Interested in ${p.name}?`)}</h2>
              <p>Tell us about your site and what you need. Our team replies within 24 hours.</p>
            </div>
            <a className="btn btn--accent" href={enquire}>
              Send an enquiry about {p.name}
            </a>
          </div>
        </section>
        {p.specifications && (
          <Section id="specifications" eyebrow="Specifications" title="Specifications and warranty">
            <Specifications
              specs={p.specifications}
              name={p.name}
              brochure={p.brochure}
              compare={p.compare}
            />
          </Section>
        )}
        {p.webApp && (
          <Section
            id="webapp"
            eyebrow="Web application"
            title={heading(`The ${p.name} web application`)}
            className="section--light"
          >
            <WebApp web={p.webApp} />
          </Section>
        )}
      </div>

      {p.partners.length > 0 && (
        <section className="ppartners" aria-labelledby="ppartners-title">
          <div className="container">
            <h2 id="ppartners-title">Certifications and partners</h2>
            <ul>
              {p.partners.map((partner) => (
                <li key={partner.name}>
                  <Picture image={partner.logo} alt={partner.name} sizes="160px" />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </article>
  )
}
