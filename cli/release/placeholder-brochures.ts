import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Problem } from '../../lib/errors.ts'
import { PROBLEMS, problemAt } from '../../lib/problems.ts'
import type { Brochure } from '../../model/content/schemas/site.ts'
import { brochureLocation } from '../brochures/check.ts'

/** What tools/make-brochures.mjs writes into each stand-in PDF's document info. */
export const PLACEHOLDER_CREATOR = '/Creator (tools/make-brochures.mjs)'

/** The last bytes of a brochure, where a PDF keeps its document info; undefined when unreadable. */
async function tail(
  at: { url: string; file?: string | undefined },
  timeoutMs: number,
): Promise<string | undefined> {
  if (at.file) return readFile(at.file, 'latin1').catch(() => undefined)
  const url = at.url
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
      const at = brochureLocation(options.storageBase, b.id, options.publicDir)
      const text = await tail(at, options.timeoutMs ?? 10_000)
      if (!text?.includes(PLACEHOLDER_CREATOR)) return
      const url = at.url
      const file = at.file ? path.relative(options.projectRoot, at.file).split(path.sep).join('/') : url
      problems.push(
        problemAt(
          PROBLEMS.PlaceholderBrochure,
          { id: b.id, title: b.title, url },
          { file, line: 1, col: 1, path: '' },
        ),
      )
    }),
  )
  return problems.sort((a, b) => a.file.localeCompare(b.file))
}
