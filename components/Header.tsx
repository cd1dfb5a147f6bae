import { type KeyboardEvent, useEffect, useId, useRef } from 'react'
import { Glyph } from './Glyph.tsx'
import { Logo } from './Logo.tsx'
import { MobileBar } from './MobileBar.tsx'
import { isCurrent, type MenuEntry, SOLUTIONS } from './nav.ts'
import { ProductsMenu } from './ProductsMenu.tsx'
import { useSearch } from './search/useSearch.tsx'
import { useMenuGroup } from './useMenuGroup.ts'

/** The menus of the header: two on wide screens, the hamburger menu up to 1200 px. */
export type HeaderMenu = 'products' | 'solutions' | 'mobile'

/** Where the header switches to the mobile bottom bar (../shared/spec/site-spec.md §9). */
const MOBILE_QUERY = '(max-width: 1200px)'

export interface HeaderProps {
  company: string
  /** The Products menu: every product, or past MENU_LIMIT products the categories. */
  products: readonly MenuEntry[]
  /** The current path, for aria-current and to close menus on navigation. */
  pathname: string
}

/**
 * The shared header (../shared/spec/site-spec.md §2): logo to home; Home, Products and Solutions menus, About Us; the
 * highlighted Contact Us button. Up to 1200 px the navigation moves to a bottom bar with a hamburger
 * menu and a Schedule Demo button.
 */
export function Header({ company, products, pathname }: HeaderProps) {
  const root = useRef<HTMLElement>(null)
  const menus = useMenuGroup<HeaderMenu>(root)
  const productsId = useId()
  const solutionsId = useId()
  const { open, openMenu } = menus
  const search = useSearch()

  // A new page closes whatever was open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => openMenu(null), [pathname, openMenu])

  // Crossing the 1200 px line closes menus that belong to the other layout (and the scroll lock).
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY)
    const onChange = () => openMenu(null)
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [openMenu])

  /** ArrowDown on a menu button opens the menu and moves to its first link. */
  const arrowInto = (id: HeaderMenu, listId: string) => (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown') return
    event.preventDefault()
    openMenu(id)
    requestAnimationFrame(() => document.getElementById(listId)?.querySelector('a')?.focus())
  }

  const productsActive = pathname.startsWith('/products/')
  const solutionsActive = SOLUTIONS.some((s) => isCurrent(s.link, pathname))

  return (
    <header className="site-header" ref={root}>
      <div className="site-header__inner">
        <a className="site-header__logo" href="/" aria-label={`${company} home`}>
          <Logo company={company} />
        </a>
        <nav className="site-header__nav" aria-label="Main">
          <ul className="site-header__list">
            <li>
              <a
                className="site-header__link"
                href="/"
                aria-current={isCurrent('/', pathname) ? 'page' : undefined}
              >
                Home
              </a>
            </li>
            <li className="site-header__item--mega" {...menus.hoverProps('products')}>
              <button
                className={`site-header__link site-header__toggle${productsActive ? ' is-active' : ''}`}
                {...menus.buttonProps('products', productsId)}
                onKeyDown={arrowInto('products', productsId)}
              >
                Products
                <Glyph name="chevron-down" className="site-header__chevron" />
              </button>
              <ProductsMenu
                id={productsId}
                products={products}
                open={open === 'products'}
                onChoose={() => openMenu(null)}
              />
            </li>
            <li className="site-header__item" {...menus.hoverProps('solutions')}>
              <button
                className={`site-header__link site-header__toggle${solutionsActive ? ' is-active' : ''}`}
                {...menus.buttonProps('solutions', solutionsId)}
                onKeyDown={arrowInto('solutions', solutionsId)}
              >
                Solutions
                <Glyph name="chevron-down" className="site-header__chevron" />
              </button>
              <div className="site-header__dropdown" hidden={open !== 'solutions'}>
                <ul id={solutionsId} className="site-header__solutions">
                  {SOLUTIONS.map((s) => (
                    <li key={s.link}>
                      <a
                        href={s.link}
                        aria-current={isCurrent(s.link, pathname) ? 'page' : undefined}
                        onClick={() => openMenu(null)}
                      >
                        {s.name}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
            <li>
              <a
                className="site-header__link"
                href="/aboutus"
                aria-current={isCurrent('/aboutus', pathname) ? 'page' : undefined}
              >
                About Us
              </a>
            </li>
          </ul>
        </nav>
        <button
          type="button"
          className="site-header__search"
          aria-keyshortcuts="/ Control+K Meta+K"
          onClick={() => {
            openMenu(null)
            search.open()
          }}
        >
          <Glyph name="search" />
          <span className="site-header__search-label">Search</span>
          <span className="site-header__search-key" aria-hidden="true">
            /
          </span>
        </button>
        <a className="btn btn--accent site-header__contact" href="/support">
          Contact Us
        </a>
      </div>
      <MobileBar
        products={products}
        pathname={pathname}
        buttonProps={menus.buttonProps}
        open={open === 'mobile'}
        onClose={() => menus.close(true)}
        onNavigate={() => openMenu(null)}
        onSearch={() => {
          // Focus returns to the Menu button (the panel closes), so the search gives focus back there.
          menus.close(true)
          search.open()
        }}
      />
      {search.dialog}
    </header>
  )
}
