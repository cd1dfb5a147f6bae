/** Clicks a temporary link that saves `href` as `fileName`. */
function save(href: string, fileName: string): void {
  const link = document.createElement('a')
  link.href = href
  link.download = fileName
  link.rel = 'noopener'
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
}

/**
 * Starts the download of a file. A file on this origin is saved directly. A file on another origin
 * (an http(s) storage base) is fetched first, because browsers ignore `download` across origins and
 * would open the PDF in place of this page; that needs CORS (and the CSP's connect-src) to allow it.
 *
 * @returns whether the download was started; if not, the next page offers the link.
 */
export async function startDownload(url: string, fileName: string): Promise<boolean> {
  const target = new URL(url, window.location.href)
  if (target.origin === window.location.origin) {
    save(target.href, fileName)
    return true
  }
  try {
    const response = await fetch(target, { mode: 'cors', credentials: 'omit' })
    if (!response.ok) return false
    const objectUrl = URL.createObjectURL(await response.blob())
    save(objectUrl, fileName)
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000)
    return true
  } catch {
    return false
  }
}
