import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react'
import './StepNav.css'
import { Glyph } from '../Glyph.tsx'

interface Step {
  label: string
  /** The id of the section the step scrolls to. */
  key: string
}

/** The floating rail's life: it stays on screen while `closing` so it can animate out. */
type Rail = 'closed' | 'open' | 'closing'

/** site-spec.md §9: the current step is re-evaluated after a 50 ms scroll pause; the rail closes in 300 ms. */
const SCROLL_PAUSE = 50
const CLOSE_MS = 300
/** The height above the bottom of the screen the toggle may cover: bottom bar, margin and toggle, rounded up. */
const TOGGLE_BAND = 160

/** How far the page must scroll down (negative: up) to bring a section to the line where it rests. */
function offset(el: HTMLElement): number {
  return el.getBoundingClientRect().top - Number.parseFloat(getComputedStyle(el).scrollMarginTop || '0')
}

/** The section whose top is nearest the line where a scrolled-to section comes to rest. */
function nearest(steps: Step[]): number {
  let best = 0
  let distance = Number.POSITIVE_INFINITY
  steps.forEach((s, i) => {
    const el = document.getElementById(s.key)
    if (!el) return
    const d = Math.abs(offset(el))
    if (d < distance) {
      distance = d
      best = i
    }
  })
  return best
}

/**
 * The product step navigator: a sticky bar on wide screens and, at 1024 px or narrower, a floating
 * toggle that opens a rail of the same steps. Both share one current step.
 */
export function StepNav({ steps }: { steps: Step[] }) {
  const [current, setCurrent] = useState(0)
  const [rail, setRail] = useState<Rail>('closed')
  const [footerShown, setFooterShown] = useState(false)
  // The floating toggle waits below the hero until the first step's section reaches it.
  const [reached, setReached] = useState(false)
  // After a click the scroll it starts must not move the current step elsewhere: where that scroll
  // comes to rest, or null when no click's scroll is under way.
  const pinned = useRef<number | null>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  const railEl = useRef<HTMLElement>(null)

  useEffect(() => {
    let timer = 0
    // Where `scrollend` exists the pin holds until the click's smooth scroll has really finished (a
    // slow frame mid-scroll can exceed the 50 ms pause); elsewhere the first pause releases it.
    const hasScrollEnd = 'onscrollend' in window
    /** Ends a click's pin; false when there was none. */
    const release = () => {
      if (pinned.current === null) return false
      // Stopped short of the click's rest (the visitor scrolled on their own): the section nearest
      // the line is current after all.
      const interrupted = Math.abs(scrollY - pinned.current) >= 1
      pinned.current = null
      if (interrupted) setCurrent(nearest(steps))
      return true
    }
    const settle = () => {
      if (pinned.current === null) setCurrent(nearest(steps))
      else if (!hasScrollEnd) release()
    }
    const onScroll = () => {
      clearTimeout(timer)
      timer = window.setTimeout(settle, SCROLL_PAUSE)
    }
    const onScrollEnd = () => {
      if (release()) clearTimeout(timer)
    }
    settle()
    addEventListener('scroll', onScroll, { passive: true })
    addEventListener('scrollend', onScrollEnd)
    return () => {
      clearTimeout(timer)
      removeEventListener('scroll', onScroll)
      removeEventListener('scrollend', onScrollEnd)
    }
  }, [steps])

  useEffect(() => {
    const first = document.getElementById(steps[0]?.key ?? '')
    if (!first) return
    // Reached once the section's top has come above the band the toggle floats in, so the toggle never
    // covers the hero's buttons; it hides again when the visitor scrolls back up to them.
    const io = new IntersectionObserver(
      ([e]) => {
        if (e) setReached(e.boundingClientRect.top < (e.rootBounds?.bottom ?? innerHeight))
      },
      { rootMargin: `0px 0px -${TOGGLE_BAND}px 0px` },
    )
    io.observe(first)
    return () => io.disconnect()
  }, [steps])

  useEffect(() => {
    const footer = document.querySelector('footer')
    if (!footer) return
    const io = new IntersectionObserver(
      ([e]) => setFooterShown(Boolean(e?.isIntersecting && e.intersectionRatio >= 0.1)),
      { threshold: 0.1 },
    )
    io.observe(footer)
    return () => io.disconnect()
  }, [])

  useEffect(() => {
    if (rail === 'open') railEl.current?.querySelector('button')?.focus()
    if (rail !== 'closing') return
    const t = setTimeout(() => {
      setRail('closed')
      toggle.current?.focus()
    }, CLOSE_MS)
    return () => clearTimeout(t)
  }, [rail])

  const go = (e: MouseEvent, i: number) => {
    const el = document.getElementById(steps[i]?.key ?? '')
    if (!el) return
    e.preventDefault()
    setCurrent(i)
    // Pinned only when a scroll will come to release it: a section already at rest, or one the page
    // cannot scroll any further towards, gets none. (A timer guessing this could, on a busy page,
    // release a later click's pin before its scroll began.)
    const end = document.documentElement.scrollHeight - innerHeight
    const rest = Math.min(Math.max(scrollY + offset(el), 0), end)
    pinned.current = Math.abs(rest - scrollY) >= 1 ? rest : null
    el.scrollIntoView({
      behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    })
    return el
  }

  const close = () => setRail((r) => (r === 'open' ? 'closing' : r))
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && rail === 'open') {
      e.stopPropagation()
      close()
    }
  }

  const items = (onChoose: (e: MouseEvent, i: number) => void) =>
    steps.map((s, i) => (
      <li key={s.key}>
        <a
          href={`#${s.key}`}
          aria-current={i === current ? 'step' : undefined}
          onClick={(e) => onChoose(e, i)}
        >
          <span className="pstep-num" aria-hidden="true">
            {i + 1}
          </span>
          {s.label}
        </a>
      </li>
    ))

  return (
    <>
      <nav className="pstep-bar" aria-label="Product sections">
        <ol className="container">
          {items((e, i) => {
            const el = go(e, i)
            // Keyboard users continue from the chosen section, not from the bar.
            el?.focus({ preventScroll: true })
          })}
        </ol>
      </nav>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape bubbles up from the rail's own controls. */}
      <div className={`pstep-float${footerShown || !reached ? ' is-away' : ''}`} onKeyDown={onKeyDown}>
        {rail !== 'closed' && (
          <nav
            id="product-rail"
            ref={railEl}
            className={`pstep-rail is-${rail}`}
            aria-label="Product sections"
          >
            <ul>
              <li>
                <button type="button" className="pstep-cancel" aria-label="Cancel" onClick={close}>
                  <Glyph name="close" size={20} />
                </button>
              </li>
              {items((e, i) => {
                go(e, i)
                close()
              })}
            </ul>
          </nav>
        )}
        <button
          ref={toggle}
          type="button"
          className="pstep-toggle"
          aria-label={`Product sections, step ${current + 1} of ${steps.length}`}
          aria-expanded={rail === 'open'}
          aria-controls={rail === 'closed' ? undefined : 'product-rail'}
          onClick={() => setRail((r) => (r === 'open' ? 'closing' : 'open'))}
        >
          <span className="pstep-num">{current + 1}</span>
          <span className="pstep-of" aria-hidden="true">
            /{steps.length}
          </span>
        </button>
      </div>
    </>
  )
}
