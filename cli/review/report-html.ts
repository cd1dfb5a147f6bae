import type { Review } from './review.ts'
import { percent } from './share.ts'

const html = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c)

const STYLE = `
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1b2430; background: #f6f8fb; }
header, main { max-width: 110rem; margin: 0 auto; padding: 1rem 1.25rem; }
main { padding-top: 0; }
h1 { margin: 0 0 .25rem; font-size: 1.6rem; }
h2 { margin: 2rem 0 .5rem; font-size: 1.3rem; }
h3 { margin: 1.5rem 0 .25rem; font-size: 1.1rem; overflow-wrap: anywhere; }
a { color: #0b4fa8; }
a:focus-visible, [tabindex]:focus-visible { outline: 3px solid #0b4fa8; outline-offset: 2px; }
.meta { margin: 0; color: #3c4756; overflow-wrap: anywhere; }
nav ul { margin: .75rem 0 0; }
nav ul, .routes { display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; padding: 0; list-style: none; }
.page { padding: .25rem 1rem 1rem; margin: 1rem 0; background: #fff; border: 1px solid #d5dbe3; border-radius: 8px; }
.width { margin: 1rem 0 .25rem; font-weight: 600; }
.changed { color: #a3140b; }
.trio { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: .75rem; margin: 0; }
@media (max-width: 48rem) { .trio { grid-template-columns: minmax(0, 1fr); } }
figure { margin: 0; }
figcaption { font-size: .9rem; color: #3c4756; }
.shot { max-height: 70vh; overflow: auto; border: 1px solid #d5dbe3; background: #fff; }
.shot img { display: block; width: 100%; height: auto; }
table { border-collapse: collapse; background: #fff; }
th, td { padding: .3rem .75rem; border: 1px solid #d5dbe3; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
`

/**
 * One side of a change: the rows around the changes, in a box that scrolls (by keyboard too), and a
 * link to the whole page.
 */
function figure(label: string, route: string, width: number, band: string, full: string): string {
  const name = `${label}, ${route} at ${width} px`
  return `<figure><figcaption>${label} (<a href="${html(full)}">whole page</a>)</figcaption>
<div class="shot" tabindex="0" role="region" aria-label="${html(name)}"><img src="${html(band)}" alt="${html(`${label} screenshot of ${route} at ${width} px, around the changes`)}" loading="lazy"></div></figure>`
}

/**
 * The report's index.html: self-contained (no script, no outside file but its own PNGs, by relative
 * address), so it reads the same from a file:// URL and from any server. Changed pages first, the most
 * changed first, each width's share with the baseline, the new shot and the overlay side by side; then
 * every unchanged page, and the pages added and removed.
 */
export function reportHtml(review: Review): string {
  const changed = review.routes.filter((r) => r.widths.some((w) => w.changed > 0))
  const unchanged = review.routes.filter((r) => r.widths.every((w) => w.changed === 0))
  const list = (routes: readonly string[]) =>
    routes.length
      ? `<ul class="routes">${routes.map((r) => `<li>${html(r)}</li>`).join('')}</ul>`
      : '<p>None.</p>'
  const changedHtml = changed.length
    ? changed
        .map(
          (
            r,
          ) => `<section class="page" aria-labelledby="${html(r.id)}"><h3 id="${html(r.id)}">${html(r.route)}</h3>
${r.widths
  .map((w) =>
    w.changed === 0
      ? `<p class="width">${w.width} px: unchanged</p>`
      : `<p class="width"><span class="changed">${w.width} px: ${percent(w.changed)} of the pixels changed</span></p>
<p class="meta">Shown: ${w.band?.top ?? 0} to ${w.band?.bottom ?? 0} px down the page (of ${w.band?.height ?? 0}), the changes and a little around them.</p>
<div class="trio">${figure('Baseline', r.route, w.width, w.band?.baseline ?? '', w.files?.baseline ?? '')}${figure('New', r.route, w.width, w.band?.site ?? '', w.files?.site ?? '')}${figure('Difference', r.route, w.width, w.band?.overlay ?? '', w.files?.overlay ?? '')}</div>`,
  )
  .join('\n')}</section>`,
        )
        .join('\n')
    : '<p>No page changed.</p>'
  const widths = review.widths
  const unchangedHtml = unchanged.length
    ? `<table><caption class="meta">Every width at 0% changed pixels</caption><thead><tr><th scope="col">Page</th>${widths.map((w) => `<th scope="col">${w} px</th>`).join('')}</tr></thead><tbody>${unchanged
        .map(
          (r) =>
            `<tr><th scope="row">${html(r.route)}</th>${r.widths.map((w) => `<td class="n">${percent(w.changed)}</td>`).join('')}</tr>`,
        )
        .join('')}</tbody></table>`
    : '<p>None.</p>'
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Visual review: ${html(review.summary)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Visual review</h1>
<p class="meta">${html(review.summary)}</p>
<p class="meta">Baseline: ${html(review.baseline)} · New: ${html(review.site)} · Widths: ${widths.join(', ')} px · ${html(review.at)}</p>
<nav aria-label="Report sections"><ul>
<li><a href="#changed">Changed (${changed.length})</a></li>
<li><a href="#unchanged">Unchanged (${unchanged.length})</a></li>
<li><a href="#added">Added (${review.added.length})</a></li>
<li><a href="#removed">Removed (${review.removed.length})</a></li>
</ul></nav>
</header>
<main>
<h2 id="changed">Changed pages</h2>
${changedHtml}
<h2 id="unchanged">Unchanged pages</h2>
${unchangedHtml}
<h2 id="added">Pages added</h2>
<p class="meta">Only in the new site; nothing to compare them with.</p>
${list(review.added)}
<h2 id="removed">Pages removed</h2>
<p class="meta">Only in the baseline.</p>
${list(review.removed)}
</main>
</body>
</html>
`
}
