import { Marked, type Tokens } from 'marked'
import { escapeHtml } from '../lib/html.ts'

/** Link targets a policy may use: web pages, e-mail, phone, and addresses on this site. */
export function isSafeHref(href: string): boolean {
  const target = href.trim()
  if (/^(https?:|mailto:|tel:)/i.test(target)) return true
  // A relative address (`/aboutus`, `#cookies`, `brochures/x`) has no scheme before its first / ? #.
  return !/^[^/?#]*:/.test(target)
}

/**
 * Markdown of a content page (the privacy policy) to HTML, at build time, so the browser never loads a
 * Markdown parser. The page's only <h1> is its title: headings in the text start at <h2>. Raw HTML in
 * the Markdown is shown as text, so a content file cannot inject markup, and a link or image whose
 * address is not a web page, e-mail, phone or site address (`javascript:`, `data:`, `vbscript:`) keeps
 * its text and loses the link.
 */
const markdown = new Marked({
  gfm: true,
  walkTokens(token) {
    if (token.type === 'heading') token.depth = Math.min(Math.max(token.depth, 2), 6)
  },
  renderer: {
    html({ text }) {
      return escapeHtml(text)
    },
    link(token: Tokens.Link) {
      if (isSafeHref(token.href)) return false
      return this.parser.parseInline(token.tokens)
    },
    image(token: Tokens.Image) {
      if (isSafeHref(token.href)) return false
      return escapeHtml(token.text)
    },
  },
})

export function markdownToHtml(source: string): Promise<string> {
  return Promise.resolve(markdown.parse(source))
}
