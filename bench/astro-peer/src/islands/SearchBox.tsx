import { useRef, useState } from 'react'

interface Result {
  url: string
  title: string
  excerpt: string
}

interface Pagefind {
  search(
    query: string,
  ): Promise<{ results: { data(): Promise<{ url: string; meta: { title?: string }; excerpt: string }> }[] }>
}

/** The site search: Pagefind's index, loaded the first time the box gets focus. */
export default function SearchBox() {
  const pagefind = useRef<Promise<Pagefind> | undefined>(undefined)
  const [results, setResults] = useState<Result[]>([])
  const load = () => {
    // A path Vite must not try to bundle: the index is written after the build.
    const url = '/pagefind/pagefind.js'
    pagefind.current ??= import(/* @vite-ignore */ url) as Promise<Pagefind>
    return pagefind.current
  }
  const search = async (query: string) => {
    const found = await (await load()).search(query)
    const data = await Promise.all(found.results.slice(0, 8).map((r) => r.data()))
    // Pagefind's excerpt marks the words found with <mark>; shown here as plain text.
    setResults(
      data.map((d) => ({
        url: d.url,
        title: d.meta.title ?? d.url,
        excerpt: d.excerpt.replace(/<[^>]+>/g, ''),
      })),
    )
  }
  return (
    <search className="site-search">
      <label>
        <span className="visually-hidden">Search the site</span>
        <input
          type="search"
          placeholder="Search"
          onFocus={load}
          onChange={(e) => search(e.currentTarget.value)}
        />
      </label>
      {results.length > 0 && (
        <ul className="site-search__results">
          {results.map((r) => (
            <li key={r.url}>
              <a href={r.url}>{r.title}</a>
              <p>{r.excerpt}</p>
            </li>
          ))}
        </ul>
      )}
    </search>
  )
}
