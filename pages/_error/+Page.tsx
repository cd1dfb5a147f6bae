import { useEffect } from 'react'
import { usePageContext } from 'vike-react/usePageContext'

/** Product pages that do not exist end on /comingsoon (DECISIONS.md), even on a host that only serves 404.html. */
const COMING_SOON_PREFIXES = ['/products/', '/productenquiry/']

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
      <section className="not-found">
        <h1>Something went wrong</h1>
        <p>Please try again in a moment.</p>
      </section>
    )
  return (
    <section className="not-found">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </section>
  )
}
