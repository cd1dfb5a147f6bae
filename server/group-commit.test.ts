import { describe, expect, it } from 'vitest'
import { groupCommit } from './group-commit.ts'

describe('group commit', () => {
  it('commits the writes of one turn together and settles them after the commit', async () => {
    const commits: number[][] = []
    const writer = groupCommit<number>(async (items) => {
      commits.push([...items])
    })
    const settled: number[] = []
    const writes = [1, 2, 3].map((n) => writer.write(n).then(() => settled.push(n)))
    expect(writer.queued).toBe(3)
    expect(commits).toEqual([])
    await Promise.all(writes)
    expect(commits).toEqual([[1, 2, 3]])
    expect(settled).toEqual([1, 2, 3])
  })

  it('batches what arrives while a commit runs into the next one', async () => {
    const commits: number[][] = []
    let release = () => {}
    const writer = groupCommit<number>(async (items) => {
      commits.push([...items])
      if (commits.length === 1)
        await new Promise<void>((resolve) => {
          release = resolve
        })
    })
    const first = writer.write(1)
    await new Promise((resolve) => setImmediate(resolve))
    const later = [2, 3].map((n) => writer.write(n))
    release()
    await Promise.all([first, ...later])
    expect(commits).toEqual([[1], [2, 3]])
  })

  it('commits a write that arrives as a commit finishes, however many steps later it comes', async () => {
    // A caller that awaits its write and then writes again lands at some point of the writer's own
    // wind-down; at every such point the new write must still be committed without a flush.
    for (let steps = 0; steps < 8; steps++) {
      const commits: number[][] = []
      const writer = groupCommit<number>(async (items) => {
        commits.push([...items])
      })
      await writer.write(1)
      for (let i = 0; i < steps; i++) await Promise.resolve()
      void writer.write(2)
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve))
      expect({ steps, commits }).toEqual({ steps, commits: [[1], [2]] })
    }
  })

  it('fails only the bad item when a batch fails', async () => {
    const writer = groupCommit<number>(async (items) => {
      if (items.includes(2)) throw new Error('constraint failed')
    })
    const results = await Promise.allSettled([1, 2, 3].map((n) => writer.write(n)))
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
  })

  it('fails the whole batch at once when the error is not worth retrying item by item', async () => {
    let calls = 0
    const writer = groupCommit<number>(
      async () => {
        calls++
        throw new Error('database is locked')
      },
      { retryAlone: () => false },
    )
    const results = await Promise.allSettled([1, 2, 3].map((n) => writer.write(n)))
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected'])
    expect(calls).toBe(1)
  })

  it('splits large queues into batches of the maximum size', async () => {
    const sizes: number[] = []
    const writer = groupCommit<number>(
      async (items) => {
        sizes.push(items.length)
      },
      { maxBatch: 4 },
    )
    await Promise.all(Array.from({ length: 10 }, (_, n) => writer.write(n)))
    expect(sizes).toEqual([4, 4, 2])
  })

  it('flush commits at once', async () => {
    const commits: number[][] = []
    const writer = groupCommit<number>(async (items) => {
      commits.push([...items])
    })
    void writer.write(7)
    await writer.flush()
    expect(commits).toEqual([[7]])
    expect(writer.queued).toBe(0)
  })
})
