import { readFileSync } from 'node:fs'
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

/**
 * What a cache file holds, parsed; undefined when it is missing or not JSON (a file a stopped build
 * left half written). Read synchronously: a build reads a thousand of them at a time, from the page
 * cache (docs/decisions.md, "The build reads its own pages synchronously").
 */
export function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}
