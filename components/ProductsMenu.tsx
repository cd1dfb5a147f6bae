import { useState } from 'react'
import { CATALOGUE_PATH } from '../lib/pages.ts'
import type { MenuEntry } from './nav.ts'

interface ProductsMenuProps {
  id: string
  products: readonly MenuEntry[]
  open: boolean
  onChoose: () => void
}

/**
 * The Products dropdown: every product in two columns (in a catalogue larger than one menu holds, every
 * category with its size, each leading to the catalogue narrowed to it), and a preview of the entry
 * under the pointer or keyboard focus. The links are in the HTML even while closed, for crawlers.
 */
export function ProductsMenu({ id, products, open, onChoose }: ProductsMenuProps) {
  const [preview, setPreview] = useState(0)
  const shown = products[preview] ?? products[0]
  return (
    <div className="products-menu" hidden={!open}>
      <ul id={id} className="products-menu__list">
        {products.map((p, i) => (
          <li key={p.key}>
            <a
              href={p.link}
              onPointerEnter={() => setPreview(i)}
              onFocus={() => setPreview(i)}
              onClick={onChoose}
            >
              {p.name}
              {p.detail && <span className="products-menu__detail"> {p.detail}</span>}
            </a>
          </li>
        ))}
      </ul>
      <a className="products-menu__all" href={CATALOGUE_PATH} onClick={onChoose}>
        All products: filter by facts and compare
      </a>
      {/* The preview repeats the focused link, so assistive technology skips it. */}
      <div className="products-menu__preview" aria-hidden="true">
        {open && shown && (
          <>
            <img
              key={shown.key}
              src={shown.image.src}
              srcSet={shown.image.srcSet}
              sizes="260px"
              width={shown.image.width}
              height={shown.image.height}
              alt=""
              decoding="async"
            />
            <span className="products-menu__caption">{shown.name}</span>
          </>
        )}
      </div>
    </div>
  )
}
