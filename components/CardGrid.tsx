import type { ImageData } from '../model/images.ts'
import { Picture } from './Picture.tsx'
import { reveal } from './useScrollAnimations.ts'

export interface CardItem {
  title: string
  text: string
  link?: string | undefined
  image?: ImageData | undefined
}

interface CardGridProps {
  cards: readonly CardItem[]
  /** The `sizes` of the card images at each viewport width. */
  sizes: string
  /** Visible text of the link line under linked cards, e.g. 'Learn more'. */
  linkLabel: string
  /** Heading level of the card titles. */
  level?: 3 | 4
}

/** A responsive grid of cards; a linked card is clickable as a whole through its heading link. */
export function CardGrid({ cards, sizes, linkLabel, level = 3 }: CardGridProps) {
  const Heading = `h${level}` as const
  return (
    <ul className="card-grid">
      {cards.map((c, i) => (
        <li key={c.title} {...reveal('fade-up', { 'data-aos-delay': String(Math.min(i % 4, 3) * 75) })}>
          <article className={c.link ? 'card card--linked' : 'card'}>
            {c.image && (
              <div className="card__media">
                <Picture image={c.image} alt="" sizes={sizes} />
              </div>
            )}
            <div className="card__body">
              <Heading>{c.link ? <a href={c.link}>{c.title}</a> : c.title}</Heading>
              <p>{c.text}</p>
              {c.link && (
                <span className="card__link" aria-hidden="true">
                  {linkLabel} →
                </span>
              )}
            </div>
          </article>
        </li>
      ))}
    </ul>
  )
}
