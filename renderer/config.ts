import type { Site } from './content/schemas/site.ts'

/** The settings a build needs, after environment overrides (DECISIONS.md, Configuration). */
export interface BuildConfig {
  siteUrl: string
  apiBase: string
  storageBase: string
  assetBase: string
  apiTimeoutMs: number
  analyticsId: string
}

/** Applies SITE_URL, SITE_API_BASE, SITE_STORAGE_BASE and SITE_ASSET_BASE over content/site.yaml. */
export function buildConfig(site: Site, env: NodeJS.ProcessEnv = process.env): BuildConfig {
  const pick = (name: string, fallback: string) => (env[name]?.trim() || fallback).replace(/\/+$/, '')
  return {
    siteUrl: pick('SITE_URL', site.siteUrl),
    apiBase: pick('SITE_API_BASE', site.apiBase),
    storageBase: pick('SITE_STORAGE_BASE', site.storageBase),
    assetBase: pick('SITE_ASSET_BASE', site.assetBase),
    apiTimeoutMs: site.apiTimeoutMs,
    analyticsId: site.analyticsId ?? '',
  }
}
