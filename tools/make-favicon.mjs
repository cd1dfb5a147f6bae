#!/usr/bin/env node
// Writes pages/favicon.png, the 32 x 32 favicon every page inlines, from the logo mark in
// pages/favicon.svg. Run after changing the mark: `node tools/make-favicon.mjs`.
//
// Why a PNG of an SVG: Chromium fetches and decodes a page's icon again after every same-document
// navigation (a catalogue filter or a section link changing the address), on the page's main thread.
// An SVG icon is a whole SVG document to build each time, 27 ms with the CPU slowed 4x, inside the
// interaction's frame; a 32 x 32 PNG decodes in well under a millisecond (docs/decisions.md, "Pages and loading").
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const PAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../pages')
/** Tab icons are 16 CSS px, so 32 device px on a screen of scale 2. */
export const FAVICON_SIZE = 32

/** The PNG of `svg`, FAVICON_SIZE px square, in the fewest bytes (it is inlined in every page). */
export function faviconPng(svg) {
  const viewBox = /viewBox="0 0 (\d+) \d+"/.exec(svg.toString())
  const density = (72 * FAVICON_SIZE) / Number(viewBox?.[1] ?? FAVICON_SIZE)
  return sharp(svg, { density })
    .resize(FAVICON_SIZE, FAVICON_SIZE)
    .png({ compressionLevel: 9, palette: true, effort: 10 })
    .toBuffer()
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const png = await faviconPng(readFileSync(path.join(PAGES, 'favicon.svg')))
  writeFileSync(path.join(PAGES, 'favicon.png'), png)
  console.log(`pages/favicon.png: ${FAVICON_SIZE} x ${FAVICON_SIZE} px, ${png.length} bytes`)
}
