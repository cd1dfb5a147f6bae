import { readdirSync, readFileSync } from 'node:fs'

/** What {@link watchMemory} saw of a process tree. */
export interface MemoryPeak {
  /** The largest sum of VmRSS over the process and its descendants at one sample, in bytes. */
  treeBytes: number
  /** The process's own VmHWM (its peak resident set, kept by the kernel) at the last sample, in bytes. */
  mainBytes: number
  samples: number
}

/** A field of /proc/<pid>/status in bytes (the kernel writes kB), or undefined once the process is gone. */
function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]
    return kb === undefined ? undefined : Number(kb) * 1024
  } catch {
    return undefined
  }
}

/** `root` and every process below it now, from each process's parent in /proc/<pid>/stat. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8')
    } catch {
      continue
    }
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    children.set(ppid, [...(children.get(ppid) ?? []), Number(name)])
  }
  const tree = [root]
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i] ?? -1) ?? []))
  return tree
}

/**
 * Samples the resident memory of process `pid` and all its descendants (a build's esbuild and Pagefind
 * helpers included) every `intervalMs`, from /proc, so it needs no /usr/bin/time. A peak shorter than
 * the interval can be missed by the tree sum; the main process's VmHWM cannot miss its own. Returns
 * undefined from `stop()` where there is no /proc (not Linux).
 */
export function watchMemory(pid: number, intervalMs = 100): { stop(): MemoryPeak | undefined } {
  const peak: MemoryPeak = { treeBytes: 0, mainBytes: 0, samples: 0 }
  const sample = () => {
    const main = statusBytes(pid, 'VmHWM')
    if (main === undefined) return
    const sum = processTree(pid).reduce((n, p) => n + (statusBytes(p, 'VmRSS') ?? 0), 0)
    peak.treeBytes = Math.max(peak.treeBytes, sum)
    peak.mainBytes = Math.max(peak.mainBytes, main)
    peak.samples++
  }
  const timer = setInterval(sample, intervalMs)
  sample()
  return {
    stop() {
      clearInterval(timer)
      return peak.samples ? peak : undefined
    },
  }
}
