import { describe, expect, it } from 'vitest'
import { alone, besideOthers, inspectImage } from './inspect.ts'

describe("an image's reason for not decoding", () => {
  it("is the decoder's own for a file cut short", async () => {
    const found = await inspectImage(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rec'),
    )
    expect(found).toEqual({ error: expect.stringMatching(/XML parse error|Premature end/) })
  })
})

describe('a second look at a broken image', () => {
  /** A piece of work that records when it starts and ends, and ends when `finish` is called. */
  function work(name: string, log: string[]) {
    let finish = () => {}
    const ended = new Promise<void>((resolve) => {
      finish = resolve
    })
    return {
      run: async () => {
        log.push(`${name} starts`)
        await ended
        log.push(`${name} ends`)
        return name
      },
      finish: () => finish(),
    }
  }
  const turns = () => new Promise((resolve) => setTimeout(resolve, 10))

  it('runs with no other inspection: after those running, before those that come later', async () => {
    const log: string[] = []
    const [first, second, again, later] = ['first', 'second', 'again', 'later'].map((name) =>
      work(name, log),
    ) as [ReturnType<typeof work>, ReturnType<typeof work>, ReturnType<typeof work>, ReturnType<typeof work>]
    const done = [
      besideOthers(first.run),
      besideOthers(second.run),
      alone(again.run),
      besideOthers(later.run),
    ]
    await turns()
    // Two run side by side; the second look waits for both, and what came after it waits for it.
    expect(log).toEqual(['first starts', 'second starts'])
    first.finish()
    await turns()
    expect(log).toEqual(['first starts', 'second starts', 'first ends'])
    second.finish()
    await turns()
    expect(log.slice(3)).toEqual(['second ends', 'again starts'])
    again.finish()
    await turns()
    expect(log.slice(5)).toEqual(['again ends', 'later starts'])
    later.finish()
    expect(await Promise.all(done)).toEqual(['first', 'second', 'again', 'later'])
  })

  it('lets the next one run after one that failed', async () => {
    await expect(alone(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken')
    expect(await besideOthers(async () => 'next')).toBe('next')
    expect(await alone(async () => 'alone again')).toBe('alone again')
  })

  it("gives each of many broken files decoded side by side its own decoder's reason", async () => {
    // An SVG cut short (librsvg's XML error) and a PNG with nothing after its signature (libvips gives
    // no words: the reason is empty, and the catalogue words it). Before the second look ran alone,
    // about 1 in 25 of these came back with the other file's reason.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rec')
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(40)])
    const told: string[] = []
    for (let round = 0; round < 10; round++) {
      const found = await Promise.all(Array.from({ length: 20 }, (_, i) => inspectImage(i % 2 ? png : svg)))
      told.push(
        ...found.map(
          (result, i) => `${i % 2 ? 'png' : 'svg'}: ${'error' in result ? result.error : 'decoded'}`,
        ),
      )
    }
    const own = (line: string) =>
      line.startsWith('svg') ? /XML parse error|Premature end/.test(line) : !/XML|Premature/.test(line)
    expect(told.filter((line) => !own(line))).toEqual([])
  })
})
