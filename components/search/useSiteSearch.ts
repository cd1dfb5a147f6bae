import { useEffect, useState } from 'react'
import { loadPagefind, loadWords, type Result, searchSite } from './pagefind.ts'
import { suggest } from './suggest.ts'

/** Typing pauses this long before a query runs. */
export const DEBOUNCE_MS = 120

/** The answer to one query: its results and, for a word the index lacks, a spelling correction. */
export interface Found {
  term: string
  results: Result[]
  suggestion?: string | undefined
}

/**
 * Runs the query as the visitor types, after a pause: `found` is the answer to the last query that
 * finished (null while the field is empty), `failed` whether the index could not be reached. The
 * index starts loading as soon as the hook mounts, while the visitor types the first letters.
 */
export function useSiteSearch(query: string): { found: Found | null; failed: boolean } {
  const [found, setFound] = useState<Found | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    loadPagefind().catch(() => setFailed(true))
  }, [])

  useEffect(() => {
    const term = query.trim()
    if (!term) {
      setFound(null)
      return
    }
    let stale = false
    const timer = setTimeout(async () => {
      try {
        // A misspelt word is dropped from a longer query rather than failing it: offer the correction
        // whether or not the rest found something.
        const [results, words] = await Promise.all([searchSite(term), loadWords().catch(() => [])])
        const suggestion = suggest(term, words)
        if (stale) return
        setFound({ term, results, suggestion })
        setFailed(false)
      } catch {
        if (!stale) setFailed(true)
      }
    }, DEBOUNCE_MS)
    return () => {
      stale = true
      clearTimeout(timer)
    }
  }, [query])

  return { found, failed }
}
