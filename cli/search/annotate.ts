import { parse } from 'node-html-parser'
import { escapeHtml } from '../../lib/html.ts'
import { EXACT_TITLE_FILTER, plainWords } from '../../lib/search-order.ts'
import type { SearchPage } from './pages.ts'

/**
 * Parts of a page's main content that are interface, not information: navigation, forms, buttons,
 * status messages, section eyebrows, the repeated 'Enquire now' block and call-to-action rows. The
 * header, footer and menus are outside `<main>`, so they are never indexed at all.
 */
export const IGNORED = [
  'nav',
  'form',
  'button',
  '[role="status"]',
  '.eyebrow',
  '.btn-row',
  '#enquirenow',
  '.pstep-float',
  '.message-screen__hint',
  // Links to brochures, which are results of their own (pages.ts).
  '.pspec-brochure',
  '.domain-brochures',
  '.brochure-list',
]

/**
 * Marks up a pre-rendered page for Pagefind: `<main>` is the indexed body, {@link IGNORED} parts are
 * left out, weighted parts carry `data-pagefind-weight`, and the result's title, category and thumbnail
 * come from the content rather than from whatever the page shows first. The marks exist only in the
 * copy handed to the indexer: the shipped HTML stays byte for byte as the pre-render wrote it.
 *
 * Also returns the indexed text, for the spelling suggestions.
 */
export function annotate(html: string, page: SearchPage): { html: string; text: string } {
  // Only `<main>` is indexed: the indexer gets it alone in a bare document, so neither this parse nor
  // Pagefind's own reads the header, the footer and the page's scripts (most of a page's bytes).
  const start = html.indexOf('<main')
  const end = html.lastIndexOf('</main>')
  if (start < 0 || end < start) throw new Error(`${page.route} has no <main> to index`)
  const root = parse(html.slice(start, end + '</main>'.length))
  const main = root.querySelector('main')
  if (!main) throw new Error(`${page.route} has no <main> to index`)
  main.setAttribute('data-pagefind-body', '')
  for (const [selector, weight] of Object.entries(page.weights))
    for (const el of main.querySelectorAll(selector)) el.setAttribute('data-pagefind-weight', String(weight))
  for (const selector of IGNORED)
    for (const el of main.querySelectorAll(selector)) el.setAttribute('data-pagefind-ignore', 'all')
  const meta = Object.entries(page.meta)
    .filter(([, value]) => value)
    .map(([key, value]) => `<span data-pagefind-meta="${key}">${escapeHtml(value)}</span>`)
  // The title in plain words as a filter: the page a query names exactly is found first (lib/search-order.ts).
  meta.push(
    `<span data-pagefind-filter="${EXACT_TITLE_FILTER}">${escapeHtml(plainWords(page.meta.title))}</span>`,
  )
  const extra = page.extra.map((e) => `<p data-pagefind-weight="${e.weight}">${escapeHtml(e.text)}</p>`)
  // Metadata is captured from an ignored element too; its text is not indexed.
  main.insertAdjacentHTML('beforeend', `<div data-pagefind-ignore>${meta.join('')}</div>${extra.join('')}`)

  const indexed = main.clone() as typeof main
  for (const el of indexed.querySelectorAll('[data-pagefind-ignore]')) el.remove()
  // structuredText puts a line break between blocks: the pre-render writes `</h1><p>` with nothing
  // between, and textContent would join the heading's last word to the paragraph's first.
  const title = /<title>[\s\S]*?<\/title>/.exec(html.slice(0, start))?.[0] ?? ''
  return {
    html: `<!doctype html><html lang="en"><head>${title}</head><body>${root.toString()}</body></html>`,
    text: indexed.structuredText,
  }
}
