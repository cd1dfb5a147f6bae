import { afterEach, describe, expect, it, vi } from 'vitest'
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

  it('keeps counting when the page is shown again while already visible', () => {
    const { events, timer, tick } = setup()
    timer.view('/railways', 'Railways')
    tick(3_000)
    timer.resume()
    tick(2_000)
    timer.leave()
    expect(events[1]).toEqual({ event: 'time_spent', page_path: '/railways', seconds: 5 })
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

/**
 * The page's side of analytics, run in Node: `window` and `document` are stand-ins built on Node's own
 * EventTarget, with just what the module touches (the listeners, visibilityState, the title, the path
 * and <head>). Each test loads the module afresh, since it wires itself into the page once.
 */
describe('in the page', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  async function page(dataLayer?: unknown[]) {
    const head: { tag: string; async: boolean; src: string }[] = []
    const win = Object.assign(new EventTarget(), {
      location: { pathname: '/space' },
      dataLayer,
      gtag: undefined as ((...args: unknown[]) => void) | undefined,
    })
    const doc = Object.assign(new EventTarget(), {
      title: 'Space',
      visibilityState: 'visible',
      head: { append: (element: (typeof head)[number]) => head.push(element) },
      createElement: (tag: string) => ({ tag, async: false, src: '' }),
    })
    vi.stubGlobal('window', win)
    vi.stubGlobal('document', doc)
    let clock = 1_000
    vi.spyOn(performance, 'now').mockImplementation(() => clock)
    // A fresh module per test: startAnalytics wires itself into the page once per module (`timer`).
    vi.resetModules()
    const analytics = await import('./analytics.ts')
    return {
      analytics,
      win,
      head,
      tick: (ms: number) => {
        clock += ms
      },
      visibility: (state: 'hidden' | 'visible') => {
        doc.visibilityState = state
        doc.dispatchEvent(new Event('visibilitychange'))
      },
      /** The dataLayer with gtag's `arguments` entries as plain lists. */
      layer: () =>
        (win.dataLayer ?? []).map((e) =>
          Object.prototype.toString.call(e) === '[object Arguments]'
            ? Array.from(e as ArrayLike<unknown>)
            : e,
        ),
    }
  }

  it('pushes events onto dataLayer, after what is already there, and to the tag once it is loaded', async () => {
    const { analytics, win } = await page(['earlier'])
    const view = { event: 'page_view', page_path: '/', page_title: 'Home' } as const
    analytics.pushEvent(view)
    expect(win.dataLayer).toEqual(['earlier', view])
    const tag = vi.fn()
    win.gtag = tag
    analytics.pushEvent(view)
    expect(tag).toHaveBeenCalledWith('event', 'page_view', { page_path: '/', page_title: 'Home' })
  })

  it('creates dataLayer when the page has none', async () => {
    const { analytics, win } = await page()
    analytics.pushEvent({ event: 'time_spent', page_path: '/', seconds: 4 })
    expect(win.dataLayer).toEqual([{ event: 'time_spent', page_path: '/', seconds: 4 }])
  })

  it('logs a view of the page showing, and its time when the tab is hidden, and again when the page is closed', async () => {
    const { analytics, layer, tick, visibility, win } = await page()
    analytics.trackPageView('')
    tick(4_000)
    visibility('hidden')
    tick(60_000)
    visibility('visible')
    tick(2_000)
    win.dispatchEvent(new Event('pagehide'))
    expect(layer()).toEqual([
      { event: 'page_view', page_path: '/space', page_title: 'Space' },
      { event: 'time_spent', page_path: '/space', seconds: 4 },
      { event: 'time_spent', page_path: '/space', seconds: 2 },
    ])
  })

  it('wires itself in once, and loads no tag without an analytics id', async () => {
    const { analytics, head, win } = await page()
    const timer = analytics.startAnalytics('')
    expect(analytics.startAnalytics('G-LATER')).toBe(timer)
    expect(head).toEqual([])
    expect(win.gtag).toBeUndefined()
    expect(win.dataLayer).toBeUndefined()
  })

  it('with an analytics id, loads the tag asynchronously and turns off its own page views', async () => {
    const { analytics, head, layer } = await page(['earlier'])
    analytics.startAnalytics('G-ABC123')
    expect(head).toEqual([{ tag: 'script', async: true, src: tagUrl('G-ABC123') }])
    const [earlier, js, config] = layer()
    expect(earlier).toBe('earlier')
    expect(js).toEqual(['js', expect.any(Date)])
    expect(config).toEqual(['config', 'G-ABC123', { send_page_view: false }])
    analytics.trackPageView('G-ABC123')
    expect(layer().slice(3)).toEqual([
      { event: 'page_view', page_path: '/space', page_title: 'Space' },
      ['event', 'page_view', { page_path: '/space', page_title: 'Space' }],
    ])
  })

  it('gives the tag a dataLayer of its own when the page has none', async () => {
    const { analytics, layer } = await page()
    analytics.startAnalytics('G-ABC123')
    expect(layer()).toEqual([
      ['js', expect.any(Date)],
      ['config', 'G-ABC123', { send_page_view: false }],
    ])
  })

  it('logs the time on a page when the route changes', async () => {
    const { analytics, tick, win } = await page()
    analytics.trackPageView('')
    tick(3_000)
    analytics.trackLeave()
    expect(win.dataLayer?.at(-1)).toEqual({ event: 'time_spent', page_path: '/space', seconds: 3 })
  })

  it('logs nothing on leave before analytics started', async () => {
    const { analytics, win } = await page()
    analytics.trackLeave()
    expect(win.dataLayer).toBeUndefined()
  })
})
