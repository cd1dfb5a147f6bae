import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { BuildConfig } from '../../model/config.ts'
import { readJson } from '../cache-file.ts'

/**
 * What a build was made with, kept beside the site it made (`dist/build.json`, outside the deployable
 * `dist/client/`): `site verify --release` judges a built site by these settings, not by whatever the
 * environment holds when verify runs.
 */
export interface BuildInfo {
  builtAt: string
  release: boolean
  config: BuildConfig
}

export const BUILD_INFO = 'build.json'

export async function writeBuildInfo(root: string, info: BuildInfo): Promise<void> {
  await writeFile(path.join(root, BUILD_INFO), `${JSON.stringify(info, null, 2)}\n`)
}

/** The settings the site in `client` was built with (from `client/../build.json`), if it says. */
export async function readBuildInfo(client: string): Promise<BuildInfo | undefined> {
  // Missing, or not JSON: the site does not say (readJson; a parse error is not a read error).
  return (readJson(path.join(client, '..', BUILD_INFO)) as BuildInfo | null | undefined) ?? undefined
}

/** The build's settings as the environment variables that set them. */
export function settingsAsEnv(config: BuildConfig): NodeJS.ProcessEnv {
  return {
    SITE_URL: config.siteUrl,
    SITE_API_BASE: config.apiBase,
    SITE_STORAGE_BASE: config.storageBase,
    SITE_ASSET_BASE: config.assetBase,
  }
}
