/** A one-line progress bar on a terminal; silent when output is piped (CI logs stay clean). */
export function progress(total: number, enabled: boolean) {
  const tty = enabled && process.stderr.isTTY && total > 0
  let done = 0
  return {
    tick(label: string) {
      done++
      if (!tty) return
      const width = 24
      const filled = Math.round((done / total) * width)
      const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${label}`
      process.stderr.write(
        `\r${line.slice(0, (process.stderr.columns || 80) - 1).padEnd((process.stderr.columns || 80) - 1)}`,
      )
    },
    done() {
      if (tty) process.stderr.write('\r\x1b[2K')
    },
  }
}
