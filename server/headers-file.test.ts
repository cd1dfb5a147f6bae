import { describe, expect, it } from 'vitest'
import { headersFor, parseHeadersFile } from './headers-file.ts'

const FILE = `# Security headers on every page
/*
  X-Frame-Options: DENY
  Link: </style.css>; rel=preload

/assets/*
  Cache-Control: public, max-age=31536000, immutable
  ! X-Frame-Options

/news/:slug
  Link: </news.css>; rel=preload
not a path line
  Ignored: yes
`

const asObject = (path: string) =>
  Object.fromEntries([...headersFor(parseHeadersFile(FILE), path).values()].map((h) => [h.name, h.value]))

describe('_headers', () => {
  it('applies every matching block, in order', () => {
    expect(asObject('/aboutus')).toEqual({ 'X-Frame-Options': 'DENY', Link: '</style.css>; rel=preload' })
  })

  it('lets a later block remove a header with "!"', () => {
    expect(asObject('/assets/app.js')).toEqual({
      Link: '</style.css>; rel=preload',
      'Cache-Control': 'public, max-age=31536000, immutable',
    })
  })

  it('joins a header set by several blocks', () => {
    expect(asObject('/news/launch')).toMatchObject({
      Link: '</style.css>; rel=preload, </news.css>; rel=preload',
    })
    expect(asObject('/news/launch/more')).not.toHaveProperty('Ignored')
  })

  it('reads CRLF files and values with colons', () => {
    const rules = parseHeadersFile('/x\r\n  Content-Security-Policy: default-src https://a.example:443\r\n')
    expect([...headersFor(rules, '/x').values()]).toEqual([
      { name: 'Content-Security-Policy', value: 'default-src https://a.example:443' },
    ])
  })
})

describe('_headers lines that are not headers', () => {
  const headersOf = (file: string, path: string) =>
    [...headersFor(parseHeadersFile(file), path).values()].map((h) => `${h.name}: ${h.value}`)

  it('reads only lines starting with / as path lines', () => {
    expect(parseHeadersFile(FILE).map((r) => r.path)).toEqual(['/*', '/assets/*', '/news/:slug'])
    expect(parseHeadersFile('*\n  X-Frame-Options: DENY\n')).toEqual([])
  })

  it('ends a block at a line that is not indented, so what follows it applies nowhere', () => {
    expect(asObject('/news/launch')).not.toHaveProperty('Ignored')
  })

  it('keeps a block going across a comment line and a blank line', () => {
    const file = '/*\n  X-Frame-Options: DENY\n# the next one is for old browsers\n\n  X-XSS-Protection: 0\n'
    expect(headersOf(file, '/')).toEqual(['X-Frame-Options: DENY', 'X-XSS-Protection: 0'])
  })

  it('ignores indented lines without a header name, and trims the name', () => {
    const file = '/*\n  : no name\n  no colon at all\n  X-Frame-Options  :  DENY\n'
    expect(headersOf(file, '/')).toEqual(['X-Frame-Options: DENY'])
  })
})
