import type { ReactNode } from 'react'
import './MessageScreen.css'

interface MessageScreenProps {
  /** The heading's id, which names the screen's section. */
  titleId: string
  title: ReactNode
  /** The small line above the heading. */
  eyebrow?: string
  /** A drawing above everything else, hidden from assistive technology. */
  art?: ReactNode
  /** What follows the heading: the message, then usually {@link MessageActions}. */
  children: ReactNode
}

/**
 * A screen that is one centred message: coming soon, not found, something went wrong, a brochure
 * download. The card holds an optional drawing and eyebrow, the heading, then what the page gives.
 */
export function MessageScreen({ titleId, title, eyebrow, art, children }: MessageScreenProps) {
  return (
    <section className="message-screen" aria-labelledby={titleId}>
      <div className="message-screen__card">
        {art}
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1 id={titleId}>{title}</h1>
        {children}
      </div>
    </section>
  )
}

/**
 * The ways on from a message: the home page (the main action, or `home="outline"` where the page has a
 * main action of its own) and, with `contact`, Contact Us.
 */
export function MessageActions({
  home = 'primary',
  contact = false,
}: {
  home?: 'primary' | 'outline'
  contact?: boolean
}) {
  return (
    <div className="btn-row message-screen__actions">
      <a className={`btn btn--${home}`} href="/">
        Go to the home page
      </a>
      {contact && (
        <a className="btn btn--outline" href="/support">
          Contact Us
        </a>
      )}
    </div>
  )
}
