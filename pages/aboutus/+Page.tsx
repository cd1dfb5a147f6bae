import { useEffect } from 'react'
import { useData } from 'vike-react/useData'
import { Picture } from '../../components/Picture.tsx'
import { Staged } from '../../components/Staged.tsx'
import { reveal } from '../../components/useScrollAnimations.ts'
import type { Data } from './+data.ts'
import './About.css'
import { Glyph } from '../../components/Glyph.tsx'

/** The hash that scrolls to the offices (../shared/spec/DECISIONS.md, Routes). */
const LOCATION = 'location'

export default function Page() {
  const { heading, intro, image, sections, location, offices, officeTimings } = useData<Data>()

  // /aboutus#location glides to the offices, on the first load as well as after a client-side navigation.
  useEffect(() => {
    if (window.location.hash !== `#${LOCATION}`) return
    const target = document.getElementById(LOCATION)
    if (!target) return
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
    const frame = requestAnimationFrame(() => {
      target.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' })
      target.focus({ preventScroll: true })
    })
    return () => cancelAnimationFrame(frame)
  }, [])

  return (
    <>
      <section className="about-hero" aria-labelledby="about-title">
        <div className="container about-hero__inner">
          <div>
            <p className="eyebrow">About Us</p>
            <h1 id="about-title">{heading}</h1>
            <p className="lead">{intro}</p>
            <a className="btn btn--primary" href={`#${LOCATION}`}>
              Find our offices
            </a>
          </div>
          <Picture
            image={image}
            alt=""
            sizes="(max-width: 1024px) 92vw, 42vw"
            priority
            className="about-hero__img"
          />
        </div>
      </section>

      {/*
        Sections below the fold load their images lazily. They are laid out in full (no
        content-visibility): a placeholder height would move #location while the browser scrolls to it.
      */}
      {sections.map((s, i) => (
        <Staged key={s.title}>
          <section
            className={`section about-story${i % 2 ? ' section--light about-story--flip' : ''}${s.image ? '' : ' about-story--text'}`}
            aria-labelledby={`story-${i}`}
          >
            <div className="container about-story__inner">
              <div className="about-story__copy" {...reveal('fade-up')}>
                <p className="eyebrow">{String(i + 1).padStart(2, '0')}</p>
                <h2 id={`story-${i}`}>{s.title}</h2>
                <p>{s.text}</p>
                {s.link && <a href={s.link}>Read more about {s.title.toLowerCase()}</a>}
              </div>
              {s.image && (
                <div className="about-story__art" {...reveal(i % 2 ? 'fade-right' : 'fade-left')}>
                  <Picture image={s.image} alt="" sizes="(max-width: 1024px) 92vw, 40vw" />
                </div>
              )}
            </div>
          </section>
        </Staged>
      ))}

      <section
        id={LOCATION}
        tabIndex={-1}
        className="section about-location"
        aria-labelledby="location-title"
      >
        <div className="container">
          <p className="eyebrow">Location</p>
          <h2 id="location-title">{location.heading}</h2>
          <p className="lead about-location__lead">{location.text}</p>
          <ul className="office-grid">
            {offices.map((o) => (
              <li key={o.name} className="office-card">
                <h3>
                  <Glyph name="map-pin" size={18} />
                  {o.name}
                </h3>
                <address>{o.address}</address>
                <a href={o.mapUrl} target="_blank" rel="noopener noreferrer">
                  View {o.name} on the map<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
          <p className="about-location__timings">
            Office timings: <strong>{officeTimings}</strong>
          </p>
        </div>
      </section>
    </>
  )
}
