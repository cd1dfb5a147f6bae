import { useEffect, useId, useRef, useState } from 'react'
import { site } from 'virtual:site'
import './Header.css'

type Menu = 'products' | 'solutions' | null

const SOLUTIONS = [
  { name: 'Railways', link: '/railways' },
  { name: 'Space', link: '/space' },
]

/** The shared header: logo, Home, Products and Solutions menus, About Us, and the Contact Us button. */
export function Header() {
  const [open, setOpen] = useState<Menu>(null)
  const ref = useRef<HTMLElement>(null)
  const productsId = useId()
  const solutionsId = useId()

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(null)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(null)
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  const toggle = (menu: Exclude<Menu, null>) => setOpen((current) => (current === menu ? null : menu))

  return (
    <header className="site-header" ref={ref}>
      <a className="site-header__logo" href="/" aria-label={`${site.company} home`}>
        {site.company}
      </a>
      <nav aria-label="Main">
        <ul className="site-header__nav">
          <li>
            <a href="/">Home</a>
          </li>
          <li>
            <button type="button" aria-expanded={open === 'products'} aria-controls={productsId} onClick={() => toggle('products')}>
              Products
            </button>
            <ul id={productsId} className="site-header__menu site-header__menu--products" hidden={open !== 'products'}>
              {site.products.map((p) => (
                <li key={p.slug}>
                  <a href={p.link}>{p.name}</a>
                </li>
              ))}
            </ul>
          </li>
          <li>
            <button type="button" aria-expanded={open === 'solutions'} aria-controls={solutionsId} onClick={() => toggle('solutions')}>
              Solutions
            </button>
            <ul id={solutionsId} className="site-header__menu" hidden={open !== 'solutions'}>
              {SOLUTIONS.map((s) => (
                <li key={s.link}>
                  <a href={s.link}>{s.name}</a>
                </li>
              ))}
            </ul>
          </li>
          <li>
            <a href="/aboutus">About Us</a>
          </li>
        </ul>
      </nav>
      <a className="site-header__contact" href="/support">
        Contact Us
      </a>
    </header>
  )
}
