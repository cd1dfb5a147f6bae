import { describe, expect, it } from 'vitest'
import { alone, besideOthers } from './vips-turns.ts'

describe('turns for sharp work whose failure is told', () => {
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

  it('runs work alone after the work running now, and before work that comes later', async () => {
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
})
