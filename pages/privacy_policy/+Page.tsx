import { useData } from 'vike-react/useData'
import { PageHead } from '../../components/PageHead.tsx'
import type { Data } from './+data.ts'
import './Privacy.css'

/** '2026-11-01' → '1 November 2026', the same on the server and in every browser. */
function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number)
  const months = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ]
  return `${d} ${months[(m ?? 1) - 1]} ${y}`
}

export default function Page() {
  const { title, updated, html } = useData<Data>()
  return (
    <article className="privacy">
      <PageHead eyebrow="Legal" title={title} container="container privacy__container">
        <p className="privacy__updated">
          Last updated <time dateTime={updated}>{longDate(updated)}</time>
        </p>
      </PageHead>
      <div className="container privacy__container">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown rendered at build time from our own content, raw HTML escaped */}
        <div className="privacy__body" dangerouslySetInnerHTML={{ __html: html }} />
      </div>
    </article>
  )
}
