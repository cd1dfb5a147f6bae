import type { SiteError } from '../lib/errors.ts'
import { plural } from '../lib/errors.ts'
import { escapeHtml } from '../lib/html.ts'

/**
 * The page `site dev` shows instead of any route while the content has problems: each problem with its
 * file:line:col, field, message and fix, as `site validate` prints them. It loads Vite's client, so the
 * next good save reloads it into the real page.
 */
export function errorPage(error: SiteError): string {
  const problems = error.problems
    .map(
      (p) => `<li>
  <p class="where"><code>${escapeHtml(`${p.file}:${p.line}:${p.col}`)}</code>${p.path ? ` <code class="field">${escapeHtml(p.path)}</code>` : ''}</p>
  <p>${escapeHtml(p.message)}</p>
  ${p.hint ? `<p class="fix">Fix: ${escapeHtml(p.hint)}</p>` : ''}
</li>`,
    )
    .join('\n')
  const files = new Set(error.problems.map((p) => p.file)).size
  const count = error.problems.length
    ? `<p>${escapeHtml(`${plural(error.problems.length, 'problem')} in ${plural(files, 'file')}.`)}</p>`
    : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Content problem · site dev</title>
<script type="module" src="/@vite/client"></script>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #fff7f5; color: #1a1a1a; }
main { max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
h1 { color: #a11a00; font-size: 1.5rem; }
ol { padding-left: 1.25rem; }
li { margin-bottom: 1rem; background: #fff; border-left: 4px solid #a11a00; padding: 0.5rem 1rem; }
li p { margin: 0.25rem 0; }
code { font: 14px ui-monospace, monospace; }
.field { color: #555; }
.fix { color: #0b5d1e; }
</style>
</head>
<body>
<main>
<h1>The content has a problem, so this page cannot be shown</h1>
${
  error.problems.length
    ? `<ol>\n${problems}\n</ol>\n${count}`
    : `<p>${escapeHtml(error.message)}</p>${error.hint ? `\n<p class="fix">Fix: ${escapeHtml(error.hint)}</p>` : ''}`
}
<p>Save the file with the fix: this page reloads by itself.</p>
</main>
</body>
</html>
`
}
