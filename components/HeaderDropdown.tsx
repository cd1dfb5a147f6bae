import { type KeyboardEvent, type ReactNode, useId } from 'react'
import { useHydrated } from 'vike-react/useHydrated'
import { Glyph } from './Glyph.tsx'
import type { HeaderMenu } from './Header.tsx'
import { useHandOver } from './useHandOver.ts'
import type { MenuGroup } from './useMenuGroup.ts'

interface HeaderDropdownProps {
  menu: Exclude<HeaderMenu, 'mobile'>
  label: string
  /** The current page is one of the menu's: the button is marked as the header's place. */
  active: boolean
  /** The Products panel is wider than its button and aligns to the header, not to its item. */
  wide?: boolean
  group: MenuGroup<HeaderMenu>
  /** The panel, its list of links under `listId` (the button controls it); `open` says if it shows. */
  children: (listId: string, open: boolean) => ReactNode
}

/**
 * One menu of the wide header: a button that says whether its panel is open (`aria-expanded`) and the
 * panel. It opens by click, keyboard or mouse hover, one at a time (useMenuGroup); ArrowDown on the
 * button opens it and moves to its first link. Until the header has hydrated (and when its scripts
 * never arrive) it is a native disclosure, `<details>`, which opens its panel without them.
 */
export function HeaderDropdown({ menu, label, active, wide = false, group, children }: HeaderDropdownProps) {
  const listId = useId()
  const hydrated = useHydrated()
  const native = useHandOver(hydrated, (focused, open) => {
    if (open) group.openMenu(menu)
    if (focused) document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(listId)}"]`)?.focus()
  })
  const item = wide ? 'site-header__item--mega' : 'site-header__item'
  const toggle = `site-header__link site-header__toggle${active ? ' is-active' : ''}`
  const chevron = <Glyph name="chevron-down" className="site-header__chevron" />
  if (!hydrated)
    return (
      <li className={item}>
        {/* One name for both: opening one closes the other, as the buttons do once hydrated. */}
        <details className="site-header__details" name="site-header-menu" ref={native}>
          <summary className={toggle}>
            {label}
            {chevron}
          </summary>
          {children(listId, false)}
        </details>
      </li>
    )
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown') return
    event.preventDefault()
    group.openMenu(menu)
    // The panel shows on the next render: focus its first link once it is there.
    requestAnimationFrame(() => document.getElementById(listId)?.querySelector('a')?.focus())
  }
  return (
    <li className={item} {...group.hoverProps(menu)}>
      <button className={toggle} {...group.buttonProps(menu, listId)} onKeyDown={onKeyDown}>
        {label}
        {chevron}
      </button>
      {children(listId, group.open === menu)}
    </li>
  )
}
