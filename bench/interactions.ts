import { type Browser, chromium, type Locator, type Page } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium.ts'
import { hydrated } from '../tests/e2e/hydrated.ts'
import { median } from './stats.ts'

/**
 * How long the site takes to answer a person, interaction by interaction: for each, the longest Event
 * Timing entry of the interaction (from the input to the next paint, what INP measures), in Debian's
 * Chromium with the CPU slowed 4x as Lighthouse's mobile profile does, after the page has hydrated and
 * gone quiet. Each run loads the page afresh; the median of the runs is reported.
 */

/** One thing a visitor does, on a page at a width. */
export interface Interaction {
  name: string
  route: string
  /** A phone's viewport, or a laptop's. */
  phone: boolean
  /** What to do before the measured input (unmeasured), e.g. open what holds the control. */
  prepare?: (page: Page) => Promise<void>
  /**
   * The control clicked. The pointer moves onto it first and the page is left to go quiet, as a hand
   * arrives before it presses (a hover is no interaction: what it makes the page do is not the click's).
   */
  control?: (page: Page) => Locator
  /** On a page without scripts (the floor): nothing to wait for before the input. */
  floor?: boolean
  /** Or the measured input as a whole: one key press. */
  act?: (page: Page) => Promise<void>
}

/** The interactions issue #46 names, on the shipped content. */
export const INTERACTIONS: Interaction[] = [
  {
    name: 'Products menu',
    route: '/',
    phone: false,
    control: (page) => page.getByRole('banner').getByRole('button', { name: 'Products', exact: true }),
  },
  {
    name: 'mobile menu',
    route: '/',
    phone: true,
    control: (page) => page.getByRole('button', { name: 'Menu', exact: true }),
  },
  {
    name: 'search: open',
    route: '/',
    phone: false,
    // The dialog's code loads on first use: fetched once before, so the click measures opening it.
    prepare: async (page) => {
      await openSearch(page)
      await page.keyboard.press('Escape')
      await page.getByRole('dialog').waitFor({ state: 'hidden' })
    },
    control: (page) => page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }),
  },
  {
    name: 'search: typing',
    route: '/',
    phone: false,
    prepare: openSearch,
    act: (page) => page.keyboard.press('u'),
  },
  {
    name: 'a step link',
    route: '/products/szephyr',
    phone: false,
    control: (page) =>
      page
        .getByRole('navigation', { name: 'Product sections' })
        .getByRole('link', { name: 'Specifications' }),
  },
  {
    name: 'a colour swatch',
    route: '/products/szephyr',
    phone: false,
    prepare: (page) => page.getByRole('group', { name: 'Choose a colour' }).scrollIntoViewIfNeeded(),
    control: (page) =>
      page.getByRole('group', { name: 'Choose a colour' }).getByRole('button', { name: 'Blue' }),
  },
  {
    name: 'a catalogue filter',
    route: '/products?category=industrial-networking',
    phone: false,
    control: (page) =>
      page.getByRole('form', { name: 'Filter' }).getByRole('checkbox', { name: 'PoE', exact: true }),
  },
  {
    name: 'compare: only differences',
    route: '/compare?products=industrialrugged8portl2managedswitch,industrialrugged16portl2managedswitch',
    phone: false,
    control: (page) => page.getByRole('checkbox', { name: /Only differences/ }),
  },
  {
    name: 'an invalid submit',
    route: '/support',
    phone: false,
    control: (page) => page.getByRole('button', { name: 'Submit' }),
  },
  {
    // The first press in a form: the twin of the floor's row below.
    name: 'a form field focused',
    route: '/support',
    phone: false,
    control: (page) => page.getByRole('main').getByRole('textbox').first(),
  },
]

/**
 * The floor: what the browser alone takes to paint a like change, on the same pages with every script
 * removed (bench/floor.ts), where the header's menus are native disclosures and a form field takes the
 * focus with no script. No page can answer faster than its own rendering; on this machine (no GPU,
 * so Chromium rasters in software) that is most of each interaction's time.
 */
export const FLOOR_INTERACTIONS: Interaction[] = [
  {
    name: 'Products menu, no JavaScript (<details>)',
    floor: true,
    route: '/',
    phone: false,
    control: (page) =>
      page.getByRole('navigation', { name: 'Main' }).locator('summary').filter({ hasText: 'Products' }),
  },
  {
    name: 'mobile menu, no JavaScript (<details>)',
    floor: true,
    route: '/',
    phone: true,
    control: (page) => page.locator('summary.mobile-bar__menu'),
  },
  {
    name: 'a form field focused, no JavaScript',
    floor: true,
    route: '/support',
    phone: false,
    control: (page) => page.getByRole('main').getByRole('textbox').first(),
  },
]

async function openSearch(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click()
  await page.getByRole('dialog').getByRole('combobox').waitFor()
}

/**
 * Records every Event Timing entry of the page (16 ms and longer, the least the API reports): its
 * interaction, type, start, when its handlers started and ended, and its duration (input to next paint).
 */
const OBSERVE = `window.__events = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    if (e.interactionId)
      window.__events.push([e.interactionId, e.name, e.startTime, e.processingStart, e.processingEnd, e.duration])
}).observe({ type: 'event', durationThreshold: 16, buffered: true })`

/** The page counts as quiet after this long with no long task. */
const QUIET_MS = 1000

/**
 * One interaction: its duration as INP counts it, the longest of its entries (a press is pointerdown,
 * pointerup and click, each painted in its own frame when the press lasts longer than a frame), and
 * that entry split in three: waiting for the main thread before its handlers ran (input delay, which
 * for a click includes pointerup's handlers and the focus moving), its handlers (processing), and from
 * them to the next paint (presentation: style, layout, paint, raster, drawing the frame).
 */
