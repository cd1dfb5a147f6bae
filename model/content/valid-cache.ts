import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { TSchema } from '@sinclair/typebox'
import { processState } from '../process-state.ts'

/**
 * What `site validate` learnt about files that were valid: their parsed data, keyed on the file's exact
 * text and the schema it was checked against. An unchanged valid file is then neither parsed nor checked
 * again (the YAML parser and ajv's compile cost most of a cold validate); a file with any problem is
 * never stored, so every problem is always found afresh, with its line. Cross-file checks always run.
 * Bump VERSION when what the loader accepts changes without a schema change.
 */
const VERSION = 1

const fingerprints = new WeakMap<TSchema, string>()

/** The key of one file: its text, the schema, and the loader's version. */
export function validKey(source: string, schema: TSchema): string {
  let fingerprint = fingerprints.get(schema)
  if (!fingerprint) {
    fingerprint = createHash('sha256').update(JSON.stringify(schema)).digest('hex')
    fingerprints.set(schema, fingerprint)
  }
  return createHash('sha256').update(`${VERSION}\0${fingerprint}\0${source}`).digest('hex')
}

export interface ValidCache {
  /** The data of `name` when it was valid with exactly this key. */
  get(name: string, key: string): unknown
  set(name: string, key: string, data: unknown): void
  /** Writes the cache when something changed (whole file, atomically); never fails a validate. */
  save(): Promise<void>
}

interface Stored {
  version: number
  files: Record<string, { key: string; data: unknown }>
}

/**
 * The cache as this process last read or wrote it, by file, with the file's modification time and
 * size then: `site dev` validates on every save, and a thousand products make a cache of megabytes.
 */
const held = processState('valid-cache', () => new Map<string, { stored: Stored; version: string }>())

/** The file's modification time (to the millisecond, as every file system keeps it) and size. */
const versionOf = (file: string) =>
  stat(file).then(
    (s) => `${Math.floor(s.mtimeMs)}:${s.size}`,
    () => '',
  )

/** The cache of a project, in `.cache/content/valid.json`; an unreadable cache is an empty one. */
export async function openValidCache(projectRoot: string): Promise<ValidCache> {
  const file = path.join(projectRoot, '.cache', 'content', 'valid.json')
  const version = await versionOf(file)
  const kept = held.get(file)
  // Read again only when another process wrote it since.
  const stored: Stored =
    kept && kept.version === version
      ? kept.stored
      : await readFile(file, 'utf8')
          .then((text) => JSON.parse(text) as Stored)
          .then((s) => (s.version === VERSION && s.files ? s : { version: VERSION, files: {} }))
          .catch(() => ({ version: VERSION, files: {} }))
  held.set(file, { stored, version })
  let changed = false
  return {
    get: (name, key) => (stored.files[name]?.key === key ? stored.files[name].data : undefined),
    set(name, key, data) {
      if (stored.files[name]?.key === key) return
      stored.files[name] = { key, data }
      changed = true
    },
    async save() {
      if (!changed) return
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`
      try {
        await mkdir(path.dirname(file), { recursive: true })
        await writeFile(tmp, JSON.stringify(stored))
        await rename(tmp, file)
        held.set(file, { stored, version: await versionOf(file) })
      } catch {
        // A read-only project still validates; it is only slower next time.
      }
    },
  }
}
