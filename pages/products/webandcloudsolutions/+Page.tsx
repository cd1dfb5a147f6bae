import type { CSSProperties } from 'react'
import { useData } from 'vike-react/useData'
import { Picture } from '../../../components/Picture.tsx'
import type { Data } from './+data.ts'
import './WebAndCloud.css'

/**
 * The 'Web And Cloud Solutions' page (the spec's "index 18"). Its pinned scroll animations are CSS
 * scroll-driven animations: no script runs them, so the page costs no JavaScript beyond the shell,
 * and without support, under reduced motion or before scripts load, it is a plain, readable page.
 */
export default function Page() {
  const { heading, stripe, block, lines, image } = useData<Data>()
  return (
    <>
      <section className="wc-pin" aria-labelledby="wc-title">
        <div className="wc-pin__stage">
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
        </div>
      </section>
      <section className="wc-lines" aria-labelledby="wc-lines-title">
        <div className="wc-lines__stage">
          <h2 id="wc-lines-title" className="wc-lines__title">
            Who we are
          </h2>
          <ol className="wc-lines__list">
            {lines.map((line, i) => (
              <li key={line} style={{ '--i': i } as CSSProperties}>
                {line}
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section className="wc-cta section">
        <div className="container">
          <h2>Build on our platform</h2>
          <p>Tell us about your devices, sites or fleet and we will show you the dashboards that fit.</p>
          <a className="btn btn--accent" href="/support">
            Contact Us
          </a>
        </div>
      </section>
    </>
  )
}
