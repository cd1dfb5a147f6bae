import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Problem } from '../../lib/errors.ts'
import { buildConfig } from '../../renderer/config.ts'
import type { Content } from '../../renderer/content/load.ts'
import { type LocatedYaml, parseYaml } from '../../renderer/content/locate.ts'
import type { ProjectPaths } from '../../renderer/paths.ts'
import { checkBrochures } from '../brochures/check.ts'
import { collectImages } from '../images/collect.ts'

/**
 * What `site build` would refuse beyond the content files themselves, checked without building: a raster
 * image narrower than the smallest width its slot needs, and a brochure PDF missing at an embedded
 * (path) storage base. An http(s) storage base is left to `site brochures check`, which goes online.
 */
export async function buildProblems(content: Content, paths: ProjectPaths): Promise<Problem[]> {
  const problems: Problem[] = []
  const files = new Map<string, Promise<LocatedYaml | undefined>>()
  const locate = async (file: string, pointer: string) => {
    if (!files.has(file))
      files.set(
        file,
        readFile(path.join(paths.root, file), 'utf8').then(parseYaml, () => undefined),
      )
    return (await files.get(file))?.locate(pointer) ?? { line: 1, col: 1 }
  }
  const sources = collectImages(content, path.relative(paths.root, paths.content) || 'content')
  const rasters = sources.filter((s) => !s.ref.toLowerCase().endsWith('.svg'))
  await Promise.all(
    rasters.map(async (source) => {
      // Only the header is read: this is quick even for large photographs. The encoder is loaded
      // here, not at the top: it takes a moment, and content drawn only in SVG never needs it.
      const { default: sharp } = await import('sharp')
      const width = await sharp(path.join(paths.images, source.ref))
        .metadata()
        .then((m) => m.width ?? 0)
        .catch(() => undefined)
      const smallest = source.ladder[0] ?? 0
      if (width === undefined || width >= smallest) return
      for (const use of source.uses)
        problems.push({
          file: use.file,
          ...(await locate(use.file, use.pointer)),
          path: use.pointer,
          code: 'image-too-small',
          message: `The image "${source.ref}" is ${width} px wide; this slot needs at least ${smallest} px.`,
          hint: `export it at ${source.ladder.at(-1) ?? smallest} px wide or more, or use an SVG.`,
        })
    }),
  )
  const { storageBase } = buildConfig(content.site)
  if (storageBase.startsWith('/')) {
    const brochuresFile = `${path.relative(paths.root, paths.content) || 'content'}/brochures.yaml`
    const results = await checkBrochures(content.brochures, { storageBase, publicDir: paths.public })
    for (const [i, r] of results.entries())
      if (!r.ok)
        problems.push({
          file: brochuresFile,
          ...(await locate(brochuresFile, `/brochures/${i}/id`)),
          path: `/brochures/${i}/id`,
          code: 'brochure-missing',
          message: `The brochure "${r.id}" at ${r.url} ${r.reason ?? 'cannot be used'}.`,
          hint: `put the PDF at public${r.url}, or remove the brochure from this list.`,
        })
  }
  return problems
}
