import { describe, expect, it } from 'vitest'
import { compilePattern } from './path-pattern.ts'
import { findRedirect, parseRedirectsFile } from './redirects-file.ts'

describe('path patterns', () => {
  it('matches splats across slashes and placeholders within one segment', () => {
    expect(compilePattern('/products/*').match('/products/a/b')).toEqual({ splat: 'a/b' })
    expect(compilePattern('/news/:year/:slug').match('/news/2025/launch')).toEqual({
      year: '2025',
      slug: 'launch',
    })
    expect(compilePattern('/news/:year/:slug').match('/news/2025/a/b')).toBeUndefined()
  })

  it('ignores a trailing slash and escapes the rest', () => {
    expect(compilePattern('/aboutus').match('/aboutus/')).toEqual({})
    expect(compilePattern('/aboutus/').match('/aboutus')).toEqual({})
    expect(compilePattern('/a.html').match('/aXhtml')).toBeUndefined()
    expect(compilePattern('/').match('/')).toEqual({})
  })
})

describe('_redirects', () => {
  const { rules, skipped } = parseRedirectsFile(
    [
      '# comment',
      '/products/*   /comingsoon   302',
      '/blog/*  /news/:splat',
      '/go/:name  https://example.com/:name  301!',
      '/spa/*  /index.html  200',
      '/store id=:id  /blog/:id  301',
      '/bad  /x  299',
      'nope /x',
    ].join('\n'),
  )

  it('reads rules with their status, 301 by default, and forced ones', () => {
    expect(rules.map((r) => [r.from, r.to, r.status, r.force])).toEqual([
      ['/products/*', '/comingsoon', 302, false],
      ['/blog/*', '/news/:splat', 301, false],
      ['/go/:name', 'https://example.com/:name', 301, true],
      ['/spa/*', '/index.html', 200, false],
    ])
  })

  it('skips what it cannot honour, saying which line and why', () => {
    expect(skipped).toEqual([
      '_redirects line 6: conditions (query, country, language) are not supported; the line is ignored.',
      '_redirects line 7: the status "299" is not supported; the line is ignored.',
      '_redirects line 8: the source is not a path; the line is ignored.',
    ])
  })

  it('fills the target from the match; forced-only looks at forced rules', () => {
    expect(findRedirect(rules, '/blog/2025/x')?.target).toBe('/news/2025/x')
    expect(findRedirect(rules, '/go/docs')?.target).toBe('https://example.com/docs')
    expect(findRedirect(rules, '/products/nope', true)).toBeUndefined()
    expect(findRedirect(rules, '/go/docs', true)?.target).toBe('https://example.com/docs')
    expect(findRedirect(rules, '/aboutus')).toBeUndefined()
  })
})
