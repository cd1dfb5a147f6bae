import type { Site } from './content/schemas/site.ts'

/** The settings a build needs, after environment overrides (../shared/spec/DECISIONS.md, Configuration). */
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

/** The environment overrides and what each must look like. */
const ENV_FORMS = {
  SITE_URL: { absolute: true, example: 'https://www.example.com' },
  SITE_API_BASE: { absolute: false, example: '/api or https://api.example.com' },
  SITE_STORAGE_BASE: { absolute: false, example: '/storage or https://files.example.com' },
  SITE_ASSET_BASE: { absolute: false, example: '/media or https://cdn.example.com/media' },
} as const

/**
 * Environment overrides that cannot be right: SITE_URL without http(s)://, a base that is neither a
 * path nor an http(s) address. Checked before anything is written, since every page would carry them.
 */
export function envMistakes(env: NodeJS.ProcessEnv = process.env): string[] {
  const mistakes: string[] = []
  for (const [name, form] of Object.entries(ENV_FORMS)) {
    const value = env[name]?.trim()
    if (!value) continue
    const url = /^https?:\/\/[^/\s]+(\/\S*)?$/.test(value)
    const pathOnly = !form.absolute && /^\/\S*$/.test(value)
    if (!url && !pathOnly)
      mistakes.push(
        `${name}=${value} is not ${form.absolute ? 'an http(s) address' : 'a path or an http(s) address'}; set it like ${name}=${form.example.split(' or ').at(-1)}${form.absolute ? '' : ` (or a path such as ${form.example.split(' or ')[0]})`}.`,
      )
  }
  return mistakes
}
