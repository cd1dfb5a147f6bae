import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** Writes `data` to `file` whole or not at all; a cache that cannot be written only costs time. */
export async function saveJson(file: string, data: unknown): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`
  await mkdir(path.dirname(file), { recursive: true })
    .then(() => writeFile(temporary, JSON.stringify(data)))
    .then(() => rename(temporary, file))
    .catch(() => undefined)
}
