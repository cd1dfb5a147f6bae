import { type FocusEvent, type ReactNode, useEffect, useId, useState } from 'react'
import { useHydrated } from 'vike-react/useHydrated'
import { afterNextPaint } from '../lib/after-paint.ts'
import { CATALOGUE_PATH } from '../lib/pages.ts'
import { Glyph } from './Glyph.tsx'
import type { HeaderMenu } from './Header.tsx'
import { ariaCurrent, type MenuEntry, SOLUTIONS } from './nav.ts'
import { StripeButton } from './StripeButton.tsx'
import { notify } from './ToastHost.tsx'
import { useHandOver } from './useHandOver.ts'

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
 * only says 'Coming Soon'. Focus leaving the menu (Tab past its last link) closes it, so the keyboard
 * never works in the page behind it. Until the header has hydrated (and when its scripts never arrive)
 * the menu and its submenus are native disclosures, `<details>`, and the controls that need a script
 * (Search, Schedule Demo) do not show.
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
  const hydrated = useHydrated()
  const native = useHandOver(hydrated, (focused, wasOpen) => {
    const button = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(panelId)}"]`)
    if (wasOpen) button?.click()
    if (focused) button?.focus()
  })

  useEffect(() => {
    if (!open) {
      setSubmenu(null)
      return
    }
    // The page stops scrolling a frame after the menu shows, not in the frame that shows it: taking the
    // page's scrolling away lays out and paints the whole page again, which that frame would wait for.
    const body = document.body
    let previous: string | undefined
    let closed = false
    afterNextPaint(() => {
      if (closed) return
      previous = body.style.overflow
      body.style.overflow = 'hidden'
    })
    return () => {
      closed = true
      if (previous !== undefined) body.style.overflow = previous
    }
  }, [open])

  const toggleSub = (id: Exclude<Submenu, null>) => setSubmenu((s) => (s === id ? null : id))
  const current = (link: string) => ariaCurrent(link, pathname)
  // Tabbing out of the menu closes it (focus moving somewhere unknown, null, does not).
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null
    if (open && next && !event.currentTarget.contains(next)) onClose()
  }
  const burger = (
    <span className={`burger${open ? ' burger--open' : ''}`} aria-hidden="true">
      <span />
      <span />
      <span />
    </span>
  )
  const sub = (label: string, id: Exclude<Submenu, null>, links: ReactNode) => (
    <Submenu label={label} open={submenu === id} native={!hydrated} onToggle={() => toggleSub(id)}>
      {links}
    </Submenu>
  )
  const panel = (
    <div id={panelId} className="mobile-panel" hidden={hydrated && !open}>
      <nav aria-label="Mobile">
        <ul className="mobile-panel__list">
          {hydrated && (
            <li>
              <button type="button" className="mobile-panel__toggle" onClick={onSearch}>
                Search
                <Glyph name="search" />
              </button>
            </li>
          )}
          <li>
            <a href="/" aria-current={current('/')} onClick={onNavigate}>
              Home
            </a>
          </li>
          {sub(
            'Products',
            'products',
            <>
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
            </>,
          )}
          {sub(
            'Solutions',
            'solutions',
            SOLUTIONS.map((s) => (
              <li key={s.link}>
                <a href={s.link} aria-current={current(s.link)} onClick={onNavigate}>
                  {s.name}
                </a>
              </li>
            )),
          )}
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
  )

  return (
    <div className="mobile-bar">
      {open && <div className="mobile-bar__backdrop" onClick={onClose} aria-hidden="true" />}
      {hydrated ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: listens for focus leaving the button and panel
        <div className="mobile-bar__group" onBlur={onBlur}>
          <button className="mobile-bar__menu" {...buttonProps('mobile', panelId)}>
            {burger}
            Menu
          </button>
          {panel}
        </div>
      ) : (
        <details className="mobile-bar__group" ref={native}>
          <summary className="mobile-bar__menu">
            {burger}
            Menu
          </summary>
          {panel}
        </details>
      )}
      <StripeButton
        className="mobile-bar__demo"
        data-needs-script=""
        onClick={() => notify('Coming Soon', 'schedule-demo')}
      >
        Schedule Demo
      </StripeButton>
    </div>
  )
}

/**
 * An entry of the panel that expands its list of links below it (one at a time: the bar decides); a
 * native disclosure until the header has hydrated.
 */
function Submenu({
  label,
  open,
  native,
  onToggle,
  children,
}: {
  label: string
  open: boolean
  native: boolean
  onToggle: () => void
  children: ReactNode
}) {
  const id = useId()
  if (native)
    return (
      <li>
        {/* One submenu open at a time, as the hydrated panel has it. */}
        <details name="mobile-submenu">
          <summary className="mobile-panel__toggle">
            {label}
            <Plus open={false} />
          </summary>
          <ul className="mobile-panel__sub">{children}</ul>
        </details>
      </li>
    )
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
