import path from 'node:path'
import type { Problem } from '../../lib/errors.ts'
import { PROBLEMS, problemAt } from '../../lib/problems.ts'
import type { Content, ContentSources } from '../../model/content/load.ts'

/**
 * Compliance badges without evidence: a certification, standard or origin logo is a claim the company
 * must be able to back, so a release needs its issuer and certificate or report number in content.
 * A badge counts as compliance unless it says `kind: feature`.
 */
export function badgeProblems(content: Content, sources: ContentSources, projectRoot: string): Problem[] {
  const problems: Problem[] = []
  for (const product of content.products) {
    const faults = (product.partners ?? []).flatMap((badge, index) => {
      const fault = evidenceFault(badge)
      return fault ? [{ badge, index, fault }] : []
    })
    if (!faults.length) continue
    const full = path.join(content.dir, content.productFiles[product.slug] ?? '')
    const file = path.relative(projectRoot, full).split(path.sep).join('/')
    for (const { badge, index, fault } of faults) {
      const pointer = `/partners/${index}${fault === 'missing' ? '' : '/evidence'}`
      const place = { file, ...sources.locate(file, pointer), path: pointer }
      problems.push(
        fault === 'missing'
          ? problemAt(PROBLEMS.BadgeWithoutEvidence, { name: badge.name }, place)
          : problemAt(PROBLEMS.BadgeEvidencePlaceholder, { name: badge.name, fault }, place),
      )
    }
  }
  return problems
}

/** Words that stand in for evidence nobody has yet. */
const PLACEHOLDER_EVIDENCE = /^(tbd|tba|todo|n\/?a|none|unknown|pending|-+|\?+|x+|\.+|0+)$/i

type Badge = NonNullable<Content['products'][number]['partners']>[number]

/**
 * Why a badge cannot be published as it is: `missing` evidence for a compliance claim, or what makes
 * its evidence a placeholder; undefined for a feature badge or real-looking evidence.
 */
export function evidenceFault(badge: Badge): string | undefined {
  if ((badge.kind ?? 'compliance') !== 'compliance') return undefined
  if (!badge.evidence) return 'missing'
  const issuer = badge.evidence.issuer.trim()
  const reference = badge.evidence.reference.trim()
  if (PLACEHOLDER_EVIDENCE.test(issuer)) return `issuer "${issuer}"`
  if (PLACEHOLDER_EVIDENCE.test(reference)) return `reference "${reference}"`
  if (issuer.toLowerCase() === reference.toLowerCase()) return 'the same text as issuer and reference'
  return undefined
}
