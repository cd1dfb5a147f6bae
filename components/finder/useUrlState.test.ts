// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { acting, renderHook } from '../../tests/render-hook.ts'
import { useUrlState } from './useUrlState.ts'

/** A view as small as a query can hold: `?q=…`. */
const readQ = (search: string) => new URLSearchParams(search).get('q') ?? ''
const hrefOf = (q: string) => (q ? `/page?q=${q}` : '/page')

interface Props {
  read: (search: string) => string
  address: string
}

/** Renders the hook at `url`; `seen` is the state of every render, in order. */
function render(url: string, props: Props = { read: readQ, address: url }) {
  window.history.replaceState(null, '', url)
  const seen: string[] = []
  const view = renderHook(({ read, address }: Props) => {
    const result = useUrlState({ initial: 'initial', read, href: hrefOf, address })
    seen.push(result[0])
    return result
  }, props)
  const state = () => view.result.current[0]
  const change = (next: string) => acting(() => view.result.current[1](next))
  return { ...view, seen, state, change }
}

/** Back or Forward, resolved once the browser has said so with `popstate`. */
async function travel(move: () => void): Promise<void> {
  await acting(async () => {
    const popped = new Promise((done) => window.addEventListener('popstate', done, { once: true }))
    move()
    await popped
  })
}

let views: { unmount(): void }[] = []
const tracked = <V extends { unmount(): void }>(view: V) => {
  views.push(view)
  return view
}
beforeEach(() => {
  views = []
})
afterEach(() => {
  for (const view of views) view.unmount()
})

describe('useUrlState', () => {
  it('renders the initial state first, as the pre-rendered HTML does, then the state the address holds', () => {
    const view = tracked(render('/page?q=switches'))
    expect(view.seen[0]).toBe('initial')
    expect(view.state()).toBe('switches')
  })

  it('a change shows the new state and pushes its address as a history entry of its own', async () => {
    const view = tracked(render('/page'))
    const before = window.history.length
    await view.change('poe')
    expect(view.state()).toBe('poe')
    expect(window.location.pathname + window.location.search).toBe('/page?q=poe')
    await view.change('managed')
    expect(window.location.search).toBe('?q=managed')
    expect(window.history.length).toBe(before + 2)
  })

  it('Back and Forward show the state of the address they reach', async () => {
    const view = tracked(render('/page'))
    await view.change('poe')
    await view.change('managed')
    await travel(() => window.history.back())
    expect(view.state()).toBe('poe')
    await travel(() => window.history.back())
    expect(view.state()).toBe('')
    await travel(() => window.history.forward())
    expect(view.state()).toBe('poe')
  })

  it('reads the address again when what it can read changes', () => {
    const view = tracked(render('/page?q=new-product'))
    const known = (search: string) => readQ(search).toUpperCase()
    view.rerender({ read: known, address: '/page?q=new-product' })
    expect(view.state()).toBe('NEW-PRODUCT')
  })

  it('reads the address again when the page is reached by another address, and not on a render alone', () => {
    const read = vi.fn(readQ)
    const view = tracked(render('/page?q=one', { read, address: '/page?q=one' }))
    // Vike has moved to another address of the same page: no popstate, a new urlOriginal.
    window.history.pushState(null, '', '/page?q=two')
    view.rerender({ read, address: '/page?q=one' })
    expect(view.state()).toBe('one')
    view.rerender({ read, address: '/page?q=two' })
    expect(view.state()).toBe('two')
    expect(read).toHaveBeenCalledTimes(2)
  })

  it('stops following Back and Forward once the page has gone', async () => {
    const read = vi.fn(readQ)
    const view = render('/page', { read, address: '/page' })
    await view.change('poe')
    view.unmount()
    await travel(() => window.history.back())
    expect(read).toHaveBeenCalledTimes(1)
  })
})
