import { type ComponentType, useEffect, useState } from 'react'
import { loadOnce } from '../lib/load-once.ts'

/** What a lazily loaded component takes besides its own props. */
export interface LazyProps {
  /** Called when the component's module could not be loaded; the next mount tries again. */
  onLoadError?: (error: unknown) => void
}

/**
 * A component whose module is fetched the first time it is rendered, like React's `lazy()`, except
 * that a failed fetch is not fatal. `lazy()` keeps a failed load for the life of the page and throws it
 * into the tree, where with no error boundary React unmounts the whole page: a visitor who opened the
 * search while their connection dropped was left with a blank page. Here a failure renders nothing,
 * tells `onLoadError`, and the next mount loads again (under a new URL where the browser keeps failed
 * modules: lib/retrying-import.ts). Until the module is in, it renders nothing; once it is, it renders
 * at once.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P & LazyProps> {
  const loadModule = loadOnce(load)
  let loaded: ComponentType<P> | undefined
  return function Lazy({ onLoadError, ...props }: P & LazyProps) {
    const [Component, setComponent] = useState(() => loaded)
    // Loads once per mount; a new onLoadError on a later render needs no new load.
    // biome-ignore lint/correctness/useExhaustiveDependencies: see above
    useEffect(() => {
      if (Component) return
      let mounted = true
      loadModule().then(
        (component) => {
          loaded = component
          if (mounted) setComponent(() => component)
        },
        (error: unknown) => {
          if (mounted) onLoadError?.(error)
        },
      )
      return () => {
        mounted = false
      }
    }, [Component])
    return Component ? <Component {...(props as P)} /> : null
  }
}
