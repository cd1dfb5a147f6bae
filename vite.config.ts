import { readdirSync } from 'node:fs'
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { retryingImports } from './vite/retrying-imports.ts'
import { sitePlugin } from './vite/site-plugin.ts'

/** How many pages the site has: one `+Page.tsx` each under `pages/`. */
const pageCount = readdirSync('pages', { recursive: true }).filter((f) =>
  String(f).endsWith('+Page.tsx'),
).length

/** React renders the pages at build time and hydrates them in the browser, in dev and production alike. */
export default defineConfig({
  plugins: [react(), vike(), sitePlugin(), retryingImports()],
  publicDir: 'public',
  build: { target: 'es2022' },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // What most pages load first (React, Vike's client runtime, the layout) goes into one shared
            // chunk. Left to itself, Rolldown splits it by which lazy chunks also use each module (the
            // search dialog's first made React's JSX runtime a 0.4 KB file of its own), and every extra
            // file costs each page its wrapper and compression overhead (issue #16: 0.7-0.9 KB per page).
            // Lazy chunks (search, toasts, the scroll fallback) stay out: the group takes only modules
            // imported statically from a page entry.
            //
            // React and react-dom get a chunk of their own, so a page evaluates them in one task and the
            // site's shared code in the next (the paint-first loader evaluates the chunks one at a time);
            // together they were one ~200 ms task, most of the Total Blocking Time (issue #13).
            //
            // The toaster and the toast library it renders are one lazy chunk, the one every `toast()`
            // call imports too: a lazy chunk must import statically only what a page loads first, or
            // one failed fetch of the other would keep it from loading for the rest of the visit
            // (lib/retrying-import.ts; `site verify` checks this on every page).
            codeSplitting: {
              groups: [
                {
                  name: 'toasts',
                  test: /node_modules[\\/](react-hot-toast|goober)[\\/]|components[\\/]Toasts\.tsx/,
                  priority: 0,
                },
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
                { name: 'shared', tags: ['$initial'], minShareCount: Math.ceil(pageCount / 2), priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
})
