import { useEffect } from 'react'
import { navigate } from 'vike/client/router'
import { useData } from 'vike-react/useData'
import { Spinner } from '../../../components/Spinner.tsx'
import type { Data } from './+data.ts'
import { startDownload } from './download.ts'
import '../../_error/Message.css'

/** How long 'Redirecting to download...' stays before the after-download page. */
const REDIRECT_AFTER_MS = 900

export default function Page() {
  const { title, url, fileName } = useData<Data>()

  useEffect(() => {
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    startDownload(url, fileName).finally(() => {
      if (cancelled) return
      timer = setTimeout(() => {
        // Replace this entry, so Back does not land here and download the file again.
        navigate(`/pdf-redirect?url=${encodeURIComponent(url)}`, { overwriteLastHistoryEntry: true })
      }, REDIRECT_AFTER_MS)
    })
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [url, fileName])

  return (
    <section className="message-screen" aria-labelledby="brochure-title">
      <div className="message-screen__card">
        <p className="eyebrow">Brochure</p>
        <h1 id="brochure-title">{title}</h1>
        <Spinner label="Redirecting to download..." />
        <p className="message-screen__hint">
          If nothing happens,{' '}
          <a href={url} download={fileName}>
            download the PDF
          </a>
          .
        </p>
      </div>
    </section>
  )
}
