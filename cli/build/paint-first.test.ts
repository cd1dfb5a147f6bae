import { describe, expect, it } from 'vitest'
import { LOADER, pageScripts, paintFirst, SCRIPTS_ID } from './paint-first.ts'

const vikePage = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>A page</title>
<link rel="stylesheet" href="/assets/static/app.css">
<link rel="modulepreload" href="/assets/chunks/react.js" as="script" type="text/javascript">
<link rel="modulepreload" href="/assets/entries/pages_index.js" as="script" type="text/javascript">
<script type="application/ld+json">{"@type":"Organization"}</script>
</head><body><div id="root"><h1>Hello</h1><p class="lead">Body  text</p></div>
<script id="vike_pageContext" type="application/json">{"pageProps":{}}</script>
<script src="/assets/entries/entry-client-routing.js" type="module" async></script>
<link rel="modulepreload" href="/assets/chunks/react.js" as="script" type="text/javascript">
</body></html>`

describe('paintFirst', () => {
  it('replaces the module entry and its preloads with the loader and the module list', () => {
    const result = paintFirst(vikePage)
    expect(result?.scripts).toEqual({
      entry: '/assets/entries/entry-client-routing.js',
      preload: ['/assets/chunks/react.js', '/assets/entries/pages_index.js'],
    })
    const html = result?.html ?? ''
    expect(html).not.toContain('<link rel="modulepreload"')
    expect(html).not.toMatch(/<script[^>]* src=/)
    expect(html).toContain(`<script>${LOADER}</script>`)
    expect(pageScripts(html)).toEqual(result?.scripts)
  })

  it('leaves every other byte of the page as Vike wrote it', () => {
    const html = paintFirst(vikePage)?.html ?? ''
    const withoutScripts = (text: string) =>
      text
        .replace(/<link rel="modulepreload"[^>]*>/g, '')
        .replace(/<script src="[^"]*" type="module" async><\/script>/, '')
        .replace(
          `<script id="${SCRIPTS_ID}" type="application/json">${JSON.stringify(paintFirst(vikePage)?.scripts)}</script><script>${LOADER}</script>`,
          '',
        )
    expect(withoutScripts(html)).toBe(withoutScripts(vikePage))
    expect(html).toContain('<p class="lead">Body  text</p>')
    expect(html).toContain('<script type="application/ld+json">{"@type":"Organization"}</script>')
  })

  it('escapes < so the module list can never close its element', () => {
    const html = paintFirst(vikePage.replace('entry-client-routing.js', 'a</script><b>.js'))?.html ?? ''
    expect(html).toContain('a\\u003c/script>\\u003cb>.js')
    expect(pageScripts(html)?.entry).toBe('/assets/entries/a</script><b>.js')
  })

  it('leaves a page without a module entry alone', () => {
    expect(paintFirst('<html><body><p>No scripts</p></body></html>')).toBeUndefined()
    expect(pageScripts('<html><body><p>No scripts</p></body></html>')).toBeUndefined()
  })

  it('refuses a page with two module entries, which the loader could not order', () => {
    const twice = vikePage.replace('</body>', '<script src="/other.js" type="module"></script></body>')
    expect(() => paintFirst(twice)).toThrow('expected one module entry script per page, found 2')
  })
})
