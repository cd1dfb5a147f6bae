import type { ReactNode } from 'react'
import { Staged } from '../Staged.tsx'

interface SectionProps {
  /** The anchor the step navigator scrolls to; also names the heading's id. */
  id: string
  eyebrow?: string
  title: ReactNode
  className?: string
  children: ReactNode
}

/**
 * An anchored product section: focusable by script so a chosen step hands keyboard focus to it. Each
 * hydrates in its own turn (../Staged.tsx).
 */
export function Section({ id, eyebrow, title, className = '', children }: SectionProps) {
  return (
    <Staged>
      <section id={id} tabIndex={-1} className={`psec section ${className}`} aria-labelledby={`${id}-title`}>
        <div className="container">
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h2 id={`${id}-title`}>{title}</h2>
          {children}
        </div>
      </section>
    </Staged>
  )
}
