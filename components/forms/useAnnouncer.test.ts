// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { acting, renderHook } from '../../tests/render-hook.ts'
import { useAnnouncer } from './useAnnouncer.ts'

describe('useAnnouncer', () => {
  it('says a message; the same words again still change the region, so they are said again', async () => {
    const { result } = renderHook(useAnnouncer, undefined)
    await acting(() => result.current.announce('Sending…'))
    expect(result.current.announcement).toBe('Sending…')
    await acting(() => result.current.announce('Sending…'))
    expect(result.current.announcement).toBe('Sending…\u00a0')
  })

  it("says a left field's problem once per message, again after the problem went or changed", async () => {
    const { result } = renderHook(useAnnouncer, undefined)
    const said: string[] = []
    const leave = async (message: string | undefined) => {
      const before = result.current.announcement
      await acting(() => result.current.announceLeft('name', message))
      if (result.current.announcement !== before) said.push(result.current.announcement.trim())
    }
    await leave('Name is required')
    await leave('Name is required')
    await leave(undefined)
    await leave('Name is required')
    await leave('Name should be at least 3 characters')
    expect(said).toEqual(['Name is required', 'Name is required', 'Name should be at least 3 characters'])
  })

  it('clear empties the region; with forgetFields, a field left again is said again', async () => {
    const { result } = renderHook(useAnnouncer, undefined)
    await acting(() => result.current.announceLeft('name', 'Name is required'))
    await acting(() => result.current.clear())
    await acting(() => result.current.announceLeft('name', 'Name is required'))
    expect(result.current.announcement).toBe('')
    await acting(() => result.current.clear(true))
    await acting(() => result.current.announceLeft('name', 'Name is required'))
    expect(result.current.announcement).toBe('Name is required')
  })
})
