import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { RenderContext } from '../../model/context.ts'
import { dataFiles } from '../../model/data-files.ts'

/** Writes the data files pages fetch (model/data-files.ts) into the built site; returns how many. */
export async function writeDataFiles(client: string, ctx: RenderContext): Promise<number> {
  const files = Object.values(dataFiles(ctx))
  for (const file of files) {
    const target = path.join(client, ...file.url.split('/').filter(Boolean))
    await mkdir(path.dirname(target), { recursive: true })
    await writeFile(target, file.json)
  }
  return files.length
}
