import {
  type FocusEvent,
  type PointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react'

/** How long the pointer may be outside a hover-opened menu before it closes (crossing gaps). */
const HOVER_CLOSE_MS = 160

/**
 * State for a group of disclosure menus of which at most one is open (../shared/spec/site-spec.md §4: opening one
 * closes the others). Menus open by click, keyboard or mouse hover; Escape closes the open one and
 * returns focus to its button; a pointer press outside `root` closes it.
 */
export function useMenuGroup<Id extends string>(root: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState<Id | null>(null)
  const openRef = useRef<Id | null>(null)
  // A menu opened by hovering closes when the pointer leaves it; one opened by click or key stays.
  const byHover = useRef(false)
  const buttons = useRef(new Map<Id, HTMLButtonElement>())
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const set = useCallback((id: Id | null, hover = false) => {
    clearTimeout(timer.current)
    openRef.current = id
    byHover.current = hover
    setOpen(id)
  }, [])

  const close = useCallback(
    (returnFocus = false) => {
      const current = openRef.current
      set(null)
      if (returnFocus && current) buttons.current.get(current)?.focus()
    },
    [set],
  )

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        close(true)
      }
    }
    const onPointer = (event: globalThis.PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close()
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open, close, root])

  useEffect(() => () => clearTimeout(timer.current), [])

  /** Props for a menu's button. */
  const buttonProps = (id: Id, controls: string) => ({
    ref: (el: HTMLButtonElement | null) => {
      if (el) buttons.current.set(id, el)
      else buttons.current.delete(id)
    },
    type: 'button' as const,
    'aria-expanded': open === id,
    'aria-controls': controls,
    onClick: () => {
      // A click on a menu the pointer has just opened by hovering keeps it open (and pins it).
      if (openRef.current === id && byHover.current) set(id)
      else set(openRef.current === id ? null : id)
    },
  })

  /** Hover handlers for the element that wraps a menu's button and its panel. */
  const hoverProps = (id: Id) => ({
    onPointerEnter: (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return
      clearTimeout(timer.current)
      if (openRef.current !== id) set(id, true)
    },
    onPointerLeave: (event: PointerEvent) => {
      if (event.pointerType !== 'mouse' || openRef.current !== id || !byHover.current) return
      timer.current = setTimeout(() => {
        if (openRef.current === id && byHover.current) set(null)
      }, HOVER_CLOSE_MS)
    },
    // Tabbing out of a menu closes it; focus moving somewhere unknown (null) does not.
    onBlur: (event: FocusEvent<HTMLElement>) => {
      const next = event.relatedTarget as Node | null
      if (next && !event.currentTarget.contains(next) && openRef.current === id) set(null)
    },
  })

  return {
    open,
    openMenu: set,
    close,
    buttonProps,
    hoverProps,
  }
}

/** What useMenuGroup gives the menus of its group. */
export type MenuGroup<Id extends string> = ReturnType<typeof useMenuGroup<Id>>
