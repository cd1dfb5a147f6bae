import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Problem } from '../../lib/errors.ts'
import type { Brochure } from '../../renderer/content/schemas/site.ts'
import { brochureUrl } from '../brochures/check.ts'

/** What tools/make-brochures.mjs writes into each stand-in PDF's document info. */
export const PLACEHOLDER_CREATOR = '/Creator (tools/make-brochures.mjs)'

/** The last bytes of a brochure, where a PDF keeps its document info; undefined when unreadable. */
async function tail(url: string, publicDir: string, timeoutMs: number): Promise<string | undefined> {
  if (!/^https?:\/\//.test(url))
    return readFile(path.join(publicDir, ...url.split('/').filter(Boolean)), 'latin1').catch(() => undefined)
  try {
    const response = await fetch(url, {
      headers: { Range: 'bytes=-4096' },
      signal: AbortSignal.timeout(timeoutMs),
    })
    return response.ok ? Buffer.from(await response.arrayBuffer()).toString('latin1') : undefined
  } catch {
    return undefined
  }
}

/** Brochures that are still the generated stand-ins, not the company's PDFs. */
export async function placeholderBrochures(
  brochures: readonly Brochure[],
  options: { storageBase: string; publicDir: string; projectRoot: string; timeoutMs?: number },
): Promise<Problem[]> {
  const problems: Problem[] = []
  await Promise.all(
    brochures.map(async (b) => {
      const url = brochureUrl(options.storageBase, b.id)
      const text = await tail(url, options.publicDir, options.timeoutMs ?? 10_000)
      if (!text?.includes(PLACEHOLDER_CREATOR)) return
      const local = !/^https?:\/\//.test(url)
      problems.push({
        file: local
          ? path
              .relative(options.projectRoot, path.join(options.publicDir, ...url.split('/').filter(Boolean)))
              .split(path.sep)
              .join('/')
          : url,
        line: 1,
        col: 1,
        path: '',
        code: 'placeholder-brochure',
        message: `The ${b.id} brochure ("${b.title}") is the stand-in PDF tools/make-brochures.mjs writes.`,
        hint: `put the company's PDF at ${url}.`,
      })
    }),
  )
  return problems.sort((a, b) => a.file.localeCompare(b.file))
}
