/**
 * Browser-only. Runs `work` once the browser has painted what the current task changed: in a task of
 * its own after the next frame, so it never holds up that frame. For work an input makes due but
 * nothing on screen waits for (starting to fetch modules ahead of need): done inside the input's
 * task, it delays the paint that answers the input (what INP measures).
 */
export function afterNextPaint(work: () => void): void {
  requestAnimationFrame(() => {
    setTimeout(work, 0)
  })
}
