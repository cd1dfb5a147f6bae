import type { ReactNode } from 'react'
import './forms.css'

interface FormPageProps {
  /** A short line above the title, e.g. 'Product enquiry'. */
  eyebrow: string
  /** The page's only h1. */
  title: ReactNode
  lead: ReactNode
  /** The form card. */
  children: ReactNode
  /** What sits beside the form on wide screens (below it on phones). */
  aside: ReactNode
}

/** The frame of a page that is mostly one form: a title band, then the form beside a side panel. */
export function FormPage({ eyebrow, title, lead, children, aside }: FormPageProps) {
  return (
    <div className="form-page">
      <div className="form-page__band">
        <div className="form-page__band-inner">
          <p className="form-page__eyebrow">{eyebrow}</p>
          <h1 className="form-page__title">{title}</h1>
          <div className="form-page__lead">{lead}</div>
        </div>
      </div>
      <div className="form-page__body">
        <div className="form-page__main">{children}</div>
        <div className="form-page__aside">{aside}</div>
      </div>
    </div>
  )
}
