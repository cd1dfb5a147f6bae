import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { sitePlugin } from './cli/build/vite-plugin.ts'

/** React renders the pages at build time and hydrates them in the browser, in dev and production alike. */
export default defineConfig({
  plugins: [react(), vike(), sitePlugin()],
  publicDir: 'public',
  build: { target: 'es2022' },
})
