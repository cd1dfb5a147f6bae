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

  it('takes a colon inside a segment, or one not followed by a name, as a plain character', () => {
    expect(compilePattern('/time:zone').match('/time:zone')).toEqual({})
    expect(compilePattern('/time:zone').match('/timeUTC')).toBeUndefined()
    expect(compilePattern('/a/:').match('/a/:')).toEqual({})
    expect(compilePattern('/a/:').match('/a/b')).toBeUndefined()
    expect(compilePattern('/a/:9').match('/a/b')).toBeUndefined()
  })
})

// The file is parsed inside each test, not once per file: Stryker switches a planted bug on after the
// describe bodies ran, so a parse there could not see it (docs/testing.md, Mutation testing).
const FILE = [
  '# comment',
  '/products/*   /comingsoon   302',
  '/blog/*  /news/:splat',
  '/go/:name  https://example.com/:name  301!',
  '/spa/*  /index.html  200',
  '/store id=:id  /blog/:id  301',
  '/bad  /x  299',
  'nope /x',
].join('\n')

/** What the operator sees at start for one line: the warning, or the rule it became. */
const readLine = (line: string) => {
  const { rules, skipped } = parseRedirectsFile(line)
  return skipped[0] ?? rules.map((r) => [r.from, r.to, r.status, r.force])[0]
}
const skippedBecause = (problem: string) => `_redirects line 1: ${problem}; the line is ignored.`

describe('_redirects', () => {
  it('reads rules with their status, 301 by default, and forced ones', () => {
    expect(parseRedirectsFile(FILE).rules.map((r) => [r.from, r.to, r.status, r.force])).toEqual([
      ['/products/*', '/comingsoon', 302, false],
      ['/blog/*', '/news/:splat', 301, false],
      ['/go/:name', 'https://example.com/:name', 301, true],
      ['/spa/*', '/index.html', 200, false],
    ])
  })

  it('skips what it cannot honour, saying which line and why', () => {
    expect(parseRedirectsFile(FILE).skipped).toEqual([
      '_redirects line 6: conditions (query, country, language) are not supported; the line is ignored.',
      '_redirects line 7: the status "299" is not supported; the line is ignored.',
      '_redirects line 8: the source is not a path; the line is ignored.',
    ])
  })

  it('fills the target from the match; forced-only looks at forced rules', () => {
    const { rules } = parseRedirectsFile(FILE)
    expect(findRedirect(rules, '/blog/2025/x')?.target).toBe('/news/2025/x')
    expect(findRedirect(rules, '/go/docs')?.target).toBe('https://example.com/docs')
    expect(findRedirect(rules, '/products/nope', true)).toBeUndefined()
    expect(findRedirect(rules, '/go/docs', true)?.target).toBe('https://example.com/docs')
    expect(findRedirect(rules, '/aboutus')).toBeUndefined()
  })

  it('reads an indented line, a line with trailing blanks and CRLF line ends as rules', () => {
    const { rules, skipped } = parseRedirectsFile('  /a  /b  302  \r\n\t/c /d\r\n')
    expect(skipped).toEqual([])
    expect(rules.map((r) => [r.from, r.to, r.status])).toEqual([
      ['/a', '/b', 302],
      ['/c', '/d', 301],
    ])
  })

  it('takes only a line starting with # as a comment; # later in a line is part of it', () => {
    expect(parseRedirectsFile('# /a /b\n#/c /d 302').rules).toEqual([])
    expect(readLine('/faq /help#contact 302')).toEqual(['/faq', '/help#contact', 302, false])
  })

  it('forces only a status ending in !', () => {
    expect(readLine('/a /b 302!')).toEqual(['/a', '/b', 302, true])
    expect(readLine('/a /b 302')).toEqual(['/a', '/b', 302, false])
  })

  it.each([
    ['a country condition', '/a country=nz /b 302'],
    ['a language condition written with a hyphen', '/a accept-language=en /b 302'],
    ['a condition after the status', '/a /b 302 Role=admin'],
  ])('refuses %s as a condition', (_what, line) => {
    expect(readLine(line)).toBe(skippedBecause('conditions (query, country, language) are not supported'))
  })

  it('takes a target with a query as a target, not as a condition', () => {
    expect(readLine('/search /find?q=all 302')).toEqual(['/search', '/find?q=all', 302, false])
  })

  it.each([
    ['a host without a scheme', '/a example.com/b'],
    ['another scheme', '/a ftp://example.com/b'],
    ['an http URL after other text', '/a go:https://example.com/b'],
    ['a relative path', '/a b/c'],
    ['no target at all', '/a'],
  ])('refuses %s as a target', (_what, line) => {
    expect(readLine(line)).toBe(skippedBecause('the target is neither a path nor an http(s) URL'))
  })

  it('accepts an http and an https target', () => {
    expect(readLine('/a http://example.com/b')).toEqual(['/a', 'http://example.com/b', 301, false])
    expect(readLine('/a https://example.com/b 308')).toEqual(['/a', 'https://example.com/b', 308, false])
  })

  it.each([
    '299',
    '301x',
    '0301',
    '+301',
    '301!!',
    '30',
    'moved',
  ])('refuses the status %s, which only starts like a supported one', (code) => {
    expect(readLine(`/a /b ${code}`)).toBe(skippedBecause(`the status "${code}" is not supported`))
  })

  it.each(['200', '301', '302', '303', '307', '308', '404', '410'])('accepts the status %s', (code) => {
    expect(readLine(`/a /b ${code}`)).toEqual(['/a', '/b', Number(code), false])
  })

  it('refuses a line with more than source, target and status', () => {
    expect(readLine('/a /b 302 /c')).toBe(skippedBecause('there is more than "from to status" on the line'))
  })

  it.each(['200', '404', '200!'])('refuses a %s rewrite to another site, which it cannot serve', (code) => {
    expect(readLine(`/a https://example.com/b ${code}`)).toBe(
      skippedBecause('a rewrite (200 or 404) needs a path target'),
    )
  })

  it('redirects to another site with any redirect status', () => {
    expect(readLine('/a https://example.com/b 302')).toEqual(['/a', 'https://example.com/b', 302, false])
    expect(readLine('/a https://example.com/b 410')).toEqual(['/a', 'https://example.com/b', 410, false])
  })

  it('keeps the rules after a skipped line and counts lines from 1, blank ones included', () => {
    const { rules, skipped } = parseRedirectsFile('\n/a /b 299\n/c /d')
    expect(skipped).toEqual(['_redirects line 2: the status "299" is not supported; the line is ignored.'])
    expect(rules.map((r) => r.from)).toEqual(['/c'])
  })
})
