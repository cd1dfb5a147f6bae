import { useEffect, useRef } from 'react'
import { Glyph } from './Glyph.tsx'
import { HeaderDropdown } from './HeaderDropdown.tsx'
import { Logo } from './Logo.tsx'
import { MobileBar } from './MobileBar.tsx'
import { ariaCurrent, isCurrent, type MenuEntry, SOLUTIONS } from './nav.ts'
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

  const closeMenus = () => openMenu(null)
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
              <a className="site-header__link" href="/" aria-current={ariaCurrent('/', pathname)}>
                Home
              </a>
            </li>
            <HeaderDropdown menu="products" label="Products" active={productsActive} group={menus} wide>
              {(listId, isOpen) => (
                <ProductsMenu id={listId} products={products} open={isOpen} onChoose={closeMenus} />
              )}
            </HeaderDropdown>
            <HeaderDropdown menu="solutions" label="Solutions" active={solutionsActive} group={menus}>
              {(listId, isOpen) => (
                <div className="site-header__dropdown" hidden={!isOpen}>
                  <ul id={listId} className="site-header__solutions">
                    {SOLUTIONS.map((s) => (
                      <li key={s.link}>
                        <a href={s.link} aria-current={ariaCurrent(s.link, pathname)} onClick={closeMenus}>
                          {s.name}
                        </a>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </HeaderDropdown>
            <li>
              <a
                className="site-header__link"
                href="/aboutus"
                aria-current={ariaCurrent('/aboutus', pathname)}
              >
                About Us
              </a>
            </li>
          </ul>
        </nav>
        <button
          type="button"
          className="site-header__search"
          data-needs-script=""
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
        onNavigate={closeMenus}
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
