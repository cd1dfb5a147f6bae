import type { MouseEvent } from 'react'
import './StepNav.css'
import { Glyph } from '../Glyph.tsx'
import { type Step, useCurrentStep } from './useCurrentStep.ts'
import { useRail } from './useRail.ts'
import { useToggleShown } from './useToggleShown.ts'

/**
 * The product step navigator: a sticky bar on wide screens and, at 1024 px or narrower, a floating
 * toggle that opens a rail of the same steps. Both share one current step.
 */
export function StepNav({ steps }: { steps: Step[] }) {
  const { current, choose } = useCurrentStep(steps)
  const shown = useToggleShown(steps[0]?.key)
  const { rail, close, toggle, onKeyDown, toggleRef, railRef } = useRail()

  const go = (e: MouseEvent, i: number) => {
    const el = choose(i)
    if (el) e.preventDefault()
    return el
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
            // Keyboard users continue from the chosen section, not from the bar.
            go(e, i)?.focus({ preventScroll: true })
          })}
        </ol>
      </nav>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape bubbles up from the rail's own controls. */}
      <div className={`pstep-float${shown ? '' : ' is-away'}`} onKeyDown={onKeyDown}>
        {rail !== 'closed' && (
          <nav
            id="product-rail"
            ref={railRef}
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
          ref={toggleRef}
          type="button"
          className="pstep-toggle"
          aria-label={`Product sections, step ${current + 1} of ${steps.length}`}
          aria-expanded={rail === 'open'}
          aria-controls={rail === 'closed' ? undefined : 'product-rail'}
          onClick={toggle}
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
