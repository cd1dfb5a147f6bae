import { open, stat } from 'node:fs/promises'
import path from 'node:path'
import pLimit from 'p-limit'
import { type BrochureFault, brochureFaultInWords } from '../../lib/problems.ts'
import type { Brochure } from '../../model/content/schemas/site.ts'
import { outsideProject } from '../../model/outside-project.ts'

/** A PDF smaller than this is a stub or an error page, not a brochure. */
export const MIN_PDF_BYTES = 512
/** Larger than this is too heavy to offer as a download. */
export const MAX_PDF_BYTES = 50 * 1024 * 1024

export interface BrochureResult {
  id: string
  url: string
  ok: boolean
  /** Why it failed. */
  fault?: BrochureFault
  /** Why it failed, as the rest of a sentence that starts with its address (lib/problems.ts). */
  reason?: string
  bytes?: number
}

export interface CheckOptions {
  /** `/storage`-style path (served from `publicDir`) or an http(s) base. */
  storageBase: string
  /** The folder a path base is served from (public/). */
  publicDir: string
  timeoutMs?: number
  concurrency?: number
  /** The project: a PDF that is a link out of it is refused (no other checkout has the file). */
  projectRoot?: string
}

/** The URL or path of a brochure's PDF under a storage base. */
export function brochureUrl(storageBase: string, id: string): string {
  return `${storageBase.replace(/\/+$/, '')}/brochures/${id}.pdf`
}

/**
 * Where a brochure's PDF is, for reading it: at an http(s) storage base its `url`; at a path base (the
 * embedded `/storage`) the `file` under `root`, which is public/ before a build and the built site
 * after. The one place that tells the two kinds of storage base apart.
 */
export function brochureLocation(
  storageBase: string,
  id: string,
  root: string,
): { url: string; file?: string | undefined } {
  const url = brochureUrl(storageBase, id)
  return isRemote(url) ? { url } : { url, file: path.join(root, ...url.split('/').filter(Boolean)) }
}

/** Whether a storage base or URL is on another host (http or https), not a path on the site's own. */
export const isRemote = (base: string) => /^https?:\/\//.test(base)

/** Checks every brochure's PDF at the storage base, in parallel, retrying each once. */
export async function checkBrochureFiles(
  brochures: readonly Brochure[],
  options: CheckOptions,
): Promise<BrochureResult[]> {
  const limit = pLimit(options.concurrency ?? 6)
  return Promise.all(
    brochures.map((b) =>
      limit(async () => {
        const { url, file } = brochureLocation(options.storageBase, b.id, options.publicDir)
        const check = () =>
          file ? checkPdfFile(file, options.projectRoot) : checkRemote(url, options.timeoutMs ?? 10_000)
        let result = await check()
        if (!result.ok && result.retry) result = await check()
        const { retry: _retry, fault, ...rest } = result
        return { id: b.id, url, ...rest, ...(fault ? { fault, reason: brochureFaultInWords(fault) } : {}) }
      }),
    ),
  )
}

/** What checking one PDF found. */
export type Outcome = { ok: boolean; fault?: BrochureFault; bytes?: number; retry?: boolean }

function judge(size: number, head: Buffer): Outcome {
  if (size === 0) return { ok: false, bytes: 0, fault: { kind: 'empty' } }
  if (!head.subarray(0, 5).equals(Buffer.from('%PDF-')))
    return { ok: false, bytes: size, fault: { kind: 'not-pdf' } }
  if (size < MIN_PDF_BYTES) return { ok: false, bytes: size, fault: { kind: 'too-small', bytes: size } }
  if (size > MAX_PDF_BYTES) return { ok: false, bytes: size, fault: { kind: 'too-large', bytes: size } }
  return { ok: true, bytes: size }
}

/**
 * Whether a PDF file on this machine can be offered as a brochure: there, inside the project at
 * `projectRoot` when one is given (not a link out of it), not empty, a PDF, of a plausible size.
 */
export async function checkPdfFile(file: string, projectRoot?: string): Promise<Outcome> {
  const info = await stat(file).catch(() => undefined)
  if (!info?.isFile())
    return { ok: false, fault: { kind: 'missing-file', file: path.relative(process.cwd(), file) } }
  const target = projectRoot ? await outsideProject(file, projectRoot) : undefined
  if (target) return { ok: false, fault: { kind: 'outside-project', target } }
  const handle = await open(file, 'r')
  try {
    const head = Buffer.alloc(5)
    await handle.read(head, 0, 5, 0)
    return judge(info.size, head)
  } finally {
    await handle.close()
  }
}

async function checkRemote(url: string, timeoutMs: number): Promise<Outcome> {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { Range: 'bytes=0-1023' },
    })
    if (response.status === 404 || response.status === 410)
      return { ok: false, fault: { kind: 'missing-url', status: response.status } }
    if (!response.ok)
      return {
        ok: false,
        fault: { kind: 'http-error', status: response.status },
        retry: response.status >= 500,
      }
    const type = response.headers.get('content-type') ?? ''
    const head = Buffer.from(await response.arrayBuffer())
    if (!type.includes('application/pdf') && !type.includes('application/octet-stream'))
      return { ok: false, fault: { kind: 'not-pdf-type', type } }
    const range = response.headers.get('content-range')?.match(/\/(\d+)$/)
    const size = range ? Number(range[1]) : Number(response.headers.get('content-length') ?? head.length)
    return judge(size, head)
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError'
    return {
      ok: false,
      retry: true,
      fault: timedOut
        ? { kind: 'timeout', ms: timeoutMs }
        : { kind: 'unreachable', reason: (error as Error).message },
    }
  }
}
