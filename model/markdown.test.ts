import { describe, expect, it } from 'vitest'
import { isSafeHref, markdownToHtml } from './markdown.ts'

describe('content Markdown', () => {
  it.each([
    ['[click](javascript:alert(document.cookie))'],
    ['[click](JavaScript:alert(1))'],
    ['[click]( javascript:alert(1))'],
    ['[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['[click](vbscript:msgbox)'],
    ['<javascript:alert(1)>'],
    ['![x](javascript:alert(1))'],
  ])('%s keeps its text and loses the link', async (source) => {
    const html = await markdownToHtml(source)
    expect(html).not.toMatch(/href=|src=/)
    expect(html.toLowerCase()).not.toMatch(/<a |<img /)
  })

  it.each([
    ['[our office](/aboutus#location)', 'href="/aboutus#location"'],
    ['[write to us](mailto:privacy@example.com)', 'href="mailto:privacy@example.com"'],
    ['[call](tel:+911234567890)', 'href="tel:+911234567890"'],
    ['[the regulator](https://www.meity.gov.in/)', 'href="https://www.meity.gov.in/"'],
    ['[cookies](#cookies)', 'href="#cookies"'],
  ])('%s stays a link', async (source, href) => {
    expect(await markdownToHtml(source)).toContain(href)
  })

  it('shows raw HTML as text and starts headings at h2', async () => {
    const html = await markdownToHtml('# Title\n\n<script>alert(1)</script>')
    expect(html).toContain('<h2')
    expect(html).not.toContain('<script>')
    expect(html).toContain('&#60;script&#62;')
  })

  it('tells a relative address from a scheme', () => {
    expect(isSafeHref('brochures/x.pdf')).toBe(true)
    expect(isSafeHref('/x:y')).toBe(true)
    expect(isSafeHref('file:///etc/passwd')).toBe(false)
  })
})
