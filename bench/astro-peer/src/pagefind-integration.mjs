import { fileURLToPath } from 'node:url'
import * as pagefindApi from 'pagefind'

/**
 * The site search, made after the pages are written: Pagefind's Node API over dist/, which is what
 * `astro-pagefind` does. Only pages marked `data-pagefind-body` are indexed, the same 33 our search
 * stage indexes.
 */
export function pagefind() {
  return {
    name: 'pagefind',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const site = fileURLToPath(dir)
        const { index } = await pagefindApi.createIndex({})
        if (!index) throw new Error('Pagefind did not start')
        const added = await index.addDirectory({ path: site })
        if (added.errors.length) throw new Error(added.errors.join('\n'))
        await index.writeFiles({ outputPath: `${site}/pagefind` })
        await pagefindApi.close()
        logger.info(`${added.page_count} pages indexed`)
      },
    },
  }
}
