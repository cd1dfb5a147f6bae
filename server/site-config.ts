import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { ERRORS, siteError } from '../lib/errors.ts'
import { YAML_OPTIONS } from '../model/content/locate.ts'
import { productFile } from '../model/content/product-file.ts'
import { yamlLib } from '../model/content/yaml-lib.ts'
import type { Notifications } from './mail.ts'
import { KINDS } from './storage.ts'
import { parseUrlSetting } from './url-setting.ts'

/** What the intake server takes from content/: the product slugs and the site's public origin. */
export interface ServerContent {
  /** From content/catalogue.yaml `products:`. */
  productSlugs: string[]
  /** From SITE_URL, else `siteUrl` in content/site.yaml; undefined when neither is set. */
  siteOrigin: string | undefined
  /**
   * The API's own origin when the site is built to send its forms to another origin: from
   * SITE_API_BASE, else `apiBase` in content/site.yaml, when either is an absolute URL.
   */
  apiOrigin: string | undefined
  /** `company` in content/site.yaml. */
  company: string
  /** Display names by slug (`name` in content/products/<slug>.yaml; the slug when missing). */
  productNames: Record<string, string>
  /** `notifications:` in content/site.yaml; undefined when it names no recipient. */
  notifications: Notifications | undefined
}

const EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/

/** Reads `notifications:` (already schema-checked by `site validate`; checked again for what mail needs). */
function readNotifications(site: Record<string, unknown> | undefined): Notifications | undefined {
  const raw = site?.notifications as Record<string, unknown> | undefined
  if (!raw) return undefined
  const where = 'notifications in content/site.yaml'
  const address = (value: unknown, field: string) => {
    if (typeof value !== 'string' || !EMAIL.test(value))
      throw siteError(ERRORS.NotifyAddressInvalid, { where, field, value })
    return value
  }
  const to: Notifications['to'] = {}
  for (const kind of KINDS) {
    const list = raw[kind]
    if (list === undefined) continue
    if (!Array.isArray(list)) throw siteError(ERRORS.NotifyListInvalid, { where, kind })
    to[kind] = list.map((item, i) => address(item, `${kind}[${i}]`))
  }
  if (Object.keys(to).length === 0) return undefined
  const contact = site?.contact as { email?: unknown } | undefined
  return { from: address(raw.from ?? contact?.email, 'from (or contact.email)'), to }
}

async function readContentFile(file: string): Promise<unknown> {
  let source: string
  try {
    source = await readFile(file, 'utf8')
  } catch {
    return undefined
  }
  try {
    // The content's own parse options: `!example` stand-ins read as their text, without a warning each.
    return yamlLib().parse(source, YAML_OPTIONS)
  } catch (error) {
    throw siteError(ERRORS.SiteYamlUnreadable, {
      file,
      reason: (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '',
    })
  }
}

/** The origin (`https://example.com`) of a URL, or a SiteError naming where it came from. */
export function originOf(
  url: string,
  from: string,
  hint = 'write the public origin, e.g. https://www.example.com.',
): string {
  const refusal = () => siteError(ERRORS.BadUrl, { from, url, hint })
  const parsed = parseUrlSetting(url, { protocols: ['http:', 'https:'], refusal })
  if (!parsed) throw refusal()
  return parsed.origin
}

/**
 * Reads the product slugs and the site origin once, at start. Only these two values are read; the
 * full schema check of the content is `site validate`'s job.
 */
export async function readServerContent(
  contentDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ServerContent> {
  const catalogueFile = path.join(contentDir, 'catalogue.yaml')
  const catalogue = (await readContentFile(catalogueFile)) as { products?: unknown } | undefined
  const products = catalogue?.products
  if (!Array.isArray(products) || products.length === 0 || !products.every((p) => typeof p === 'string'))
    throw siteError(ERRORS.NoCatalogue, { file: catalogueFile })
  const site = (await readContentFile(path.join(contentDir, 'site.yaml'))) as
    | { siteUrl?: unknown; apiBase?: unknown; company?: unknown; [key: string]: unknown }
    | undefined
  const fromEnv = env.SITE_URL?.trim()
  const siteOrigin = fromEnv
    ? originOf(fromEnv, 'SITE_URL')
    : typeof site?.siteUrl === 'string'
      ? originOf(site.siteUrl, 'siteUrl in content/site.yaml')
      : undefined
  const apiBase = env.SITE_API_BASE?.trim() || (typeof site?.apiBase === 'string' ? site.apiBase : '')
  const apiOrigin = /^https?:\/\//i.test(apiBase)
    ? originOf(apiBase, env.SITE_API_BASE?.trim() ? 'SITE_API_BASE' : 'apiBase in content/site.yaml')
    : undefined
  const productNames: Record<string, string> = {}
  const read = await Promise.all(
    (products as string[]).map(
      async (slug) =>
        [
          slug,
          (await readContentFile(productFile(contentDir, slug))) as { name?: unknown } | undefined,
        ] as const,
    ),
  )
  for (const [slug, product] of read)
    productNames[slug] = typeof product?.name === 'string' ? product.name : slug
  return {
    productSlugs: products as string[],
    siteOrigin,
    apiOrigin,
    company: typeof site?.company === 'string' ? site.company : 'Website',
    productNames,
    notifications: readNotifications(site),
  }
}
