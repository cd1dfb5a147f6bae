import type { ReactNode } from 'react'
import './PageHead.css'

/**
 * The light band at the top of a text page (the privacy policy, the brochure library): an eyebrow, the
 * page's one h1, and what follows it (a lead, the date it was updated).
 */
export function PageHead({
  eyebrow,
  title,
  container = 'container',
  children,
}: {
  eyebrow: string
  title: string
  /** The inner container's classes: a page with a narrower column passes its own. */
  container?: string
  children?: ReactNode
}) {
  return (
    <div className="page-head">
      <div className={container}>
        <p className="eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  )
}
