import { useEffect, useState } from 'react'
import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import { MessageActions, MessageScreen } from '../../components/MessageScreen.tsx'
import { storageUrl } from '../../lib/storage-url.ts'
import type { Data } from './+data.ts'

type Check =
  | { kind: 'checking' }
  | { kind: 'missing' }
  | { kind: 'refused' }
  | { kind: 'allowed'; href: string; name: string; title: string | undefined }

/** The file name at the end of a URL's path, for the link text. */
function fileNameOf(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).at(-1) ?? 'file'
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
}

/**
 * After a brochure download: a link to the file, but only for a file under the configured storage
 * base. Any other `url` is refused with a message and no link, so this page never sends anyone
 * elsewhere. The query exists only in the browser, so the check runs after hydration.
 */
export default function Page() {
  const { storageBase, brochures } = useData<Data>()
  const { urlOriginal } = usePageContext()
  const [check, setCheck] = useState<Check>({ kind: 'checking' })

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check when the address (its query) changes
  useEffect(() => {
    const raw = new URLSearchParams(window.location.search).get('url')
    if (!raw) return setCheck({ kind: 'missing' })
    const allowed = storageUrl(raw, storageBase, window.location.origin)
    if (!allowed) return setCheck({ kind: 'refused' })
    const title = brochures.find((b) => new URL(b.file, window.location.origin).href === allowed.href)?.title
    setCheck({ kind: 'allowed', href: allowed.href, name: fileNameOf(allowed), title })
  }, [storageBase, brochures, urlOriginal])

  return (
    <MessageScreen titleId="pdf-title" title="Your brochure download" eyebrow="Brochure">
      <div aria-live="polite">
        {check.kind === 'checking' && <p className="lead">Checking the download link…</p>}
        {check.kind === 'allowed' && (
          <>
            <p className="lead">
              {check.title
                ? `Your download of the ${check.title} brochure has started.`
                : 'Your download has started.'}{' '}
              If it did not, or to open the brochure again:
            </p>
            <p>
              <a className="btn btn--primary" href={check.href} download={check.name}>
                {/* Visitors know a brochure by its title; the file name is only a fallback for a file the
                    content does not name. */}
                {check.title ? `Download the ${check.title} brochure (PDF)` : `Download ${check.name}`}
              </a>
            </p>
          </>
        )}
        {check.kind === 'refused' && (
          <p className="message-screen__notice" role="alert">
            This link does not point to one of our brochures, so it is not offered here. Brochures are only
            downloaded from our own storage; please choose the brochure again from our site.
          </p>
        )}
        {check.kind === 'missing' && (
          <p className="message-screen__notice">
            No brochure was named in this address. Please choose one from our site.
          </p>
        )}
      </div>
      <MessageActions home="outline" contact />
    </MessageScreen>
  )
}
