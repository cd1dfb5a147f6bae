import { cloneElement, type ReactElement, Suspense, use, useId } from 'react'
import { useHydrated } from 'vike-react/useHydrated'

/**
 * Progressive hydration (issue #13). React hydrates every dehydrated Suspense boundary that is ready
 * in one pass and commits them together: a long product page hydrated in one long task, whatever the
 * number of boundaries. A staged part waits, during the first hydration only, for its turn: one part per
 * idle period of the main thread, in page order, so each commit is a short task and the browser paints
 * and answers input in between. Until its turn a part is the server's HTML, links working as plain links.
 * Any key press, pointer press or focus change releases every part at once, so nothing a visitor
 * reaches for waits on the queue. Client-side navigation renders parts at once (no hydration).
 *
 * The part's element says where it stands, for tests and tools (React's own marks are private):
 * `data-staged` always, `data-hydrated` once React owns it.
 */
export function Staged({ children }: { children: StagedElement }) {
  return (
    <Suspense>
      <Turn>{children}</Turn>
    </Suspense>
  )
}

/** One element (a section): it carries the part's marks. */
type StagedElement = ReactElement<{ 'data-staged'?: string; 'data-hydrated'?: string | undefined }>

function Turn({ children }: { children: StagedElement }) {
  const id = useId()
  // False on the server and while hydrating; only the browser's first hydration waits its turn.
  const hydrated = useHydrated()
  // A part that waited calls use() on its (by then settled) turn on every later render too: React
  // requires the same use() calls when a suspended render is retried.
  const waited = turns.get(id) ?? (!hydrated && typeof window !== 'undefined' ? turn(id) : undefined)
  if (waited) use(waited)
  // useHydrated turns true in the render after this part has hydrated, which adds the mark.
  return cloneElement(children, { 'data-staged': '', 'data-hydrated': hydrated ? '' : undefined })
}

/** Each part's turn by its id; the same promise on every retry of the same part. */
const turns = new Map<string, Promise<void>>()
/** Releases of the parts still waiting, in page order. */
const waiting: (() => void)[] = []
let queue: Promise<void> = Promise.resolve()

function turn(id: string): Promise<void> {
  let found = turns.get(id)
  if (!found) {
    if (turns.size === 0) releaseAllOnInput()
    let release = () => {}
    const mine = new Promise<void>((resolve) => {
      release = resolve
    })
    waiting.push(release)
    // One part per idle period: the next waits until this one's turn has come and the thread is idle.
    queue = queue.then(nextIdle).then(() => {
      release()
      return mine
    })
    found = mine
    turns.set(id, found)
  }
  return found
}

const nextIdle = () =>
  new Promise<void>((resolve) =>
    'requestIdleCallback' in window ? requestIdleCallback(() => resolve()) : setTimeout(resolve, 16),
  )

function releaseAllOnInput() {
  const all = () => {
    for (const release of waiting) release()
    for (const type of INPUT) removeEventListener(type, all, true)
  }
  for (const type of INPUT) addEventListener(type, all, true)
}

const INPUT = ['pointerdown', 'keydown', 'focusin'] as const
