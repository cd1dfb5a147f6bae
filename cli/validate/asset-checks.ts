import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Problem } from '../../lib/errors.ts'
import { PROBLEMS, problemAt } from '../../lib/problems.ts'
import { buildConfig } from '../../model/config.ts'
import type { Content, ContentSources } from '../../model/content/load.ts'
import type { ProjectPaths } from '../../model/paths.ts'
import { checkBrochureFiles, isRemote } from '../brochures/check.ts'
import { collectImages } from '../images/collect.ts'
import { imageFault, openInspectionCache } from '../images/inspect.ts'

/**
 * What `site build` would refuse beyond the content files themselves, checked without building:
 * every image the content uses must decode and fill its slot (the encoder's own rules,
 * cli/images/inspect.ts), and every brochure PDF must be at the storage base (the embedded folder, or
 * an http(s) base, which needs the network as the build does).
 */
export async function assetProblems(
  content: Content,
  paths: ProjectPaths,
  sources: ContentSources,
): Promise<Problem[]> {
  const locate: Locate = (file, pointer) => sources.locate(file, pointer)
  const [images, brochures] = await Promise.all([
    imageProblems(content, paths, locate),
    brochureProblems(content, paths, locate),
  ])
  return [...images, ...brochures].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col,
  )
}

type Locate = (file: string, pointer: string) => { line: number; col: number }

async function imageProblems(content: Content, paths: ProjectPaths, locate: Locate): Promise<Problem[]> {
  const cache = await openInspectionCache(paths.root)
  const sources = collectImages(content, path.relative(paths.root, paths.content) || 'content')
  const found = await Promise.all(
    sources.map(async (source) => {
      // A missing file is the content checks' to report (missing-image).
      const bytes = await readFile(path.join(paths.images, source.ref)).catch(() => undefined)
      return bytes ? { source, fault: imageFault(source, await cache.inspect(bytes)) } : undefined
    }),
  )
  await cache.save()
  const problems: Problem[] = []
  for (const entry of found) {
    if (!entry?.fault) continue
    const { source, fault } = entry
    for (const use of source.uses)
      problems.push({
        file: use.file,
        ...locate(use.file, use.pointer),
        path: use.pointer,
        ...fault,
      })
  }
  return problems
}

async function brochureProblems(content: Content, paths: ProjectPaths, locate: Locate): Promise<Problem[]> {
  const { storageBase } = buildConfig(content.site)
  const file = `${path.relative(paths.root, paths.content) || 'content'}/brochures.yaml`
  const results = await checkBrochureFiles(content.brochures, { storageBase, publicDir: paths.public })
  const problems: Problem[] = []
  for (const [i, r] of results.entries())
    if (r.fault) {
      const place = { file, ...locate(file, `/brochures/${i}/id`), path: `/brochures/${i}/id` }
      problems.push(
        problemAt(
          PROBLEMS.BrochureMissing,
          { id: r.id, url: r.url, fault: r.fault, remote: isRemote(r.url) },
          place,
        ),
      )
    }
  return problems
}
