import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { sitePlugin } from './cli/render/vite-plugin.ts'

export default defineConfig({
  plugins: [react(), vike(), sitePlugin()],
  publicDir: 'public',
  build: { target: 'es2022' },
})
