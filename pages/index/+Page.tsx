import { useData } from 'vike-react/useData'
import { CardGrid } from '../../components/CardGrid.tsx'
import { Picture } from '../../components/Picture.tsx'
import { Staged } from '../../components/Staged.tsx'
import { StripeButton } from '../../components/StripeButton.tsx'
import { reveal } from '../../components/useScrollAnimations.ts'
import { CATALOGUE_PATH } from '../../lib/pages.ts'
import type { Data } from './+data.ts'
import './Home.css'
import { Glyph } from '../../components/Glyph.tsx'

export default function Page() {
  const { tagline, hero, visionMission, domains, solutions } = useData<Data>()
  return (
    <>
      <section className="home-hero on-dark" aria-labelledby="home-title">
        <div className="home-hero__inner container">
          <div className="home-hero__copy">
            <p className="eyebrow">{tagline}</p>
            <h1 id="home-title">{hero.heading}</h1>
            <p className="lead">{hero.text}</p>
            <div className="btn-row">
              <a className="btn btn--accent" href="#solutions">
                Explore our solutions
              </a>
              <a className="btn btn--outline" href="/support">
                Contact Us
              </a>
            </div>
            <nav className="home-jump" aria-label="On this page">
              <a href="#visionMission">Vision and mission</a>
              <a href="#domains">Domains</a>
              <a href="#solutions">Solutions</a>
            </nav>
          </div>
          <div className="home-hero__art">
            <Picture image={hero.image} alt="" sizes="(max-width: 1024.5px) 92vw, 45vw" priority />
          </div>
        </div>
      </section>

      <Staged>
        <section id="visionMission" className="section home-vm" aria-labelledby="vm-title">
          <div className="container">
            <p className="eyebrow">Who we are</p>
            <h2 id="vm-title">Vision and mission</h2>
            <div className="home-vm__grid">
              <article className="home-vm__card" {...reveal('fade-up')}>
                <h3>
                  <span className="home-vm__icon" aria-hidden="true">
                    <Glyph name="eye" size={20} />
                  </span>
                  Our vision
                </h3>
                <p>{visionMission.vision}</p>
              </article>
              <article className="home-vm__card" {...reveal('fade-up', { 'data-aos-delay': '100' })}>
                <h3>
                  <span className="home-vm__icon" aria-hidden="true">
                    <Glyph name="target" size={20} />
                  </span>
                  Our mission
                </h3>
                <p>{visionMission.mission}</p>
              </article>
            </div>
          </div>
        </section>
      </Staged>

      <Staged>
        <section id="domains" className="section section--light home-cards" aria-labelledby="domains-title">
          <div className="container">
            <p className="eyebrow">Where we work</p>
            <h2 id="domains-title">Domains</h2>
            <p className="lead home-section-lead">
              Four fields, one engineering team: the same care from a living room to a satellite.
            </p>
            <CardGrid
              cards={domains}
              sizes="(max-width: 640px) 92vw, (max-width: 1024.5px) 46vw, 23vw"
              linkLabel="Explore"
            />
          </div>
        </section>
      </Staged>

      <Staged>
        <section id="solutions" className="section home-cards" aria-labelledby="solutions-title">
          <div className="container">
            <p className="eyebrow">What we make</p>
            <h2 id="solutions-title">Solutions</h2>
            <p className="lead home-section-lead">
              Devices, networks and software, designed, built and tested by us in India.
            </p>
            <CardGrid
              cards={solutions}
              sizes="(max-width: 640px) 92vw, (max-width: 1024.5px) 46vw, 23vw"
              linkLabel="Learn more"
            />
            <p className="home-all-products">
              <a className="btn btn--primary" href={CATALOGUE_PATH}>
                Browse all products: filter and compare
              </a>
            </p>
          </div>
        </section>
      </Staged>

      <Staged>
        <section className="section home-cta on-dark" aria-labelledby="cta-title">
          <div className="container home-cta__inner">
            <div>
              <h2 id="cta-title">Planning a project?</h2>
              <p>
                Tell us what you need to connect, control or monitor. Our engineers reply within 24 hours.
              </p>
            </div>
            <StripeButton href="/support">
              <Glyph name="envelope" size={20} />
              Write to us
            </StripeButton>
          </div>
        </section>
      </Staged>
    </>
  )
}
