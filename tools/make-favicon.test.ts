import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { FAVICON_SIZE, faviconPng } from './make-favicon.mjs'

const PAGES = path.join(import.meta.dirname, '../pages')

/** The pixels of a PNG, as RGBA bytes. */
const pixels = async (png: Buffer) =>
  await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })

describe('the favicon', () => {
  it('is the mark in favicon.svg as it stands, drawn 32 px square: run tools/make-favicon.mjs after changing it', async () => {
    const shipped = await pixels(await readFile(path.join(PAGES, 'favicon.png')))
    const made = await pixels(await faviconPng(await readFile(path.join(PAGES, 'favicon.svg'))))
    expect(shipped.info).toMatchObject({ width: FAVICON_SIZE, height: FAVICON_SIZE })
    expect(shipped.data.equals(made.data)).toBe(true)
  })
})
