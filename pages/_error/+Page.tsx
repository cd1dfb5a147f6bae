import { useEffect } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { MessageActions, MessageScreen } from '../../components/MessageScreen.tsx'

/** Product pages that do not exist end on /comingsoon (../shared/spec/DECISIONS.md), even on a host that only serves 404.html. */
const COMING_SOON_PREFIXES = ['/products/', '/productenquiry/']

const POPULAR = [
  { name: 'Railways', link: '/railways' },
  { name: 'Space', link: '/space' },
  { name: 'About Us', link: '/aboutus' },
  { name: 'Contact Us', link: '/support' },
]

export default function Page() {
  const { is404 } = usePageContext()
  useEffect(() => {
    // The static 404.html is served for every unknown path, so the browser's own location decides.
    const path = window.location.pathname
    if (is404 && COMING_SOON_PREFIXES.some((p) => path.startsWith(p) && path.length > p.length))
      window.location.replace('/comingsoon')
  }, [is404])
  if (!is404)
    return (
      <MessageScreen titleId="error-title" title="Something went wrong">
        <p className="lead">Please try again in a moment.</p>
        <MessageActions />
      </MessageScreen>
    )
  return (
    <MessageScreen titleId="error-title" title="Page not found" art={<NotFoundArt />}>
      <p className="lead">The page you are looking for does not exist or has moved.</p>
      <MessageActions />
      <nav aria-label="Popular pages">
        <ul className="message-screen__links">
          {POPULAR.map((p) => (
            <li key={p.link}>
              <a href={p.link}>{p.name}</a>
            </li>
          ))}
        </ul>
      </nav>
    </MessageScreen>
  )
}

function NotFoundArt() {
  return (
    <svg
      className="message-screen__art"
      viewBox="0 0 160 90"
      width="160"
      height="90"
      aria-hidden="true"
      focusable="false"
    >
      <text
        x="80"
        y="70"
        textAnchor="middle"
        fontSize="72"
        fontWeight="800"
        fill="#0b1f3a"
        fontFamily="system-ui, sans-serif"
      >
        404
      </text>
      <rect x="18" y="78" width="124" height="6" rx="3" fill="#00a6a6" />
    </svg>
  )
}
