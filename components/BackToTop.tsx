import { useEffect, useState } from 'react'
import { Glyph } from './Glyph.tsx'

/**
 * The floating 'Back to top' button (../shared/spec/DECISIONS.md, Semantics): it appears once the page has been
 * scrolled past twice the window height (../shared/spec/site-spec.md §9) and takes the visitor, and keyboard focus,
 * back to the top of the page.
 */
export function BackToTop() {
  const [shown, setShown] = useState(false)

  useEffect(() => {
    let frame = 0
    const check = () => {
      frame = 0
      setShown(window.scrollY > 2 * window.innerHeight)
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(check)
    }
    check()
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', onScroll)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', onScroll)
    }
  }, [])

  if (!shown) return null
  return (
    <button
      type="button"
      className="back-to-top"
      onClick={() => {
        const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
        window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' })
        // Keyboard users continue from the top too: the next Tab reaches the skip link.
        document.getElementById('top')?.focus({ preventScroll: true })
      }}
    >
      <Glyph name="arrow-up" />
      <span className="back-to-top__label">Back to top</span>
    </button>
  )
}
