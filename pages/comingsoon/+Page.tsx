import { useData } from 'vike-react/useData'
import type { Data } from './+data.ts'
import '../_error/Message.css'
import { Glyph } from '../../components/Glyph.tsx'

export default function Page() {
  const { title, email } = useData<Data>()
  return (
    <section className="message-screen" aria-labelledby="soon-title">
      <div className="message-screen__card">
        <svg
          className="message-screen__art"
          viewBox="0 0 120 120"
          width="120"
          height="120"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="60" cy="60" r="56" fill="#eef2f6" />
          <circle cx="60" cy="60" r="36" fill="none" stroke="#1565c0" strokeWidth="6" />
          <path
            d="M60 38v24l14 9"
            fill="none"
            stroke="#0b1f3a"
            strokeWidth="6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
          <circle cx="96" cy="28" r="8" fill="#f59e0b" />
        </svg>
        <p className="eyebrow">On its way</p>
        <h1 id="soon-title">{title}</h1>
        <p className="lead">
          We are still preparing this page. In the meantime, our team is happy to tell you more about any of
          our products.
        </p>
        <div className="btn-row message-screen__actions">
          <a className="btn btn--primary" href="/">
            Go to the home page
          </a>
          <a className="btn btn--outline" href="/support">
            Contact Us
          </a>
        </div>
        <p className="message-screen__mail">
          <Glyph name="envelope" size={18} />
          <a href={`mailto:${email}`}>{email}</a>
        </p>
      </div>
    </section>
  )
}
