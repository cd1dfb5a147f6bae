/**
 * Browser-safe. One JSON file by its address, fetched once and kept (a file the build writes under
 * `/assets/data/`, model/data-files.ts): later calls share the first fetch, and a fetch that failed
 * (the visitor went offline) is forgotten, so the next call tries again.
 */
const fetched = new Map<string, Promise<unknown>>()

export function fetchJsonOnce<T>(url: string): Promise<T> {
  let pending = fetched.get(url)
  if (!pending) {
    pending = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status}`)
      return response.json() as Promise<unknown>
    })
    fetched.set(url, pending)
    pending.catch(() => fetched.delete(url))
  }
  return pending as Promise<T>
}
