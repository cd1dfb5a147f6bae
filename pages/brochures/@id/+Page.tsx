import { useEffect } from 'react'
import { navigate } from 'vike/client/router'
import { useData } from 'vike-react/useData'
import { MessageScreen } from '../../../components/MessageScreen.tsx'
import { Spinner } from '../../../components/Spinner.tsx'
import type { Data } from './+data.ts'
import { startDownload } from './download.ts'

/** How long 'Redirecting to download...' stays before the after-download page. */
const REDIRECT_AFTER_MS = 900

export default function Page() {
  const { title, url, fileName } = useData<Data>()

  useEffect(() => {
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    startDownload(url, fileName).then((downloadStarted) => {
      if (cancelled) return
      timer = setTimeout(() => {
        // Replace this entry, so Back does not land here and download the file again. The next page
        // says the download started only when it did.
        navigate(`/pdf-redirect?url=${encodeURIComponent(url)}`, {
          overwriteLastHistoryEntry: true,
          pageContext: { downloadStarted },
        })
      }, REDIRECT_AFTER_MS)
    })
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [url, fileName])

  return (
    <MessageScreen titleId="brochure-title" title={title} eyebrow="Brochure">
      <Spinner label="Redirecting to download..." />
      <p className="message-screen__hint">
        If nothing happens,{' '}
        <a href={url} download={fileName}>
          download the PDF
        </a>
        .
      </p>
    </MessageScreen>
  )
}
