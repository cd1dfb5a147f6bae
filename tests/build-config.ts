import type { BuildConfig } from '../model/config.ts'

/** Settings a test builds or verifies a site with: local bases, no analytics, the site at `siteUrl`. */
export function testBuildConfig(siteUrl = 'https://www.example.test'): BuildConfig {
  return {
    siteUrl,
    apiBase: '/api',
    storageBase: '/storage',
    assetBase: '/media',
    apiTimeoutMs: 10000,
    analyticsId: '',
  }
}
