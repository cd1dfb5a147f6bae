import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { progress } from './progress.ts'

/** What the bar wrote to stderr, one string per write; stderr is a terminal `columns` wide, or not. */
let written: string[] = []
const saved = { isTTY: process.stderr.isTTY, columns: process.stderr.columns }

function terminal(isTTY: boolean, columns?: number) {
  Object.defineProperty(process.stderr, 'isTTY', { value: isTTY, configurable: true, writable: true })
  Object.defineProperty(process.stderr, 'columns', { value: columns, configurable: true, writable: true })
}

beforeEach(() => {
  written = []
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk))
    return true
  })
})

afterEach(() => {
  vi.restoreAllMocks()
  terminal(saved.isTTY, saved.columns)
})

describe('the images progress bar', () => {
  it('redraws one line per image with the share done, the count and the image, then clears it', () => {
    terminal(true, 60)
    const bar = progress(4, true)
    bar.tick('p/a.svg')
    bar.tick('p/b.svg')
    bar.done()
    expect(written).toEqual([
      `\r${'[######..................] 1/4 p/a.svg'.padEnd(59)}`,
      `\r${'[############............] 2/4 p/b.svg'.padEnd(59)}`,
      '\r\x1b[2K',
    ])
  })

  it('fits the line to the terminal: cut one short of its width, 80 columns when it does not say', () => {
    terminal(true, 30)
    const narrow = progress(1, true)
    narrow.tick('products/a-long-name.png')
    expect(written).toEqual(['\r[########################] 1/'])
    written = []
    terminal(true, undefined)
    progress(2, true).tick('p/a.svg')
    expect(written).toEqual([`\r${'[############............] 1/2 p/a.svg'.padEnd(79)}`])
  })

  it('writes nothing when stderr is piped (CI logs), when turned off, or with no images', () => {
    terminal(false, 60)
    const piped = progress(2, true)
    piped.tick('p/a.svg')
    piped.done()
    terminal(true, 60)
    const off = progress(2, false)
    off.tick('p/a.svg')
    off.done()
    const none = progress(0, true)
    none.done()
    expect(written).toEqual([])
  })
})
