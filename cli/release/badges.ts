import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Problem } from '../../lib/errors.ts'
import type { Content } from '../../renderer/content/load.ts'
import { parseYaml } from '../../renderer/content/locate.ts'

/**
 * Compliance badges without evidence: a certification, standard or origin logo is a claim the company
 * must be able to back, so a release needs its issuer and certificate or report number in content.
 * A badge counts as compliance unless it says `kind: feature`.
 */
export async function badgeProblems(content: Content, projectRoot: string): Promise<Problem[]> {
  const problems: Problem[] = []
  for (const product of content.products) {
    const bare = (product.partners ?? [])
      .map((badge, index) => ({ badge, index }))
      .filter(({ badge }) => (badge.kind ?? 'compliance') === 'compliance' && !badge.evidence)
    if (!bare.length) continue
    const full = path.join(content.dir, content.productFiles[product.slug] ?? '')
    const file = path.relative(projectRoot, full).split(path.sep).join('/')
    const located = parseYaml(await readFile(full, 'utf8'))
    for (const { badge, index } of bare) {
      const pointer = `/partners/${index}`
      problems.push({
        file,
        ...located.locate(pointer),
        path: pointer,
        code: 'badge-without-evidence',
        message: `The compliance badge "${badge.name}" has no evidence.`,
        hint: 'add `evidence: { issuer: ..., reference: ... }` (who certified it and the certificate or report number), mark it `kind: feature` if it claims no certification, or remove it.',
      })
    }
  }
  return problems
}
