import type { Problem } from '../../lib/errors.ts'
import { PROBLEMS, problemAt } from '../../lib/problems.ts'
import { walk } from '../../model/content/checks.ts'
import { markdownBody } from '../../model/content/front-matter.ts'
import type { SourceFile } from '../../model/content/load.ts'
import { linksIn } from '../../model/markdown.ts'

/**
 * Plain `http://` addresses in the content (map links, profiles, partner sites): a release serves
 * everything over https, and a browser warns on, or blocks, an insecure link from an https page. The
 * origins of the build itself are the origin check's (origins.ts).
 */
export function insecureUrlProblems(sources: readonly SourceFile[]): Problem[] {
  const problems: Problem[] = []
  // A file whose YAML is only its front matter has Markdown after it.
  for (const source of sources) if (source.yaml !== source.text) problems.push(...inMarkdown(source))
  for (const { file, yaml: text, located, shift } of sources) {
    if (!text.includes('http://')) continue
    walk(located.data, '', (value, pointer) => {
      if (!/^http:\/\//i.test(value) || pointer === '/siteUrl') return
      const at = located.locate(pointer)
      problems.push(
        problemAt(
          PROBLEMS.InsecureUrl,
          { value },
          { file, line: at.line + shift, col: at.col, path: pointer },
        ),
      )
    })
  }
  return problems
}

/**
 * The Markdown of a file with front matter (the privacy policy): a link, an autolink or a bare
 * address written with http://, as the site's parser reads it (an address in code is no link).
 */
function inMarkdown({ file, text }: SourceFile): Problem[] {
  if (!/http:\/\//i.test(text)) return []
  const body = markdownBody(text)
  return linksIn(body.text)
    .filter((link) => /^http:\/\//i.test(link.href))
    .map((link) =>
      problemAt(
        PROBLEMS.InsecureUrl,
        { value: link.href },
        { file, line: link.line + body.line - 1, col: link.col, path: '' },
      ),
    )
}
