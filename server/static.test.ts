import { describe, expect, it } from 'vitest'
import { candidateFiles } from './static.ts'

describe('clean URLs', () => {
  it('tries the file, then <path>/index.html, then <path>.html', () => {
    expect(candidateFiles('/')).toEqual(['index.html'])
    expect(candidateFiles('/aboutus')).toEqual(['aboutus', 'aboutus/index.html', 'aboutus.html'])
    expect(candidateFiles('/aboutus/')).toEqual(['aboutus/index.html', 'aboutus.html'])
    expect(candidateFiles('/customercare.html')).toEqual([
      'customercare.html',
      'customercare.html/index.html',
      'customercare.html.html',
    ])
    expect(candidateFiles('/products/vidyuraksha_2.0')).toContain('products/vidyuraksha_2.0/index.html')
  })

  it('decodes the path', () => {
    expect(candidateFiles('/caf%C3%A9')?.[0]).toBe('café')
  })

  it.each([
    '/%2e%2e/secret',
    '/a/../../b',
    '/.env',
    '/a%5cb',
    '/a%00',
    '/_headers',
    '/_redirects',
    '/%E0%A4%A',
  ])('never reaches the disk for %s', (path) => {
    expect(candidateFiles(path)).toBeUndefined()
  })

  it('hides only the host files themselves, not a folder of the same name', () => {
    expect(candidateFiles('/_headers/notes.txt')?.[0]).toBe('_headers/notes.txt')
  })

  it('allows .well-known', () => {
    expect(candidateFiles('/.well-known/security.txt')?.[0]).toBe('.well-known/security.txt')
  })
})
