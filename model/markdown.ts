import { Marked, type Token, type Tokens } from 'marked'
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

/** A token of a Markdown text and where it starts: line 1 is the text's first. */
export interface LocatedToken {
  token: Token
  line: number
  col: number
}

/**
 * The tokens of `types` in a Markdown text, each with its line and column, as the site's own parser
 * reads the text (what it takes for code is not HTML, and so on). Marked's tokens carry no
 * positions: each is found in the text after the one before it.
 */
export function locateTokens(source: string, types: readonly string[]): LocatedToken[] {
  const text = source.replace(/\r\n?/g, '\n')
  const found: LocatedToken[] = []
  let offset = 0
  for (const block of markdown.lexer(text)) {
    const start = text.indexOf(block.raw, offset)
    let cursor = start < 0 ? offset : start
    markdown.walkTokens([block], (token) => {
      if (!types.includes(token.type)) return
      const at = text.indexOf(token.raw, cursor)
      if (at < 0) return
      cursor = at + token.raw.length
      const before = text.slice(0, at)
      found.push({ token, line: before.split('\n').length, col: at - before.lastIndexOf('\n') })
    })
    if (start >= 0) offset = start + block.raw.length
  }
  return found
}

/** Tag names at the start of a text: `<script>` → script, `<!-- x -->` → !--; closing tags are skipped. */
const OPENING_TAG = /<(!--|[A-Za-z][A-Za-z0-9-]*)(?=[\s/>])[^<>]*>?/

/** The first HTML tag a text holds (not a closing one), by name: `script`, `b`, `!--`. */
export function firstTag(text: string): string | undefined {
  const match = OPENING_TAG.exec(text)
  return match?.[1]?.toLowerCase()
}

/**
 * The raw HTML in a Markdown text, one entry per tag an editor typed (the closing tag of the same
 * element is the same mistake): the page shows it as text, tags and all.
 */
export function rawHtmlIn(source: string): { tag: string; line: number; col: number }[] {
  return locateTokens(source, ['html']).flatMap(({ token, line, col }) => {
    const tag = firstTag(token.raw)
    return tag ? [{ tag, line, col }] : []
  })
}

/** Every link and image address in a Markdown text, with where it is. */
export function linksIn(source: string): { href: string; line: number; col: number }[] {
  return locateTokens(source, ['link', 'image']).map(({ token, line, col }) => ({
    href: (token as Tokens.Link | Tokens.Image).href,
    line,
    col,
  }))
}
