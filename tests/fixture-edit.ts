import { readFile, writeFile } from 'node:fs/promises'

/**
 * Replaces `from` with `to` in a fixture file, and fails the test when nothing matched: an edit that no
 * longer applies (the fixture changed) must not let a test pass on the unbroken file.
 */
export async function replaceIn(file: string, from: string | RegExp, to: string): Promise<void> {
  const text = await readFile(file, 'utf8')
  const next = text.replace(from, to)
  if (next === text) throw new Error(`fixture edit did not apply to ${file}: ${String(from)}`)
  await writeFile(file, next)
}
