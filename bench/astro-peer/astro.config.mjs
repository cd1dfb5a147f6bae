// The Astro peer of `site build` (bench/astro-peer.ts, `npm run bench -- astro`): the same content built
// the way a team choosing Astro 5 would build this site. Content comes from SITE_CONTENT (the bench
// passes the project's content/), never from our rendered HTML.
import { fileURLToPath } from 'node:url'
import react from '@astrojs/react'
import sitemap from '@astrojs/sitemap'
import { defineConfig } from 'astro/config'
import { pagefind } from './src/pagefind-integration.mjs'

process.env.SITE_CONTENT ??= fileURLToPath(new URL('../../content', import.meta.url))

/** Pages search engines do not get, as on our site (lib/pages.ts `indexed: false` and the aliases). */
const UNLISTED =
  /\/(compare|brochures\/[^/]+|pdf-redirect|customercare\.html|contactinformations|warrantyregistration|404)\/?$/

export default defineConfig({
  site: 'http://localhost:4173',
  trailingSlash: 'ignore',
  integrations: [react(), sitemap({ filter: (page) => !UNLISTED.test(new URL(page).pathname) }), pagefind()],
  image: {
    // Astro's sharp service, except that SVG artwork is rasterised to WebP as our pipeline does;
    // stock Astro only copies SVG sources through.
    service: { entrypoint: './src/image-service.ts' },
  },
  vite: {
    resolve: { alias: { '@content': process.env.SITE_CONTENT } },
  },
})
