// https://vike.dev/config
import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'

export default {
  extends: [vikeReact],
  prerender: true,
  lang: 'en',
  // Every page's head (canonical, social tags, JSON-LD) comes from its data's `seo`.
  passToClient: [],
} satisfies Config
