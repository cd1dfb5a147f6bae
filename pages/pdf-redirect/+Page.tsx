import { useEffect, useState } from 'react'
import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import { MessageActions, MessageScreen } from '../../components/MessageScreen.tsx'
import { publishedBrochure } from '../../lib/storage-url.ts'
import type { Data } from './+data.ts'

declare global {
  namespace Vike {
    interface PageContext {
      /**
       * Set by the brochure page (pages/brochures/@id) when it navigates here: whether it started the
       * download. Absent on any other arrival (a link, a reload, Back).
       */
      downloadStarted?: boolean
    }
  }
}

type Check =
  | { kind: 'checking' }
  | { kind: 'missing' }
  | { kind: 'refused' }
  | { kind: 'brochure'; href: string; fileName: string; title: string; started: boolean }

/**
 * After a brochure download: a link to the brochure the address names, but only to one the site
 * publishes, named by its title (from the content, never from the address: `url` is whatever a link
 * put there). Any other `url` is refused with a message and no link, so this page never sends anyone
 * elsewhere. It says the download started only when the brochure page this visitor came from started
 * it (`downloadStarted`, handed over by that page's navigation), not for an address opened from a link.
 * The page is pre-rendered once, so its HTML names no brochure at all: without scripts it points to
 * the brochure library, and the query is read after hydration.
 */
export default function Page() {
  const { storageBase, brochures } = useData<Data>()
  const { urlOriginal, downloadStarted } = usePageContext()
  const [check, setCheck] = useState<Check>({ kind: 'checking' })

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check when the address (its query) changes
  useEffect(() => {
    const raw = new URLSearchParams(window.location.search).get('url')
    if (!raw) return setCheck({ kind: 'missing' })
    const brochure = publishedBrochure(raw, storageBase, window.location.origin, brochures)
    if (!brochure) return setCheck({ kind: 'refused' })
    setCheck({
      kind: 'brochure',
      href: new URL(brochure.file, window.location.origin).href,
      fileName: brochure.file.split('/').at(-1) ?? 'brochure.pdf',
      title: brochure.title,
      started: downloadStarted === true,
    })
  }, [storageBase, brochures, urlOriginal, downloadStarted])

  return (
    <MessageScreen titleId="pdf-title" title="Your brochure download" eyebrow="Brochure">
      <div aria-live="polite">
        {check.kind === 'checking' && (
          <p className="lead">
            Every brochure we publish is in our <a href="/brochures">brochure library</a>.
          </p>
        )}
        {check.kind === 'brochure' && (
          <>
            <p className="lead">
              {check.started
                ? `Your download of the ${check.title} brochure has started. If it did not, or to open it again:`
                : `The ${check.title} brochure, as a PDF:`}
            </p>
            <p>
              <a className="btn btn--primary" href={check.href} download={check.fileName}>
                {`Download the ${check.title} brochure (PDF)`}
              </a>
            </p>
          </>
        )}
        {check.kind === 'refused' && (
          <p className="message-screen__notice" role="alert">
            This link does not point to one of our brochures, so it is not offered here. Please choose the
            brochure again from our <a href="/brochures">brochure library</a>.
          </p>
        )}
        {check.kind === 'missing' && (
          <p className="message-screen__notice">
            No brochure was named in this address. Please choose one from our{' '}
            <a href="/brochures">brochure library</a>.
          </p>
        )}
      </div>
      <MessageActions home="outline" contact />
    </MessageScreen>
  )
}
