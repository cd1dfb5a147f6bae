import { describe, expect, it } from 'vitest'
import { inspectImage, ownReason } from './inspect.ts'

describe("an image's reason for not decoding", () => {
  it('keeps what two decodes both said, and drops a line another thread added to one of them', () => {
    const svg = 'glib: XML parse error: Couldn’t find end of Start Tag svg line 1.'
    const other = 'VipsForeignLoad: buffer is not in a known format'
    expect(ownReason(`${other}\n${svg}`, svg)).toBe(svg)
    expect(ownReason(svg, `${svg}\n${other}`)).toBe(svg)
    // A reason of two lines of its own keeps both.
    expect(ownReason(`${other}\n${svg}`, `${other}\n${svg}`)).toBe(`${other}\n${svg}`)
    // Cleared by another thread the first time: the second decode's reason.
    expect(ownReason('', svg)).toBe(svg)
    // Nothing in common: no reason, which the catalogue words (lib/problems.ts).
    expect(ownReason('a', 'b')).toBe('')
  })

  it("is the decoder's own for a file cut short", async () => {
    const found = await inspectImage(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rec'),
    )
    expect(found).toEqual({ error: expect.stringMatching(/XML parse error|Premature end/) })
  })
})
