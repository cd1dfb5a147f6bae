import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig, type Plugin } from 'vite'
import { sitePlugin } from './cli/build/vite-plugin.ts'

const PREACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
}

/**
 * In the browser, React's API is served by Preact's compatibility layer: about 60 KB less JavaScript
 * per page. The pre-render still uses React itself, so the HTML is React's and Preact only hydrates it.
 */
function preactInBrowser(): Plugin {
  return {
    name: 'preact-in-browser',
    enforce: 'pre',
    // Only for the production build: in dev, Vite pre-bundles dependencies with React itself, and mixing
    // the two in one page breaks hooks. Dev runs on React; the browser tests run on the build.
    apply: 'build',
    async resolveId(id, importer) {
      const target = PREACT[id]
      if (!target || this.environment.name !== 'client') return
      return this.resolve(target, importer, { skipSelf: true })
    },
  }
}

export default defineConfig({
  plugins: [preactInBrowser(), react(), vike(), sitePlugin()],
  publicDir: 'public',
  build: { target: 'es2022' },
})
