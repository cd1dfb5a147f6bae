import { useData } from 'vike-react/useData'
import { Glyph } from '../../components/Glyph.tsx'
import { MessageActions, MessageScreen } from '../../components/MessageScreen.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const { title, email } = useData<Data>()
  return (
    <MessageScreen titleId="soon-title" title={title} eyebrow="On its way" art={<ClockArt />}>
      <p className="lead">
        We are still preparing this page. In the meantime, our team is happy to tell you more about any of our
        products.
      </p>
      <MessageActions contact />
      <p className="message-screen__mail">
        <Glyph name="envelope" size={18} />
        <a href={`mailto:${email}`}>{email}</a>
      </p>
    </MessageScreen>
  )
}

function ClockArt() {
  return (
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
  )
}
