import { expect, it } from 'vitest'
import { excerptParts } from './pagefind.ts'

it('splits an excerpt into text and highlighted words, decoding entities', () => {
  expect(excerptParts('Modbus over <mark>RS485</mark> &amp; &lt;b&gt; <mark>links</mark>.')).toEqual([
    { text: 'Modbus over ', mark: false },
    { text: 'RS485', mark: true },
    { text: ' & <b> ', mark: false },
    { text: 'links', mark: true },
    { text: '.', mark: false },
  ])
})
