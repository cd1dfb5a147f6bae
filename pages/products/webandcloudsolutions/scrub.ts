import './pin.css'

/** How an element's progress runs, as pin.css says in `--wc-scrub`. */
type Mode = 'contain' | 'entry'

interface Scene {
  el: HTMLElement
  mode: Mode
  /** The sticky stage of a `contain` scene: where it rests and how tall it is. */
  stage: HTMLElement | null
}

const clamp = (n: number) => Math.min(1, Math.max(0, n))

/**
 * The scroll-timeline fallback for browsers without CSS scroll-driven animations: sets each scene's
 * `--wc-p` from the scroll position once per animation frame, with the same ranges the view timelines
 * use (WebAndCloud.css): `contain` runs from the moment the stage pins to the moment it lets go;
 * `entry` from the element's top entering the viewport to its bottom doing so. Importing this module
 * loads pin.css, which turns the static page into the pinned one. Returns a function that stops it.
 */
export function scrub(root: ParentNode = document): () => void {
  let scenes: Scene[] = []
  let frame = 0

  // Which elements take part, and how, depends on the viewport (pin.css media queries): re-read on resize.
  const measure = () => {
    scenes = []
    for (const el of root.querySelectorAll<HTMLElement>('[data-scrub]')) {
      const mode = getComputedStyle(el).getPropertyValue('--wc-scrub').trim()
      if (mode === 'contain' || mode === 'entry')
        scenes.push({ el, mode, stage: el.querySelector<HTMLElement>(':scope > [data-scrub-stage]') })
      else el.style.removeProperty('--wc-p')
    }
  }

  const update = () => {
    frame = 0
    // Every read before any write, so the frame lays the page out once.
    const progress = scenes.map(({ el, mode, stage }) => {
      const box = el.getBoundingClientRect()
      if (mode === 'entry') return clamp((innerHeight - box.top) / box.height)
      if (!stage) return 0
      const top = Number.parseFloat(getComputedStyle(stage).top) || 0
      return clamp((top - box.top) / (box.height - stage.offsetHeight))
    })
    scenes.forEach(({ el }, i) => {
      el.style.setProperty('--wc-p', String(progress[i]))
    })
  }

  const request = () => {
    if (!frame) frame = requestAnimationFrame(update)
  }
  const resize = () => {
    measure()
    request()
  }

  measure()
  update()
  addEventListener('scroll', request, { passive: true })
  addEventListener('resize', resize)
  return () => {
    cancelAnimationFrame(frame)
    removeEventListener('scroll', request)
    removeEventListener('resize', resize)
  }
}
