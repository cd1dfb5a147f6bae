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
