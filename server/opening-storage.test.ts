/**
 * A store that opens itself after the start (issue #47), with a stand-in for the database: `open`
 * fails while it is "down" and hands over a store once it is "up".
 */
import { describe, expect, it } from 'vitest'
import { newSubmission } from '../tests/server-fixtures.ts'
import { openingStorage } from './opening-storage.ts'
import { type Storage, StorageBusy } from './storage.ts'

/** A database stand-in: down until `up` is set; counts the attempts to open it. */
function database() {
  const state = { up: false, attempts: 0, inserted: [] as string[], closed: 0 }
  const store = {
    location: 'db',
    salt: 'the-salt',
    ready: async () => {},
    insert: async (items: { id: string }[]) => {
      state.inserted.push(...items.map((i) => i.id))
    },
    close: async () => {
      state.closed++
    },
  } as unknown as Storage
  const open = async () => {
    state.attempts++
    if (!state.up) throw new StorageBusy('The submissions database cannot be written: down (ECONNREFUSED).')
    return store
  }
  return { state, open }
}

describe('openingStorage', () => {
  it('answers StorageBusy while the database is down, tries again on each call, and stores the first call after it is up', async () => {
    const { state, open } = database()
    const said: string[] = []
    const storage = openingStorage(open, { location: 'db', waitMs: 500, say: (l) => said.push(l) })
    try {
      expect(storage.salt).toBe('')
      const refused = await storage.insert([newSubmission('a')]).catch((e: unknown) => e)
      expect(refused).toBeInstanceOf(StorageBusy)
      expect((refused as StorageBusy).message).toContain('ECONNREFUSED')
      const before = state.attempts
      state.up = true
      await storage.insert([newSubmission('b')])
      expect(state.attempts).toBe(before + 1)
      expect(state.inserted).toEqual(['b'])
      expect(storage.salt).toBe('the-salt')
      expect(said).toEqual([
        'Reached the database at db: its tables are up to date, and submissions are stored from now on.',
      ])
    } finally {
      await storage.close()
    }
  })

  it('opens itself in the background, with no call to drive it', async () => {
    const { state, open } = database()
    state.up = true
    const said: string[] = []
    const storage = openingStorage(open, {
      location: 'db',
      waitMs: 500,
      say: (l) => said.push(l),
      firstDelayMs: 10,
    })
    try {
      for (const deadline = Date.now() + 20_000; said.length === 0 && Date.now() < deadline; )
        await new Promise((resolve) => setTimeout(resolve, 10))
      expect(said).toHaveLength(1)
      expect(storage.salt).toBe('the-salt')
      expect(state.attempts).toBe(1)
    } finally {
      await storage.close()
    }
  })

  it('waits longer after each failed try in the background', async () => {
    const { state, open } = database()
    const times: number[] = []
    const storage = openingStorage(
      async () => {
        times.push(Date.now())
        return open()
      },
      { location: 'db', waitMs: 500, say: () => {}, firstDelayMs: 20, maxDelayMs: 1_000 },
    )
    try {
      for (const deadline = Date.now() + 20_000; state.attempts < 5 && Date.now() < deadline; )
        await new Promise((resolve) => setTimeout(resolve, 10))
      const pauses = times.slice(1).map((t, i) => t - (times[i] ?? t))
      // 20 ms doubling, each within a fifth below: the fourth pause is at least 8 times the first's floor.
      expect(pauses.length).toBeGreaterThanOrEqual(3)
      expect(pauses[2]).toBeGreaterThanOrEqual(64)
    } finally {
      await storage.close()
    }
  })

  it('closes the store it opened, and answers nothing after closing', async () => {
    const { state, open } = database()
    state.up = true
    const storage = openingStorage(open, { location: 'db', waitMs: 500, say: () => {} })
    await storage.ready()
    await storage.close()
    expect(state.closed).toBe(1)
  })
})
