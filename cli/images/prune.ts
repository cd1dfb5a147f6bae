import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { defaultWidth, type ManifestEntry, outputName } from '../../model/images.ts'

/**
 * Removes from a built site's `media/` every file the build's images do not name: public/media/ also
 * holds what `site dev` made for draft products and for images the content no longer uses, and Vite
 * copies public/ whole. Returns how many files went.
 */
export async function pruneMedia(client: string, manifest: Record<string, ManifestEntry>): Promise<number> {
  const media = path.join(client, 'media')
  const wanted = new Set<string>()
  for (const [ref, entry] of Object.entries(manifest))
    for (const format of entry.formats) {
      for (const width of entry.widths) wanted.add(outputName(ref, width, format))
      wanted.add(outputName(ref, undefined, format))
      wanted.add(outputName(ref, defaultWidth(entry.widths), format))
    }
  const files = await readdir(media, { recursive: true, withFileTypes: true }).catch(() => [])
  let removed = 0
  for (const entry of files) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    if (wanted.has(path.relative(media, file).split(path.sep).join('/'))) continue
    await rm(file)
    removed++
  }
  return removed
}
