import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Problem } from '../../lib/errors.ts'
import { PROBLEMS, problemAt } from '../../lib/problems.ts'
import { buildConfig } from '../../model/config.ts'
import type { Content, ContentSources } from '../../model/content/load.ts'
import type { ProjectPaths } from '../../model/paths.ts'
import { checkBrochureFiles, isRemote } from '../brochures/check.ts'
import { collectImages, type ImageUse } from '../images/collect.ts'
import { imageFault, openInspectionCache, oversized } from '../images/inspect.ts'

/** What the checks of images and brochures found: what stops a build, and what is only worth a word. */
export interface AssetFindings {
  problems: Problem[]
  warnings: Problem[]
}

/**
 * What `site build` would refuse beyond the content files themselves, checked without building:
 * every image the content uses must decode and fill its slot (the encoder's own rules,
 * cli/images/inspect.ts), and every brochure PDF must be at the storage base (the embedded folder, or
 * an http(s) base, which needs the network as the build does). An image far larger than its slots
 * need is a warning.
 */
export async function assetProblems(
  content: Content,
  paths: ProjectPaths,
  sources: ContentSources,
): Promise<AssetFindings> {
  const locate: Locate = (file, pointer) => sources.locate(file, pointer)
  const [images, brochures] = await Promise.all([
    imageProblems(content, paths, locate),
    brochureProblems(content, paths, locate),
  ])
  return { problems: sorted([...images.problems, ...brochures]), warnings: sorted(images.warnings) }
}

const sorted = (problems: Problem[]) =>
  problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col)

type Locate = (file: string, pointer: string) => { line: number; col: number }

async function imageProblems(content: Content, paths: ProjectPaths, locate: Locate): Promise<AssetFindings> {
  const cache = await openInspectionCache(paths.root)
  const sources = collectImages(content, path.relative(paths.root, paths.content) || 'content')
  const found = await Promise.all(
    sources.map(async (source) => {
      // A missing file is the content checks' to report (missing-image).
      const bytes = await readFile(path.join(paths.images, source.ref)).catch(() => undefined)
      if (!bytes) return undefined
      const inspection = await cache.inspect(bytes)
      return {
        source,
        fault: imageFault(source, inspection),
        warning: oversized(source, inspection, bytes.length),
      }
    }),
  )
  await cache.save()
  const problems: Problem[] = []
  const warnings: Problem[] = []
  for (const entry of found) {
    if (!entry) continue
    const { source, fault, warning } = entry
    const at = (use: ImageUse) => ({ file: use.file, ...locate(use.file, use.pointer), path: use.pointer })
    if (fault) for (const use of source.uses) problems.push({ ...at(use), ...fault })
    // One image, one word: at the first field that uses it.
    const first = source.uses[0]
    if (!fault && warning && first) warnings.push({ ...at(first), ...warning })
  }
  return { problems, warnings }
}

async function brochureProblems(content: Content, paths: ProjectPaths, locate: Locate): Promise<Problem[]> {
  const { storageBase } = buildConfig(content.site)
  const file = `${path.relative(paths.root, paths.content) || 'content'}/brochures.yaml`
  const results = await checkBrochureFiles(content.brochures, {
    storageBase,
    publicDir: paths.public,
    projectRoot: paths.root,
  })
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
