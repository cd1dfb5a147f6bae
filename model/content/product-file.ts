import { existsSync } from 'node:fs'
import path from 'node:path'

/** The folder of content/ that holds one YAML file per product. */
export const PRODUCTS_DIR = 'products'

/**
 * The file of product `slug` under `contentDir`: `<slug>.yaml`, or `<slug>.yml` when only that one is
 * there. The loader reads either spelling (never both: that is a content problem), so everything that
 * names a product's file (problems, the server's product names, `site new`) asks here.
 */
export function productFile(contentDir: string, slug: string): string {
  const yaml = path.join(contentDir, PRODUCTS_DIR, `${slug}.yaml`)
  const yml = path.join(contentDir, PRODUCTS_DIR, `${slug}.yml`)
  return !existsSync(yaml) && existsSync(yml) ? yml : yaml
}
