import { type ReactNode, useEffect, useId, useState } from 'react'
import { CATALOGUE_PATH } from '../lib/pages.ts'
import { Glyph } from './Glyph.tsx'
import type { HeaderMenu } from './Header.tsx'
import { ariaCurrent, type MenuEntry, SOLUTIONS } from './nav.ts'
import { StripeButton } from './StripeButton.tsx'
import { notify } from './ToastHost.tsx'

interface MobileBarProps {
  /** The Products menu: every product, or past MENU_LIMIT products the categories. */
  products: readonly MenuEntry[]
  pathname: string
  open: boolean
  buttonProps: (id: HeaderMenu, controls: string) => Record<string, unknown>
  onClose: () => void
  onNavigate: () => void
  onSearch: () => void
}

type Submenu = 'products' | 'solutions' | null

/**
 * The bottom header up to 1200 px (../shared/spec/site-spec.md §2): a hamburger menu with expandable Products and
 * Solutions submenus, which locks the page's scrolling while open, and a Schedule Demo button that
 * only says 'Coming Soon'.
 */
export function MobileBar({
  products,
  pathname,
  open,
  buttonProps,
  onClose,
  onNavigate,
  onSearch,
}: MobileBarProps) {
  const panelId = useId()
  const [submenu, setSubmenu] = useState<Submenu>(null)

  useEffect(() => {
    if (!open) {
      setSubmenu(null)
      return
    }
    const body = document.body
    const previous = body.style.overflow
    body.style.overflow = 'hidden'
    return () => {
      body.style.overflow = previous
    }
  }, [open])

  const toggleSub = (id: Exclude<Submenu, null>) => setSubmenu((s) => (s === id ? null : id))
  const current = (link: string) => ariaCurrent(link, pathname)

  return (
    <div className="mobile-bar">
      {open && <div className="mobile-bar__backdrop" onClick={onClose} aria-hidden="true" />}
      <button className="mobile-bar__menu" {...buttonProps('mobile', panelId)}>
        <span className={`burger${open ? ' burger--open' : ''}`} aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        Menu
      </button>
      <div id={panelId} className="mobile-panel" hidden={!open}>
        <nav aria-label="Mobile">
          <ul className="mobile-panel__list">
            <li>
              <button type="button" className="mobile-panel__toggle" onClick={onSearch}>
                Search
                <Glyph name="search" />
              </button>
            </li>
            <li>
              <a href="/" aria-current={current('/')} onClick={onNavigate}>
                Home
              </a>
            </li>
            <Submenu label="Products" open={submenu === 'products'} onToggle={() => toggleSub('products')}>
              <li>
                <a href={CATALOGUE_PATH} aria-current={current(CATALOGUE_PATH)} onClick={onNavigate}>
                  All products: filter and compare
                </a>
              </li>
              {products.map((p) => (
                <li key={p.key}>
                  <a href={p.link} aria-current={current(p.link)} onClick={onNavigate}>
                    {p.name}
                    {p.detail && <span className="mobile-panel__detail"> {p.detail}</span>}
                  </a>
                </li>
              ))}
            </Submenu>
            <Submenu label="Solutions" open={submenu === 'solutions'} onToggle={() => toggleSub('solutions')}>
              {SOLUTIONS.map((s) => (
                <li key={s.link}>
                  <a href={s.link} aria-current={current(s.link)} onClick={onNavigate}>
                    {s.name}
                  </a>
                </li>
              ))}
            </Submenu>
            <li>
              <a href="/aboutus" aria-current={current('/aboutus')} onClick={onNavigate}>
                About Us
              </a>
            </li>
            <li>
              <a href="/support" onClick={onNavigate}>
                Contact Us
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <StripeButton className="mobile-bar__demo" onClick={() => notify('Coming Soon', 'schedule-demo')}>
        Schedule Demo
      </StripeButton>
    </div>
  )
}

/** An entry of the panel that expands its list of links below it (one at a time: the bar decides). */
function Submenu({
  label,
  open,
  onToggle,
  children,
}: {
  label: string
  open: boolean
  onToggle: () => void
  children: ReactNode
}) {
  const id = useId()
  return (
    <li>
      <button
        type="button"
        className="mobile-panel__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={onToggle}
      >
        {label}
        <Plus open={open} />
      </button>
      <ul id={id} className="mobile-panel__sub" hidden={!open}>
        {children}
      </ul>
    </li>
  )
}

function Plus({ open }: { open: boolean }) {
  return (
    <svg
      className={`mobile-panel__plus${open ? ' is-open' : ''}`}
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M3 8h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <path
        className="mobile-panel__plus-v"
        d="M8 3v10"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  )
}
