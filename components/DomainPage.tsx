import { BROCHURE_LIBRARY } from '../lib/pages.ts'
import type { ImageData } from '../model/images.ts'
import { ArtPicture } from './ArtPicture.tsx'
import { Picture } from './Picture.tsx'
import { Staged } from './Staged.tsx'
import { StripeButton } from './StripeButton.tsx'
import { DOMAIN_AOS, reveal } from './useScrollAnimations.ts'
import './DomainPage.css'
import { Glyph } from './Glyph.tsx'

export interface DomainBlock {
  id: string
  name: string
  text: string
  points: readonly string[]
  image: ImageData
  imageMobile: ImageData
  partner?: { name: string; url: string } | undefined
}

export interface DomainPageProps {
  /** Short name of the domain, e.g. 'Railways'. */
  domain: string
  heading: string
  intro: string
  heroImage: ImageData
  blocks: readonly DomainBlock[]
  /** Brochures of the domain, each linking to its download route. */
  brochures?: readonly { id: string; title: string; href: string }[]
}

/** Where the domain pages switch to their phone layout and images (../shared/spec/site-spec.md §9). */
const NARROW = '(max-width: 1024px)'

/**
 * A solution domain page (Space, Railways): the hero, then one block per product line with its image
 * (a phone-shaped image at 1024 px or narrower), its copy and its points, and a closing call to action.
 */
export function DomainPage({ domain, heading, intro, heroImage, blocks, brochures = [] }: DomainPageProps) {
  return (
    <>
      <section className="domain-hero on-dark" aria-labelledby="domain-title">
        <div className="container domain-hero__inner">
          <div className="domain-hero__copy">
            <p className="eyebrow">Solutions · {domain}</p>
            <h1 id="domain-title">{heading}</h1>
            <p className="lead">{intro}</p>
            <nav className="domain-jump" aria-label={`${domain} on this page`}>
              {blocks.map((b) => (
                <a key={b.id} href={`#${b.id}`}>
                  {b.name}
                </a>
              ))}
            </nav>
          </div>
          <Picture
            image={heroImage}
            alt=""
            sizes="(max-width: 1024px) 92vw, 44vw"
            priority
            className="domain-hero__img"
          />
        </div>
      </section>

      {blocks.map((b, i) => (
        <Staged key={b.id}>
          <section
            id={b.id}
            className={`section domain-block${i % 2 ? ' section--light domain-block--flip' : ''}`}
            aria-labelledby={`${b.id}-title`}
          >
            <div className="container domain-block__inner">
              <div className="domain-block__art" {...reveal(i % 2 ? 'fade-left' : 'fade-right', DOMAIN_AOS)}>
                <ArtPicture
                  wide={b.image}
                  narrow={b.imageMobile}
                  narrowQuery={NARROW}
                  alt=""
                  wideSizes="46vw"
                  narrowSizes="92vw"
                />
              </div>
              <div className="domain-block__copy" {...reveal('fade-up', DOMAIN_AOS)}>
                <p className="eyebrow">
                  {String(i + 1).padStart(2, '0')} / {String(blocks.length).padStart(2, '0')}
                </p>
                <h2 id={`${b.id}-title`}>{b.name}</h2>
                <p className="domain-block__text">{b.text}</p>
                <ul className="domain-points">
                  {b.points.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
                {b.partner && (
                  <p className="domain-partner">
                    In partnership with{' '}
                    <a href={b.partner.url} target="_blank" rel="noopener noreferrer">
                      {b.partner.name}
                      <span className="visually-hidden"> (opens in a new tab)</span>
                      <Glyph name="external" size={14} />
                    </a>
                  </p>
                )}
              </div>
            </div>
          </section>
        </Staged>
      ))}

      <Staged>
        <section className="section domain-brochures" aria-labelledby="domain-brochures-title">
          <div className="container">
            <h2 id="domain-brochures-title">{brochures.length ? `${domain} brochures` : 'Brochures'}</h2>
            {brochures.length > 0 ? (
              <ul className="domain-brochures__list">
                {brochures.map((b) => (
                  <li key={b.id}>
                    <a href={b.href}>{b.title} (PDF)</a>
                  </li>
                ))}
              </ul>
            ) : (
              // Said outright, so the section does not read as a list that failed to load.
              <p>
                There is no {domain} brochure yet: the library has the data sheet of every product, each as a
                PDF.
              </p>
            )}
            <p className="domain-brochures__all">
              <a href={BROCHURE_LIBRARY}>All brochures</a>
            </p>
          </div>
        </section>
      </Staged>

      <Staged>
        <section className="section domain-cta on-dark" aria-labelledby="domain-cta-title">
          <div className="container domain-cta__inner">
            <div>
              <h2 id="domain-cta-title">Talk to our {domain.toLowerCase()} team</h2>
              <p>Share your requirements and an engineer will reply within 24 hours.</p>
            </div>
            <StripeButton href="/support">
              <Glyph name="envelope" size={20} />
              Contact Us
            </StripeButton>
          </div>
        </section>
      </Staged>
    </>
  )
}
