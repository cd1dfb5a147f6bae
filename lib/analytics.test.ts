import { describe, expect, it } from 'vitest'
import { type AnalyticsEvent, createPageTimer, tagUrl } from './analytics.ts'

function setup() {
  const events: AnalyticsEvent[] = []
  let clock = 0
  const timer = createPageTimer(
    (e) => events.push(e),
    () => clock,
  )
  return {
    events,
    timer,
    tick: (ms: number) => {
      clock += ms
    },
  }
}

describe('createPageTimer', () => {
  it('logs a page view on the first page and the time spent when the route changes', () => {
    const { events, timer, tick } = setup()
    timer.view('/', 'Home')
    tick(12_400)
    timer.leave()
    timer.view('/aboutus', 'About')
    expect(events).toEqual([
      { event: 'page_view', page_path: '/', page_title: 'Home' },
      { event: 'time_spent', page_path: '/', seconds: 12 },
      { event: 'page_view', page_path: '/aboutus', page_title: 'About' },
    ])
  })

  it('ends the previous page when a view arrives without a leave', () => {
    const { events, timer, tick } = setup()
    timer.view('/a', 'A')
    tick(2_600)
    timer.view('/b', 'B')
    expect(events[1]).toEqual({ event: 'time_spent', page_path: '/a', seconds: 3 })
  })

  it('stops the clock while the tab is hidden and counts again once it is visible', () => {
    const { events, timer, tick } = setup()
    timer.view('/space', 'Space')
    tick(5_000)
    timer.leave() // tab hidden
    tick(60_000) // away: not counted
    timer.leave() // page closed while hidden: nothing more to log
    timer.resume() // visible again
    tick(4_000)
    timer.leave()
    expect(events.filter((e) => e.event === 'time_spent')).toEqual([
      { event: 'time_spent', page_path: '/space', seconds: 5 },
      { event: 'time_spent', page_path: '/space', seconds: 4 },
    ])
  })

  it('logs nothing on leave before any page was shown', () => {
    const { events, timer } = setup()
    timer.leave()
    timer.resume()
    expect(events).toEqual([])
  })
})

describe('tagUrl', () => {
  it('encodes the measurement id into the tag address', () => {
    expect(tagUrl('G-ABC123')).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABC123')
    expect(tagUrl('G-A&x=1')).toBe('https://www.googletagmanager.com/gtag/js?id=G-A%26x%3D1')
  })
})
