import { type Browser, chromium, type Page } from '@playwright/test'
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
  /** The measured input: one click or one key press. */
  act: (page: Page) => Promise<void>
}

/** The interactions issue #46 names, on the shipped content. */
export const INTERACTIONS: Interaction[] = [
  {
    name: 'Products menu',
    route: '/',
    phone: false,
    act: (page) => page.getByRole('banner').getByRole('button', { name: 'Products', exact: true }).click(),
  },
  {
    name: 'mobile menu',
    route: '/',
    phone: true,
    act: (page) => page.getByRole('button', { name: 'Menu', exact: true }).click(),
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
    act: (page) => page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click(),
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
    act: (page) =>
      page
        .getByRole('navigation', { name: 'Product sections' })
        .getByRole('link', { name: 'Specifications' })
        .click(),
  },
  {
    name: 'a colour swatch',
    route: '/products/szephyr',
    phone: false,
    prepare: (page) => page.getByRole('group', { name: 'Choose a colour' }).scrollIntoViewIfNeeded(),
    act: (page) =>
      page.getByRole('group', { name: 'Choose a colour' }).getByRole('button', { name: 'Blue' }).click(),
  },
  {
    name: 'a catalogue filter',
    route: '/products?category=industrial-networking',
    phone: false,
    act: (page) =>
      page.getByRole('form', { name: 'Filter' }).getByRole('checkbox', { name: 'PoE', exact: true }).click(),
  },
  {
    name: 'compare: only differences',
    route: '/compare?products=industrialrugged8portl2managedswitch,industrialrugged16portl2managedswitch',
    phone: false,
    act: (page) => page.getByRole('checkbox', { name: /Only differences/ }).click(),
  },
  {
    name: 'an invalid submit',
    route: '/support',
    phone: false,
    act: (page) => page.getByRole('button', { name: 'Submit' }).click(),
  },
]

async function openSearch(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click()
  await page.getByRole('dialog').getByRole('combobox').waitFor()
}

/** Records every Event Timing entry of the page (16 ms and longer, the least the API reports). */
const OBSERVE = `window.__events = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.interactionId) window.__events.push([e.interactionId, e.name, e.duration])
}).observe({ type: 'event', durationThreshold: 16, buffered: true })`

/** The page counts as quiet after this long with no long task. */
const QUIET_MS = 1000

/** One run of one interaction: the longest entry of the input's interaction, 0 if none reached 16 ms. */
async function measureOnce(browser: Browser, origin: string, interaction: Interaction): Promise<number> {
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
    await hydrated(page)
    await interaction.prepare?.(page)
    await page.waitForFunction(`performance.now() - window.__longTaskEnd > ${QUIET_MS}`, undefined, {
      timeout: 30_000,
      polling: 100,
    })
    const before = (await page.evaluate('window.__events.length')) as number
    await interaction.act(page)
    // The entries of an interaction arrive after its paint: wait for a frame or two of quiet.
    await page.waitForTimeout(500)
    const events = ((await page.evaluate('window.__events')) as [number, string, number][]).slice(before)
    return Math.max(0, ...events.map(([, , duration]) => duration))
  } finally {
    await context.close()
  }
}

/** Each interaction `runs` times; the durations by name. */
export async function measureInteractions(
  origin: string,
  runs: number,
  interactions: readonly Interaction[] = INTERACTIONS,
): Promise<Map<string, number[]>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] })
  const results = new Map<string, number[]>(interactions.map((i) => [i.name, []]))
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

/** The table of medians, against the budget. */
export function interactionTable(results: ReadonlyMap<string, number[]>): string[] {
  const lines = ['| interaction | median | runs | within 50 ms |', '|---|---|---|---|']
  for (const [name, durations] of results) {
    const m = median(durations)
    const shown = (d: number) => (d === 0 ? '<16' : String(Math.round(d)))
    lines.push(
      `| ${name} | ${shown(m)} ms | ${durations.map(shown).join(', ')} | ${m <= INTERACTION_BUDGET_MS ? 'yes' : '**no**'} |`,
    )
  }
  return lines
}
