import path from 'node:path'
import type { PageWidth, Review } from './review.ts'
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
.layers { position: relative; overflow: hidden; background: #fff; }
.grey { filter: url(#pixelmatch-grey); }
.layers .marks { position: absolute; left: 0; width: 100%; }
table { border-collapse: collapse; background: #fff; }
th, td { padding: .3rem .75rem; border: 1px solid #d5dbe3; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
`

/**
 * pixelmatch's grey (its `drawGrayPixel` at its default `alpha` of 0.1: the pixel's luma, faded to
 * white by nine tenths) as an SVG filter, for the rows pixelmatch did not draw (cli/review/diff.ts).
 * On white, a see-through pixel comes out as pixelmatch blends it. tests/e2e/review-report.spec.ts
 * holds the drawn overlay to pixelmatch's own, pixel by pixel.
 */
const GREY_FILTER = `<svg width="0" height="0" aria-hidden="true" focusable="false" style="position:absolute"><filter id="pixelmatch-grey" color-interpolation-filters="sRGB"><feColorMatrix type="matrix" values="${[
  '0.029889531 0.058662247 0.011448223 0 0.9',
  '0.029889531 0.058662247 0.011448223 0 0.9',
  '0.029889531 0.058662247 0.011448223 0 0.9',
  '0 0 0 1 0',
].join('  ')}"/></filter></svg>`

const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(4)}%`

/** The box a side's picture is shown in: it scrolls (by keyboard too) when the picture is taller. */
const shotBox = (name: string, picture: string) =>
  `<div class="shot" tabindex="0" role="region" aria-label="${html(name)}">${picture}</div>`

/**
 * One side of a change: the rows around the changes, in a box that scrolls, and a link to the whole
 * page.
 */
function figure(label: string, route: string, width: number, band: string, full: string): string {
  return `<figure><figcaption>${label} (<a href="${html(full)}">whole page</a>)</figcaption>
${shotBox(`${label}, ${route} at ${width} px`, `<img src="${html(band)}" alt="${html(`${label} screenshot of ${route} at ${width} px, around the changes`)}" loading="lazy">`)}</figure>`
}

/**
 * The difference around the changes: the baseline's rows in grey, with pixelmatch's marks laid over
 * the rows it compared, cut to those shown.
 */
function differenceFigure(route: string, w: PageWidth): string {
  const { band, marks, files } = w
  if (!band || !marks || !files) return ''
  const shown = band.bottom - band.top
  const style = `top: ${pct(marks.top - band.top, shown)}; height: ${pct(marks.height, shown)}`
  const alt = `Difference screenshot of ${route} at ${w.width} px, around the changes: the baseline in grey, changed pixels in red`
  return `<figure><figcaption>Difference (<a href="${html(files.overlay)}">whole page</a>)</figcaption>
${shotBox(`Difference, ${route} at ${w.width} px`, `<div class="layers"><img class="grey" src="${html(band.baseline)}" alt="${html(alt)}" loading="lazy"><img class="marks" src="${html(files.marks)}" alt="" loading="lazy" style="${style}"></div>`)}</figure>`
}

/**
 * The whole page's overlay (`images/<page>-<width>-diff.html`, beside the PNGs it shows): the baseline
 * shot in grey at its own size, and pixelmatch's marks over the rows it compared, at theirs.
 */
export function overlayHtml(o: {
  route: string
  /** The route's section in index.html, which the page links back to. */
  id: string
  width: number
  files: NonNullable<PageWidth['files']>
  marks: NonNullable<PageWidth['marks']>
  band: NonNullable<PageWidth['band']>
}): string {
  const { route, id, width, files, marks, band } = o
  const title = `Difference: ${route} at ${width} px`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}</title>
<style>${STYLE}
.layers { width: ${band.pageWidth}px; height: ${band.height}px; }
.layers img { position: absolute; left: 0; }
</style>
</head>
<body>
${GREY_FILTER}
<header>
<h1>${html(title)}</h1>
<p class="meta">The baseline in grey, every pixel that changed in red (${band.pageWidth} by ${band.height} px). <a href="../index.html#${html(id)}">Back to ${html(route)} in the report</a></p>
</header>
<main>
<div class="layers"><img class="grey" src="${html(path.basename(files.baseline))}" alt="${html(`The baseline of ${route} at ${width} px in grey, with the pixels that changed in red`)}" style="top: 0"><img class="marks" src="${html(path.basename(files.marks))}" alt="" style="top: ${marks.top}px"></div>
</main>
</body>
</html>
`
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
<div class="trio">${figure('Baseline', r.route, w.width, w.band?.baseline ?? '', w.files?.baseline ?? '')}${figure('New', r.route, w.width, w.band?.site ?? '', w.files?.site ?? '')}${differenceFigure(r.route, w)}</div>`,
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
${GREY_FILTER}
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
