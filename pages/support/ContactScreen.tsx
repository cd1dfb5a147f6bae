import { useEffect, useId, useRef, useState } from 'react'
import { ContactForm } from '../../components/forms/ContactForm.tsx'
import { Logo } from '../../components/Logo.tsx'
import type { Site } from '../../model/content/schemas/site.ts'
import './ContactScreen.css'
import { Glyph } from '../../components/Glyph.tsx'

/**
 * ../shared/spec/site-spec.md §4/§9: the info panel slides with delays of 100 ms and 1000 ms. The slide starts 100 ms
 * after the click and is settled at 1000 ms: collapsing, the details fade at once, the panel narrows
 * from 100 ms, and the details leave the page at 1000 ms; expanding, the panel widens from 100 ms and
 * the details fade back in at 1000 ms, once there is room for them.
 */
export const SLIDE_START_MS = 100
export const SLIDE_END_MS = 1000

type Stage = 'open' | 'closing' | 'closed' | 'opening'

interface ContactScreenProps {
  company: string
  contact: Site['contact']
  offices: Site['offices']
}

/**
 * The contact screen (/support, /customercare.html, /contactinformations): no site header; the contact
 * form beside an info panel with the support mail, social profile, main address, office timings and a
 * map link for every office. On wide screens the panel collapses and expands with a slide; at 768 px
 * or narrower it is always shown as a plain list under the form.
 */
export function ContactScreen({ company, contact, offices }: ContactScreenProps) {
  const [stage, setStage] = useState<Stage>('open')
  const timers = useRef<ReturnType<typeof setTimeout>[]>([])
  const detailsId = useId()
  const expanded = stage === 'open' || stage === 'opening'

  useEffect(() => () => timers.current.forEach(clearTimeout), [])

  const toggle = () => {
    timers.current.forEach(clearTimeout)
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    const [moving, settled]: [Stage, Stage] = expanded ? ['closing', 'closed'] : ['opening', 'open']
    if (reduced) {
      setStage(settled)
      return
    }
    setStage(moving)
    timers.current = [setTimeout(() => setStage(settled), SLIDE_END_MS)]
  }

  return (
    <div className="contact-screen">
      <div className="contact-screen__bar">
        <a className="contact-screen__home" href="/" aria-label={`${company} home`}>
          <Logo company={company} />
        </a>
        <a className="contact-screen__back" href="/">
          ← Back to the website
        </a>
      </div>
      <div
        className={`contact-screen__layout contact-screen__layout--${stage}`}
        style={{
          ['--slide-delay' as string]: `${SLIDE_START_MS}ms`,
          ['--slide-duration' as string]: `${SLIDE_END_MS - SLIDE_START_MS}ms`,
        }}
      >
        <div className="contact-screen__form">
          <ContactForm />
        </div>
        <aside className={`contact-info on-dark contact-info--${stage}`} aria-labelledby="contact-info-title">
          <div className="contact-info__top">
            <h2 id="contact-info-title" className="contact-info__title">
              <Glyph name="envelope" size={22} />
              <span className="contact-info__title-text">Contact information</span>
            </h2>
            <button
              type="button"
              className="contact-info__toggle"
              data-needs-script=""
              aria-expanded={expanded}
              aria-controls={detailsId}
              onClick={toggle}
            >
              <Glyph name="chevron-left" />
              <span className="visually-hidden">{expanded ? 'Hide' : 'Show'} contact information</span>
            </button>
          </div>
          <div id={detailsId} className="contact-info__details" hidden={stage === 'closed'}>
            <dl className="contact-info__list">
              <div>
                <dt>Support mail</dt>
                <dd>
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </dd>
              </div>
              {contact.phone && (
                <div>
                  <dt>Phone</dt>
                  <dd>
                    <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
                  </dd>
                </div>
              )}
              <div>
                <dt>Social profile</dt>
                <dd>
                  <a href={contact.social.url} target="_blank" rel="noopener noreferrer">
                    {contact.social.label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </dd>
              </div>
              <div>
                <dt>Main address</dt>
                <dd>
                  <address>{contact.address}</address>
                </dd>
              </div>
              <div>
                <dt>Office timings</dt>
                <dd>{contact.officeTimings}</dd>
              </div>
            </dl>
            <h3 className="contact-info__subtitle">Our offices</h3>
            <ul className="contact-info__offices">
              {offices.map((o) => (
                <li key={o.name}>
                  <a href={o.mapUrl} target="_blank" rel="noopener noreferrer">
                    <Glyph name="map-pin" />
                    <span>{o.name}</span>
                    <span className="visually-hidden"> office on the map (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </aside>
      </div>
    </div>
  )
}
