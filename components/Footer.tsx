import { BROCHURE_LIBRARY } from '../lib/pages.ts'
import type { Site } from '../model/content/schemas/site.ts'
import { Glyph } from './Glyph.tsx'
import { Logo } from './Logo.tsx'
import { SOLUTIONS } from './nav.ts'

export interface FooterProps {
  company: string
  contact: Site['contact']
  /** The year in the copyright line (passed in so the server and the browser agree). */
  year: number
}

const COMPANY_LINKS = [
  { name: 'About Us', link: '/aboutus' },
  { name: 'Our offices', link: '/aboutus#location' },
  { name: 'Privacy policy', link: '/privacy_policy' },
]
const SUPPORT_LINKS = [
  { name: 'Contact Us', link: '/support' },
  { name: 'Warranty activation', link: '/productregistration' },
  { name: 'Brochures', link: BROCHURE_LIBRARY },
]

/** The shared footer: company, contact mail, address, office timings, links and the social profile. */
export function Footer({ company, contact, year }: FooterProps) {
  return (
    <footer className="site-footer on-dark">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <a href="/" className="site-footer__logo" aria-label={`${company} home`}>
            <Logo company={company} tone="light" />
          </a>
          <address className="site-footer__address">{contact.address}</address>
          <p className="site-footer__timings">
            <span className="site-footer__label">Office timings</span> {contact.officeTimings}
          </p>
        </div>
        <nav className="site-footer__nav" aria-label="Footer">
          <FooterColumn title="Company" links={COMPANY_LINKS} />
          <FooterColumn
            title="Solutions"
            links={[
              ...SOLUTIONS,
              { name: 'Web and cloud solutions', link: '/products/webandcloudsolutions' },
            ]}
          />
          <FooterColumn title="Support" links={SUPPORT_LINKS} />
        </nav>
        <div className="site-footer__contact">
          <h2 className="site-footer__heading">Get in touch</h2>
          <p>
            <a className="site-footer__mail" href={`mailto:${contact.email}`}>
              <Glyph name="envelope" size={20} />
              {contact.email}
            </a>
          </p>
          {contact.phone && (
            <p>
              <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
            </p>
          )}
          <p>
            <a href={contact.social.url} target="_blank" rel="noopener noreferrer">
              {contact.social.label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </div>
      </div>
      <div className="site-footer__bottom">
        <p>
          © <span suppressHydrationWarning>{year}</span> {company}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}

function FooterColumn({ title, links }: { title: string; links: readonly { name: string; link: string }[] }) {
  return (
    <div className="site-footer__column">
      <h2 className="site-footer__heading">{title}</h2>
      <ul>
        {links.map((l) => (
          <li key={l.link}>
            <a href={l.link}>{l.name}</a>
          </li>
        ))}
      </ul>
    </div>
  )
}