export interface Timing {
  duration: number
  inputDelay: number
  processing: number
  presentation: number
}

/** An entry as OBSERVE records it. */
type EventEntry = [
  id: number,
  type: string,
  start: number,
  handlersStart: number,
  handlersEnd: number,
  duration: number,
]

/**
 * The timing of one interaction's entries; zeros when none reached 16 ms. Of entries equally long
 * (durations are rounded to 8 ms) the last is split: a click's handlers are where a control does its
 * work, and pointerdown's entry would hide them.
 */
export function interactionTiming(entries: readonly EventEntry[]): Timing {
  const longest = entries.reduce<EventEntry | undefined>((a, e) => (a && a[5] > e[5] ? a : e), undefined)
  if (!longest) return { duration: 0, inputDelay: 0, processing: 0, presentation: 0 }
  const [, , start, handlersStart, handlersEnd, duration] = longest
  return {
    duration,
    inputDelay: handlersStart - start,
    processing: handlersEnd - handlersStart,
    presentation: Math.max(0, duration - (handlersEnd - start)),
  }
}

/** Moves the pointer onto the middle of the control (scrolled into view first); where it rests. */
async function restOn(page: Page, control: Locator): Promise<[number, number]> {
  await control.scrollIntoViewIfNeeded()
  const box = await control.boundingBox()
  if (!box) throw new Error(`${control} has no box to press`)
  const at: [number, number] = [box.x + box.width / 2, box.y + box.height / 2]
  await page.mouse.move(...at)
  return at
}

/** One run of one interaction. */
async function measureOnce(browser: Browser, origin: string, interaction: Interaction): Promise<Timing> {
  const context = await browser.newContext(
    interaction.phone
      ? { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1440, height: 900 } },
  )
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    // tsx names its functions with a helper the page lacks (bench/long-tasks.ts says why).
    await page.addInitScript('window.__name = (f) => f')
    await page.addInitScript(OBSERVE)
    await page.addInitScript(`window.__longTaskEnd = 0;
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTaskEnd = e.startTime + e.duration })
        .observe({ type: 'longtask', buffered: true })`)
    await page.goto(`${origin}${interaction.route}`)
    if (!interaction.floor) await hydrated(page)
    await interaction.prepare?.(page)
    const control = interaction.control?.(page)
    const at = control && (await restOn(page, control))
    await page.waitForFunction(`performance.now() - window.__longTaskEnd > ${QUIET_MS}`, undefined, {
      timeout: 30_000,
      polling: 100,
    })
    const before = (await page.evaluate('window.__events.length')) as number
    // Pressed where the pointer rests, as a hand does. Not `control.click()`: Playwright checks a
    // click's target with listeners of its own on pointerdown and pointerup, which force a layout in
    // the page's capture phase and would count as the site's input delay.
    if (control && at) {
      const hit = await control.evaluate((el, [x, y]) => el.contains(document.elementFromPoint(x, y)), at)
      if (!hit)
        throw new Error(`${interaction.name}: the control moved from under the pointer before the press`)
      await page.mouse.down()
      await page.mouse.up()
    } else await interaction.act?.(page)
    // The entries of an interaction arrive after its paint: wait for a frame or two of quiet.
    await page.waitForTimeout(500)
    const events = ((await page.evaluate('window.__events')) as EventEntry[]).slice(before)
    // The press is one interaction; keep to the first should anything else have come in after it.
    return interactionTiming(events.filter((e) => e[0] === events[0]?.[0]))
  } finally {
    await context.close()
  }
}

/** Each interaction `runs` times; the durations by name. */
export async function measureInteractions(
  origin: string,
  runs: number,
  interactions: readonly Interaction[] = INTERACTIONS,
): Promise<Map<string, Timing[]>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] })
  const results = new Map<string, Timing[]>(interactions.map((i) => [i.name, []]))
  try {
    for (let run = 0; run < runs; run++)
      for (const interaction of interactions)
        results.get(interaction.name)?.push(await measureOnce(browser, origin, interaction))
  } finally {
    await browser.close()
  }
  return results
}

/** The budget issue #46 sets: 50 ms at a 4x slower CPU keeps a mid-range phone well inside INP's 200 ms. */
export const INTERACTION_BUDGET_MS = 50

/**
 * The table of medians, against the budget, with the median run's split: input delay (the main thread
 * busy when the input came), processing (the page's handlers) and presentation (style, layout and
 * paint up to the next frame).
 */
export function interactionTable(results: ReadonlyMap<string, Timing[]>): string[] {
  const lines = [
    '| interaction | median | runs | input delay | processing | presentation | within 50 ms |',
    '|---|---|---|---|---|---|---|',
  ]
  const shown = (d: number) => (d === 0 ? '<16' : String(Math.round(d)))
  for (const [name, timings] of results) {
    const durations = timings.map((t) => t.duration)
    const m = median(durations)
    const middle = timings.find((t) => t.duration === m)
    const part = (n: number | undefined) => (middle?.duration ? `${Math.round(n ?? 0)} ms` : '—')
    lines.push(
      `| ${name} | ${shown(m)} ms | ${durations.map(shown).join(', ')} | ${part(middle?.inputDelay)} | ${part(middle?.processing)} | ${part(middle?.presentation)} | ${m <= INTERACTION_BUDGET_MS ? 'yes' : '**no**'} |`,
    )
  }
  return lines
}
