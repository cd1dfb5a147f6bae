import { type CSSProperties, useEffect } from 'react'
import { useData } from 'vike-react/useData'
import { Picture } from '../../../components/Picture.tsx'
import type { Data } from './+data.ts'
import './WebAndCloud.css'
import { Glyph } from '../../../components/Glyph.tsx'

/**
 * The 'Web And Cloud Solutions' page (the spec's "index 18"). Its pinned scenes are CSS (pin.css): a
 * scroll timeline drives them where the browser has one, with no script; elsewhere a small module
 * (scrub.ts) does, fetched only here and only after hydration. Under reduced motion, before scripts
 * load and without them, it is a plain, readable page.
 */
export default function Page() {
  const { heading, stripe, block, lines, image } = useData<Data>()

  useEffect(() => {
    if (CSS.supports('animation-timeline: view()')) return
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) return
    let stop: (() => void) | undefined
    let left = false
    import('./scrub.ts').then(({ scrub }) => {
      if (!left) stop = scrub()
    })
    return () => {
      left = true
      stop?.()
    }
  }, [])

  return (
    <>
      <section className="wc-pin" aria-labelledby="wc-title" data-scrub>
        <div className="wc-pin__stage" data-scrub-stage>
          <h1 id="wc-title" className="wc-title">
            {heading}
          </h1>
          <p className="wc-stripe">{stripe}</p>
          <div className="wc-block">
            <div className="wc-block__copy">
              <h2>{block.title}</h2>
              <p>{block.text}</p>
            </div>
            <Picture
              image={image}
              alt=""
              sizes="(max-width: 1024px) 90vw, 40vw"
              priority
              className="wc-block__art"
            />
          </div>
          <span className="wc-cue" aria-hidden="true">
            Scroll
            <Glyph name="arrow-down" />
          </span>
        </div>
      </section>
      <section className="wc-lines" aria-labelledby="wc-lines-title" data-scrub>
        <div className="wc-lines__stage" data-scrub-stage>
          <div className="wc-lines__intro">
            <p className="eyebrow">Our company</p>
            <h2 id="wc-lines-title" className="wc-lines__title">
              Who we are
            </h2>
          </div>
          <ol className="wc-lines__list">
            {lines.map((line, i) => (
              <li key={line} style={{ '--i': i } as CSSProperties} data-scrub>
                {line}
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section className="wc-cta section" aria-labelledby="wc-cta-title">
        <div className="container wc-cta__inner">
          <div>
            <h2 id="wc-cta-title">Build on our platform</h2>
            <p>Tell us about your devices, sites or fleet and we will show you the dashboards that fit.</p>
          </div>
          <a className="btn btn--accent" href="/support">
            Contact Us
          </a>
        </div>
      </section>
    </>
  )
}
