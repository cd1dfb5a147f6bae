/**
 * State that must exist once per process, however many copies of a module are loaded. `site dev` runs
 * the model three times over: in the CLI, in the Vite config bundle, and in Vite's SSR module graph.
 * A cache held in a module variable gives each copy its own, so resetting one leaves pages reading
 * another. A registered symbol on `globalThis` is the same key in every copy.
 */
export function processState<T extends object>(name: string, create: () => T): T {
  const key = Symbol.for(`site.${name}`)
  const store = globalThis as unknown as Record<symbol, T | undefined>
  let state = store[key]
  if (!state) {
    state = create()
    store[key] = state
  }
  return state
}
