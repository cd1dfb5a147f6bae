import { Icon } from './Icon.tsx'
import type { Benefits as Cards } from './types.ts'

/** The features-and-benefits cards, each with its icon. */
export function Benefits({ cards }: { cards: Cards }) {
  return (
    <ul className="pbenefits">
      {cards.map((c) => (
        <li key={c.title} className="pbenefits__card">
          <span className="pbenefits__icon">
            <Icon name={c.icon} />
          </span>
          <h3>{c.title}</h3>
          <p>{c.description}</p>
        </li>
      ))}
    </ul>
  )
}
