/**
 * Browser-only. Runs `work` once the press under way, if any, is over: after the click it makes.
 *
 * A press on Submit first takes the focus from the field being typed in, and that field's blur shows
 * its problem, a line that pushes the button down. A mouse press spans two tasks (down, then up a
 * moment later), a tap one task per gesture, and each finds its click's target again at the release:
 * by then the button has moved from under the pointer, and the press becomes a click on the form.
 * What a blur changes on screen waits for the press that caused it: until the pointer's release when
 * a pointer is down, and for the next task in every case (a tap's focus, mouse events and click come
 * in one task, after its pointerup).
 */
export function afterPress(work: () => void): void {
  watchPresses()
  if (pressing) waiting.push(work)
  else setTimeout(work, 0)
}

let pressing = false
let watching = false
const waiting: (() => void)[] = []

/** Follows presses from the first call on; a form calls it as it mounts, before any press. */
export function watchPresses(): void {
  if (watching) return
  watching = true
  addEventListener(
    'pointerdown',
    () => {
      pressing = true
    },
    true,
  )
  const released = () => {
    pressing = false
    const due = waiting.splice(0)
    if (due.length)
      setTimeout(() => {
        for (const work of due) work()
      }, 0)
  }
  for (const type of ['pointerup', 'pointercancel']) addEventListener(type, released, true)
  // A release the page may never see ends the press too: a context menu takes the pointer's release,
  // and so does another window taking the focus while it is down. The window's own blur only: the
  // field's blur, which the press itself causes, must not end it.
  addEventListener('contextmenu', released, true)
  addEventListener('blur', (event) => {
    if (event.target === event.currentTarget) released()
  })
}
