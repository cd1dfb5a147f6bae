import { describe, expect, it } from 'vitest'
import { siteUrlNote } from './build.ts'

describe('site build without SITE_URL', () => {
  it('says where the links point and how to set the public origin', () => {
    expect(siteUrlNote({}, 'http://localhost:4173')).toBe(
      'Note: SITE_URL is not set, so canonical links, the sitemap and social tags point at http://localhost:4173 ' +
        '(siteUrl in content/site.yaml). For the public site build with SITE_URL=https://www.your-domain npm run build.',
    )
    expect(siteUrlNote({ SITE_URL: '  ' }, 'http://localhost:4173')).toMatch(/^Note: SITE_URL is not set/)
  })

  it('says nothing when SITE_URL is set', () => {
    expect(siteUrlNote({ SITE_URL: 'https://www.example.com' }, 'https://www.example.com')).toBeUndefined()
  })
})
