// @vitest-environment happy-dom
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ImageData } from '../model/images.ts'
import { Picture } from './Picture.tsx'
import { warmPicture } from './warm-picture.ts'

const SIZES = '(max-width: 1024px) 92vw, 560px'
const webp: ImageData = {
  src: '/media/p/blue-800.webp',
  srcSet: '/media/p/blue-400.webp 400w, /media/p/blue-800.webp 800w',
  width: 800,
  height: 800,
}
const withAvif: ImageData = {
  ...webp,
  avifSrcSet: '/media/p/blue-400.avif 400w, /media/p/blue-800.avif 800w',
}

/** The sources and image a page's `<Picture>` offers the browser to choose from. */
function offered(root: ParentNode) {
  return {
    sources: [...root.querySelectorAll('source')].map((s) => [s.type, s.srcset, s.sizes]),
    img: [...root.querySelectorAll('img')].map((i) => [i.srcset, i.sizes, i.getAttribute('src')]),
  }
}

afterEach(() => vi.restoreAllMocks())

describe('warmPicture', () => {
  for (const [label, image] of [
    ['WebP only', webp],
    ['with AVIF', withAvif],
  ] as const)
    it(`fetches ahead what <Picture> offers, ${label}: the same sources, sizes and image`, () => {
      const page = document.createElement('div')
      page.innerHTML = renderToStaticMarkup(createElement(Picture, { image, alt: '', sizes: SIZES }))
      const made: HTMLImageElement[] = []
      const create = document.createElement.bind(document)
      vi.spyOn(document, 'createElement').mockImplementation((tag: string) => {
        const el = create(tag)
        if (el instanceof HTMLImageElement) {
          made.push(el)
          el.decode = () => Promise.resolve()
        }
        return el
      })
      warmPicture(image, SIZES)
      const img = made[0]
      expect(img?.isConnected).toBe(false)
      expect(offered(img?.parentElement as ParentNode)).toEqual(offered(page))
    })
})
