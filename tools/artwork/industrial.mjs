#!/usr/bin/env node
// Draws the original artwork for the fourteen industrial, railway and power products: menu previews,
// hero pictures, feature-tree devices, installation steps, catalogue pictures, application scenes,
// the display controller's web-app screens and the compliance badges they use. Every picture is flat
// SVG built from the shared shapes below, in the same house style as tools/artwork/smart-home.mjs.
// Run from anywhere: `node tools/artwork/industrial.mjs`; it rewrites its files in place.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const OUT = path.join(ROOT, 'content/images')
const MAX_BYTES = 6 * 1024
/** Marks the badges this script owns, so it never overwrites a badge another script drew. */
const OWNER = 'data-set="industrial"'

// House palette (shared with smart-home.mjs) plus two darker metal tones for industrial housings.
const NAVY = '#0b1f3a'
const BLUE = '#1565c0'
const TEAL = '#00a6a6'
const LIGHT = '#eef2f6'
const WHITE = '#ffffff'
const ACCENT = '#f59e0b'
const EDGE = '#cfd8e3'
const SOFT = '#e1e8f0'
const METAL = '#a9b6c4'
const SLATE = '#26384f'
const FACE = '#e4eaf1'
const FONT = 'Arial, Helvetica, sans-serif'

// ---------------------------------------------------------------- primitives

const round = (n, digits = 1) => Number(n.toFixed(digits))
const attrs = (extra) =>
  Object.entries(extra)
    .map(([k, v]) => ` ${k}="${v}"`)
    .join('')
const rect = (x, y, w, h, r, fill, extra = {}) =>
  `<rect x="${round(x)}" y="${round(y)}" width="${round(w)}" height="${round(h)}"${r ? ` rx="${r}"` : ''} fill="${fill}"${attrs(extra)}/>`
const circle = (cx, cy, r, fill, extra = {}) =>
  `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="${fill}"${attrs(extra)}/>`
const pathEl = (d, fill, extra = {}) => `<path d="${d}" fill="${fill}"${attrs(extra)}/>`
const line = (d, stroke, width, extra = {}) =>
  `<path d="${d}" fill="none"${attrs({ stroke, 'stroke-width': width, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', ...extra })}/>`
const group = (transform, body, extra = {}) => `<g transform="${transform}"${attrs(extra)}>${body}</g>`
const at = (x, y, s = 1) => `translate(${round(x)} ${round(y)})${s === 1 ? '' : ` scale(${round(s, 3)})`}`
const label = (x, y, size, fill, str, anchor = 'middle', weight = 'bold') =>
  `<text x="${round(x)}" y="${round(y)}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${str}</text>`
const stroked = (color, width = 3) => ({ stroke: color, 'stroke-width': width })
/** Many dots as one path: round caps on zero-length segments. */
const dots = (points, color, size) =>
  line(points.map(([x, y]) => `M${round(x)} ${round(y)}h0`).join(''), color, size)
/** Repeated equal rectangles as one path (fins, slots, sleepers). */
const bars = (x, y, w, h, count, step, fill, extra = {}) => {
  let d = ''
  for (let i = 0; i < count; i++) d += `M${round(x + i * step)} ${y}h${w}v${h}h${-w}z`
  return pathEl(d, fill, extra)
}

// ---------------------------------------------------------------- parts
// Repeated connectors are drawn once in <defs> and placed with <use>; each document only carries the parts it uses.

const PARTS = {
  rj45:
    rect(0, 0, 44, 38, 4, SLATE) +
    pathEl('M7 9h30v18h-7v6H14v-6H7z', NAVY) +
    rect(4, 3, 7, 3, 1, TEAL) +
    rect(33, 3, 7, 3, 1, ACCENT),
  sfp:
    rect(0, 0, 46, 54, 4, METAL) +
    rect(4, 4, 38, 42, 3, NAVY) +
    rect(9, 13, 11, 20, 2, TEAL) +
    rect(26, 13, 11, 20, 2, TEAL) +
    rect(17, 48, 12, 3, 1, LIGHT),
  m12:
    circle(0, 0, 25, METAL) +
    circle(0, 0, 19, EDGE) +
    circle(0, 0, 14, NAVY) +
    dots(
      [
        [-6, -6],
        [6, -6],
        [-6, 6],
        [6, 6],
        [0, 0],
      ],
      EDGE,
      5,
    ),
  m12a:
    circle(0, 0, 25, ACCENT) +
    circle(0, 0, 19, EDGE) +
    circle(0, 0, 14, NAVY) +
    dots(
      [
        [-6, -6],
        [6, -6],
        [0, 7],
      ],
      EDGE,
      5,
    ),
  sfpp: circle(0, 0, 30, METAL) + circle(0, 0, 24, TEAL) + rect(-15, -4, 30, 8, 4, LIGHT),
  db9:
    circle(-11, 17, 6, EDGE) +
    circle(81, 17, 6, EDGE) +
    pathEl('M0 0h70l-7 34H7z', METAL) +
    pathEl('M7 5h56l-5 24H12z', NAVY) +
    dots(
      [
        [17, 12],
        [26, 12],
        [35, 12],
        [44, 12],
        [53, 12],
        [21.5, 22],
        [30.5, 22],
        [39.5, 22],
        [48.5, 22],
      ],
      EDGE,
      4.5,
    ),
  term:
    rect(0, 0, 30, 44, 3, TEAL) +
    rect(3, 4, 24, 22, 3, '#008b8b') +
    circle(15, 15, 8, EDGE) +
    line('M9 15h12', SLATE, 3) +
    rect(8, 31, 14, 8, 2, NAVY),
  screw: rect(0, 0, 36, 40, 4, SLATE) + circle(18, 20, 11, EDGE) + line('M11 20h14M18 13v14', SLATE, 3),
  usb: rect(0, 0, 32, 14, 2, METAL) + rect(4, 4, 24, 6, 0, NAVY),
}

/** One SVG document: collects the parts its drawings use. */
class Doc {
  constructor(w, h, title) {
    Object.assign(this, { w, h, title, used: new Set() })
  }
  use(part, x, y) {
    this.used.add(part)
    return `<use href="#${part}" x="${round(x)}" y="${round(y)}"/>`
  }
  render(body, extra = '') {
    const defs = [...this.used].map((p) => `<g id="${p}">${PARTS[p]}</g>`).join('')
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}"${extra}>` +
      `<title>${this.title}</title>${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>\n`
    )
  }
}

const led = (x, y, color = TEAL) => circle(x, y, 6, color)
/** Little grey bars that stand for printed legends. */
const legend = (x, y, w) => rect(x, y - 3, w, 6, 3, EDGE)
const vents = (x, y, w, rows, color = EDGE) =>
  line(Array.from({ length: rows }, (_, i) => `M${x} ${y + i * 14}h${w}`).join(''), color, 6)

// ---------------------------------------------------------------- devices
// Each device returns { w, h, body, outline }: drawn in its own box, outline is its silhouette for the shadow.

const box = (x, y, w, h, r) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}"/>`

const DEVICES = {
  // DIN-rail Ethernet ring media converter: copper ports above a pair of fibre cages.
  mediaconv(d, { copper = 2, name = 'OFES' } = {}) {
    const rows = copper / 2
    const h = 420 + (rows - 1) * 50
    let s = rect(0, 0, 240, h, 20, NAVY) + rect(16, 16, 208, h - 32, 12, FACE)
    for (let i = 0; i < 4; i++) s += d.use('term', 60 + i * 30, 28)
    s += rect(32, 86, 176, 40, 8, BLUE) + label(120, 114, 22, WHITE, name)
    for (let i = 0; i < 3; i++) {
      s += led(46, 150 + i * 22, i === 2 ? ACCENT : TEAL) + legend(60, 150 + i * 22, 44)
      s += led(136, 150 + i * 22) + legend(150, 150 + i * 22, 44)
    }
    for (let r = 0; r < rows; r++) s += d.use('rj45', 54, 218 + r * 50) + d.use('rj45', 142, 218 + r * 50)
    const fy = 218 + rows * 50 + 8
    s += d.use('sfp', 52, fy) + d.use('sfp', 142, fy)
    s += vents(44, h - 44, 152, 2)
    return { w: 240, h, body: s, outline: box(0, 0, 240, h, 20) }
  },
  // Serial-to-fibre extender: an RS232 D-sub and two fibre paths, A and B.
  fiberext(d, { name = 'SRFX' } = {}) {
    let s = rect(0, 0, 240, 440, 20, BLUE) + rect(16, 16, 208, 408, 12, FACE)
    for (let i = 0; i < 4; i++) s += d.use('term', 60 + i * 30, 28)
    s += rect(32, 86, 176, 40, 8, NAVY) + label(120, 114, 22, WHITE, name)
    for (let i = 0; i < 5; i++)
      s += led(52 + i * 34, 150, i === 4 ? ACCENT : TEAL) + legend(42 + i * 34, 168, 20)
    s += d.use('db9', 85, 196)
    s += d.use('sfp', 52, 264) + d.use('sfp', 142, 264)
    s += label(75, 342, 18, NAVY, 'A') + label(165, 342, 18, NAVY, 'B')
    s += vents(44, 376, 152, 2)
    return { w: 240, h: 440, body: s, outline: box(0, 0, 240, 440, 20) }
  },
  // UHF radio modem: flanged box with a whip antenna and radio-wave arcs.
  uhfmodem(d) {
    let s = rect(0, 380, 480, 56, 12, METAL) + circle(16, 408, 8, LIGHT) + circle(464, 408, 8, LIGHT)
    s += line(
      'M330 48a42 42 0 0 0 0 54M306 30a70 70 0 0 0 0 90M430 48a42 42 0 0 1 0 54M454 30a70 70 0 0 1 0 90',
      TEAL,
      7,
    )
    s += rect(371, 14, 18, 180, 9, SLATE) + rect(365, 172, 30, 30, 8, NAVY) + rect(358, 198, 44, 26, 4, METAL)
    s += rect(30, 220, 420, 240, 18, NAVY) + rect(46, 236, 388, 208, 12, FACE)
    s += rect(66, 256, 140, 38, 8, BLUE) + label(136, 283, 22, WHITE, 'UHF')
    for (let i = 0; i < 4; i++)
      s += led(252 + i * 42, 268, i === 3 ? ACCENT : TEAL) + legend(240 + i * 42, 286, 24)
    s += d.use('db9', 80, 330) + d.use('rj45', 196, 328)
    for (let i = 0; i < 3; i++) s += d.use('term', 272 + i * 30, 324)
    s += vents(70, 404, 340, 2)
    return { w: 480, h: 460, body: s, outline: box(30, 220, 420, 240, 18) }
  },
  // Fanless embedded PC: heat-sink fins over a front I/O panel.
  embeddedpc(d, { extended = false } = {}) {
    let s = rect(44, 310, 60, 12, 4, METAL) + rect(376, 310, 60, 12, 4, METAL)
    s += rect(0, 0, 480, 316, 22, NAVY) + bars(28, 16, 14, 138, 16, 27, '#2b4c7e')
    s += rect(20, 168, 440, 132, 12, FACE)
    s += circle(62, 234, 22, NAVY) + line('M54 226a11 11 0 1 0 16 0M62 221v10', ACCENT, 4)
    s += led(104, 194) + led(124, 194, ACCENT)
    s += d.use('usb', 96, 218) + d.use('usb', 96, 246) + d.use('rj45', 146, 214) + d.use('rj45', 198, 214)
    s += pathEl('M256 222h48v14l-6 6h-36l-6-6z', METAL) + rect(262, 227, 36, 8, 2, NAVY)
    s += extended ? d.use('db9', 348, 192) + d.use('db9', 348, 248) : d.use('db9', 348, 214)
    s += legend(150, 274, 90) + legend(258, 274, 50)
    return { w: 480, h: 322, body: s, outline: box(0, 0, 480, 316, 22) }
  },
  // Miniature multi-sensor controller: small box with terminal rows top and bottom.
  minisensor(d, { probe = false } = {}) {
    let s = ''
    if (probe) s += line('M300 170C380 170 380 250 440 250', NAVY, 9) + rect(436, 238, 90, 24, 12, METAL)
    s += rect(0, 24, 320, 232, 22, NAVY) + rect(16, 40, 288, 200, 14, FACE)
    for (let i = 0; i < 6; i++) s += d.use('term', 70 + i * 30, 4) + d.use('term', 70 + i * 30, 236)
    s += rect(36, 68, 124, 34, 8, TEAL) + label(98, 93, 20, WHITE, 'MSC')
    s += rect(206, 62, 16, 56, 8, NAVY) + circle(214, 122, 13, NAVY) + circle(214, 122, 7, ACCENT)
    s += pathEl('M262 66c10 14 16 22 16 30a16 16 0 0 1-32 0c0-8 6-16 16-30z', BLUE)
    for (let i = 0; i < 5; i++) s += led(52 + i * 26, 150, i === 4 ? ACCENT : TEAL)
    s += rect(204, 143, 40, 14, 7, METAL) + legend(40, 190, 120) + legend(204, 190, 70)
    return { w: probe ? 530 : 320, h: 280, body: s, outline: box(0, 24, 320, 232, 22) }
  },
  // VidyuRaksha 2.0: a wall-mount power controller with a 16A socket and status ring.
  vidyuraksha() {
    let s = rect(0, 0, 300, 400, 36, NAVY) + rect(12, 72, 276, 316, 26, WHITE)
    s += label(150, 46, 24, WHITE, 'VidyuRaksha') + circle(264, 38, 6, TEAL)
    s += circle(150, 200, 92, LIGHT, stroked(EDGE, 2))
    s += line('M150 108a92 92 0 1 1-92 92', TEAL, 7)
    s += circle(150, 200, 68, WHITE, stroked(EDGE, 3))
    s += circle(150, 170, 15, NAVY) + circle(118, 226, 11, NAVY) + circle(182, 226, 11, NAVY)
    s += rect(104, 318, 92, 40, 20, BLUE) + line('M142 328a11 11 0 1 0 16 0M150 324v12', WHITE, 4)
    s += circle(60, 338, 7, TEAL) + circle(240, 338, 7, ACCENT)
    return { w: 300, h: 400, body: s, outline: box(0, 0, 300, 400, 36) }
  },
  // Compact multi-sensor controller: sixteen analog input terminals across the top.
  compactsensor(d) {
    let s = rect(0, 24, 560, 332, 22, NAVY) + rect(18, 42, 524, 296, 14, FACE)
    for (let i = 0; i < 16; i++) s += d.use('term', 40 + i * 30, 0)
    for (let i = 0; i < 8; i++) s += d.use('term', 40 + i * 30, 334)
    s += rect(40, 62, 170, 36, 8, BLUE) + label(125, 88, 20, WHITE, 'CMSC')
    s += rect(40, 114, 200, 112, 10, NAVY) + rect(50, 124, 180, 92, 6, TEAL)
    s += line('M62 196l30-24 26 14 30-34 30 20 40-26', WHITE, 5) + rect(62, 136, 70, 8, 4, WHITE)
    const pts = []
    for (let r = 0; r < 2; r++) for (let c = 0; c < 8; c++) pts.push([284 + c * 30, 134 + r * 30])
    s +=
      dots(pts, TEAL, 12) +
      dots(
        [
          [464, 164],
          [284, 134],
        ],
        ACCENT,
        12,
      )
    s += legend(280, 200, 220)
    s += d.use('usb', 290, 244) + d.use('rj45', 392, 236) + d.use('rj45', 448, 236)
    s += vents(44, 262, 200, 2)
    return { w: 560, h: 380, body: s, outline: box(0, 24, 560, 332, 22) }
  },
  // Rugged sealed switch: M12 connectors in rows, optional sealed 10G uplinks, fins along the top.
  switchm12(d, { rows = 2, cols = 8, uplinks = 0, name = 'IP67' } = {}) {
    const gw = cols * 64
    const uw = uplinks ? 170 : 0
    const bw = gw + uw + 80
    const w = bw + 60
    const ph = rows * 66 + 96
    const h = ph + 104
    let s = rect(0, 60, w, h - 120, 14, METAL)
    for (const y of [92, h - 92]) s += circle(15, y, 7, LIGHT) + circle(w - 15, y, 7, LIGHT)
    s += rect(30, 0, bw, h, 24, NAVY) + bars(52, 14, 12, 54, Math.floor((bw - 40) / 24), 24, '#2b4c7e')
    s += rect(50, 84, bw - 40, ph, 14, SLATE)
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) s += d.use('m12', 102 + c * 64, 126 + r * 66)
    for (let i = 0; i < uplinks; i++)
      s += d.use('sfpp', 102 + gw + 34 + (i % 2) * 76, 126 + Math.floor(i / 2) * 76)
    const by = 126 + rows * 66 + 12
    s += d.use('m12a', 102, by) + d.use('m12a', 166, by)
    const ledPts = Array.from({ length: 8 }, (_, i) => [226 + i * 24, by])
    s +=
      dots(ledPts, TEAL, 12) +
      rect(bw - 110, by - 20, 120, 40, 8, BLUE) +
      label(bw - 50, by + 8, 20, WHITE, name)
    return { w, h, body: s, outline: box(30, 0, bw, h, 24) }
  },
  // DIN-rail switch with RJ45 ports in two rows and an optional SFP pair.
  switchrj(d, { cols = 8, sfp = 0, name = 'PoE+' } = {}) {
    const w = 72 + cols * 52 - 8 + (sfp ? sfp * 54 + 20 : 0)
    const h = 250
    let s = rect(0, 0, w, h, 20, NAVY) + rect(16, 16, w - 32, h - 32, 12, FACE)
    for (let i = 0; i < 4; i++) s += d.use('term', 36 + i * 30, 30)
    s += rect(172, 34, 130, 36, 8, ACCENT) + label(237, 60, 20, NAVY, name)
    s +=
      dots(
        [
          [w - 120, 52],
          [w - 96, 52],
          [w - 72, 52],
        ],
        TEAL,
        12,
      ) + dots([[w - 48, 52]], ACCENT, 12)
    for (let r = 0; r < 2; r++) for (let c = 0; c < cols; c++) s += d.use('rj45', 36 + c * 52, 102 + r * 52)
    for (let i = 0; i < sfp; i++) s += d.use('sfp', 36 + cols * 52 + 12 + i * 54, 128)
    s += legend(36, 96, 120)
    return { w, h, body: s, outline: box(0, 0, w, h, 20) }
  },
  // Slim DIN-rail managed switch: eight RJ45 in a column pair and two SFP uplinks.
  switchdin(d) {
    let s = rect(0, 0, 260, 520, 20, NAVY) + rect(16, 16, 228, 488, 12, FACE)
    for (let i = 0; i < 4; i++) s += d.use('term', 70 + i * 30, 28)
    s += rect(34, 86, 192, 38, 8, BLUE) + label(130, 113, 20, WHITE, 'L2 MANAGED')
    s +=
      dots(
        [
          [52, 146],
          [76, 146],
          [100, 146],
        ],
        TEAL,
        12,
      ) +
      dots([[124, 146]], ACCENT, 12) +
      legend(150, 146, 70)
    for (let r = 0; r < 4; r++) s += d.use('rj45', 58, 170 + r * 50) + d.use('rj45', 158, 170 + r * 50)
    s += d.use('sfp', 56, 378) + d.use('sfp', 156, 378)
    s += vents(46, 458, 168, 2)
    return { w: 260, h: 520, body: s, outline: box(0, 0, 260, 520, 20) }
  },
  // DIN-rail 24V supply with two AC inputs, a vent grille and an output terminal row.
  psu(d, { amps = '10A' } = {}) {
    const w = { '5A': 280, '10A': 340, '20A': 420 }[amps]
    const n = Math.floor((w - 40) / 40)
    let s = rect(0, 0, w, 440, 16, '#c5d0dc') + rect(10, 10, w - 20, 420, 10, '#e9eef4')
    for (let i = 0; i < 6; i++) s += d.use('screw', (w - 6 * 40) / 2 + i * 40 + 2, 22)
    s += label(w / 2 - 60, 84, 14, SLATE, 'IN 1') + label(w / 2 + 60, 84, 14, SLATE, 'IN 2')
    s += bars(30, 100, 8, 40, Math.floor((w - 60) / 18), 18, METAL)
    s +=
      rect(26, 158, w - 52, 120, 10, NAVY) +
      label(w / 2, 214, 30, WHITE, '24V DC') +
      label(w / 2, 252, 24, TEAL, amps)
    s +=
      led(44, 306) +
      legend(58, 306, 50) +
      circle(w - 50, 306, 14, METAL) +
      line(`M${w - 58} 306h16`, SLATE, 4)
    for (let i = 0; i < n; i++) s += d.use('screw', (w - n * 40) / 2 + i * 40 + 2, 370)
    s += label(w / 2, 356, 14, SLATE, '+  +  −  −')
    return { w, h: 440, body: s, outline: box(0, 0, w, 440, 16) }
  },
  // Display controller: a panel display showing a role-aware dashboard on a short stand.
  displayctrl() {
    let s = pathEl('M250 400h100l30 46H220z', SLATE) + rect(170, 440, 260, 18, 9, NAVY)
    s += rect(0, 0, 600, 404, 24, NAVY) + rect(24, 24, 552, 322, 8, LIGHT)
    s += rect(24, 24, 552, 44, 8, BLUE) + rect(24, 52, 552, 16, 0, BLUE)
    s +=
      rect(40, 40, 100, 12, 6, WHITE) +
      circle(548, 46, 12, WHITE) +
      circle(516, 46, 12, WHITE, { opacity: 0.5 })
    s += rect(24, 68, 92, 278, 0, SOFT)
    for (let i = 0; i < 4; i++) s += rect(38, 86 + i * 40, 64, 22, 6, i === 0 ? TEAL : WHITE)
    for (let i = 0; i < 3; i++)
      s +=
        rect(132 + i * 148, 84, 132, 72, 10, WHITE) +
        rect(146 + i * 148, 100, 60, 10, 5, EDGE) +
        rect(146 + i * 148, 122, 90, 16, 8, i === 1 ? ACCENT : TEAL)
    s += rect(132, 172, 280, 158, 10, WHITE) + line('M150 300l44-50 40 24 46-66 46 30 44-50', TEAL, 6)
    s += rect(428, 172, 132, 158, 10, WHITE) + circle(494, 240, 40, 'none', stroked(EDGE, 16))
    s += line('M494 200a40 40 0 0 1 38 52', BLUE, 16, { 'stroke-linecap': 'butt' })
    s += rect(458, 296, 72, 10, 5, EDGE)
    for (let i = 0; i < 4; i++) s += rect(200 + i * 56, 362, 40, 24, 8, SLATE)
    s += led(60, 374) + led(84, 374, ACCENT) + rect(470, 362, 90, 24, 8, TEAL)
    return { w: 600, h: 458, body: s, outline: box(0, 0, 600, 404, 24) }
  },
  // Serial interface cards: a PCIe card with two D-subs and the isolated USB-to-UART module.
  serialcards(_d, { show = 'both' } = {}) {
    const card = (y) =>
      rect(0, y, 26, 250, 3, EDGE) +
      rect(0, y, 60, 14, 3, EDGE) +
      rect(120, y + 212, 260, 30, 3, ACCENT) +
      line(bars0(132, y + 218, 12, 20), '#c78208', 4) +
      rect(26, y + 20, 500, 196, 12, '#007f80') +
      rect(26, y + 40, 44, 72, 4, METAL) +
      rect(26, y + 128, 44, 72, 4, METAL) +
      rect(170, y + 60, 100, 100, 8, NAVY) +
      label(220, y + 117, 18, WHITE, 'UART') +
      line(`M320 ${y + 36}v164`, ACCENT, 4, { 'stroke-dasharray': '10 10' }) +
      rect(350, y + 70, 60, 40, 6, NAVY) +
      rect(350, y + 130, 60, 40, 6, NAVY) +
      dots(
        Array.from({ length: 8 }, (_, i) => [440 + (i % 4) * 18, y + 90 + Math.floor(i / 4) * 18]),
        EDGE,
        7,
      )
    const module = (y) =>
      rect(0, y + 34, 76, 50, 4, METAL) +
      rect(10, y + 48, 12, 10, 0, SLATE) +
      rect(44, y + 48, 12, 10, 0, SLATE) +
      rect(66, y, 330, 118, 22, NAVY) +
      label(220, y + 52, 22, WHITE, 'UART-ISL-300') +
      label(220, y + 82, 15, TEAL, 'ISOLATED USB–UART') +
      line(`M166 ${y + 96}h108`, ACCENT, 5, { 'stroke-dasharray': '8 8' }) +
      led(360, y + 26) +
      led(360, y + 48, ACCENT) +
      rect(396, y + 22, 36, 74, 6, SLATE) +
      dots(
        [
          [414, y + 38],
          [414, y + 58],
          [414, y + 78],
        ],
        ACCENT,
        8,
      )
    if (show === 'pcie') return { w: 526, h: 250, body: card(0), outline: box(26, 20, 500, 196, 12) }
    if (show === 'usb') return { w: 432, h: 118, body: module(0), outline: box(66, 0, 330, 118, 22) }
    return {
      w: 526,
      h: 430,
      body: card(0) + module(312),
      outline: box(26, 20, 500, 196, 12) + box(66, 312, 330, 118, 22),
    }
  },
}
/** Gold-finger separators. */
const bars0 = (x, y, step, count) =>
  Array.from({ length: count }, (_, i) => `M${x + i * step} ${y}v18`).join('')

/** Places a device to fit a w × h box centred on (cx, cy), with its offset shadow. */
function placeDevice(doc, dev, cx, cy, w, h, shadow = true) {
  const [kind, opts] = dev
  const g = DEVICES[kind](doc, opts)
  const s = Math.min(w / g.w, h / g.h)
  const x = cx - (g.w * s) / 2
  const y = cy - (g.h * s) / 2
  const shade = shadow
    ? group(at(x + 16 * s + 4, y + 14 * s + 6, s), g.outline, { fill: NAVY, opacity: 0.15 })
    : ''
  return { svg: shade + group(at(x, y, s), g.body), x, y, w: g.w * s, h: g.h * s }
}

// ---------------------------------------------------------------- backdrops and props (as in smart-home.mjs)

function backdrop(w, h, disc = { x: w * 0.62, y: h * 0.5, r: Math.min(w, h) * 0.42 }) {
  return (
    rect(0, 0, w, h, 0, LIGHT) +
    circle(disc.x, disc.y, disc.r, SOFT) +
    circle(disc.x, disc.y, disc.r * 1.12, 'none', { ...stroked(TEAL, 3), opacity: 0.25 }) +
    circle(w * 0.08, h * 0.12, Math.min(w, h) * 0.05, TEAL, { opacity: 0.12 })
  )
}
const card = (x, y, w, h, r = 18, fill = WHITE) =>
  rect(x + 6, y + 8, w, h, r, '#d3dce6') + rect(x, y, w, h, r, fill)
const stepBadge = (n) => circle(96, 96, 48, NAVY) + label(96, 113, 48, WHITE, n)
function arrow(x1, y1, x2, y2, color = TEAL) {
  const a = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI
  return (
    line(`M${round(x1)} ${round(y1)}L${round(x2)} ${round(y2)}`, color, 8, { 'stroke-dasharray': '2 16' }) +
    group(`translate(${round(x2)} ${round(y2)}) rotate(${round(a)})`, pathEl('M6 0l-26-16v32z', color))
  )
}
/** A DIN rail across the picture at height y. */
const dinRail = (x, y, w) =>
  rect(x, y, w, 64, 4, METAL) +
  rect(x, y + 10, w, 44, 0, '#c5d0dc') +
  bars(x + 30, y + 24, 40, 16, Math.floor((w - 40) / 80), 80, '#8e9cad', { rx: 4 })
/** A wall plate with four screws, for devices that mount flat. */
const wallPlate = (x, y, w, h) =>
  rect(x, y, w, h, 18, WHITE, stroked(EDGE, 3)) +
  dots(
    [
      [x + 30, y + 30],
      [x + w - 30, y + 30],
      [x + 30, y + h - 30],
      [x + w - 30, y + h - 30],
    ],
    METAL,
    16,
  )
/** A laptop (560 × 380) with `screen` drawn in its 528 × 318 screen area. */
const laptop = (x, y, s, screen) =>
  group(
    at(x, y, s),
    rect(0, 0, 560, 350, 20, NAVY) +
      rect(16, 16, 528, 318, 8, '#f7f9fc') +
      group('translate(16 16)', screen) +
      pathEl('M-40 350h640l-34 30H-6z', '#c5d0dc') +
      rect(230, 350, 100, 8, 4, METAL),
  )
/** Configuration screen: a settings list and a large tick. */
const configScreen = () =>
  rect(0, 0, 528, 46, 0, BLUE) +
  rect(20, 17, 110, 12, 6, WHITE) +
  [0, 1, 2]
    .map(
      (i) =>
        rect(24, 78 + i * 62, 240, 44, 10, WHITE, stroked(EDGE, 2)) +
        rect(40, 96 + i * 62, 120 - i * 20, 10, 5, '#9aa8b8') +
        circle(240, 100 + i * 62, 8, TEAL),
    )
    .join('') +
  circle(400, 170, 74, TEAL, { opacity: 0.15 }) +
  circle(400, 170, 52, TEAL) +
  line('M374 170l18 20 34-38', WHITE, 10)
/** Cables leaving the bottom of a placed device. */
function cables(p, H, colors = [TEAL, BLUE, NAVY]) {
  return colors
    .map((c, i) => {
      const x = p.x + p.w * (0.3 + i * 0.2)
      const y = p.y + p.h * 0.7
      return line(
        `M${round(x)} ${round(y)}C${round(x)} ${round(y + 260)} ${round(x + (i - 1) * 160)} ${round(H - 160)} ${round(x + (i - 1) * 200)} ${H + 20}`,
        c,
        16,
      )
    })
    .join('')
}

// ---------------------------------------------------------------- magnified details for catalogue pictures
// Each detail is drawn around (0, 0) inside a radius of about 100.

const DETAILS = {
  rj45: (d) => group('scale(3)', d.use('rj45', -22, -19)),
  sfp: (d) => group('scale(2.6)', d.use('sfp', -23, -27)),
  m12: (d) => group('scale(3.4)', d.use('m12', 0, 0)),
  m12a: (d) => group('scale(3.4)', d.use('m12a', 0, 0)),
  sfpp: (d) => group('scale(2.8)', d.use('sfpp', 0, 0)),
  db9: (d) => group('scale(1.9)', d.use('db9', -35, -17)),
  term: (d) =>
    group('scale(1.8)', d.use('term', -45, -22) + d.use('term', -15, -22) + d.use('term', 15, -22)),
  screw: (d) => group('scale(2)', d.use('screw', -38, -20) + d.use('screw', 2, -20)),
  usb: (d) => group('scale(3.2)', d.use('usb', -16, -7)),
  antenna: () =>
    rect(-12, -90, 24, 150, 12, SLATE) +
    rect(-22, 40, 44, 44, 8, NAVY) +
    line(
      'M-40-60a50 50 0 0 0 0 70M-66-80a84 84 0 0 0 0 110M40-60a50 50 0 0 1 0 70M66-80a84 84 0 0 1 0 110',
      TEAL,
      8,
    ),
  socket: () =>
    circle(0, 0, 90, WHITE, stroked(EDGE, 4)) +
    circle(0, -30, 18, NAVY) +
    circle(-38, 34, 13, NAVY) +
    circle(38, 34, 13, NAVY),
  app: () =>
    rect(-56, -96, 112, 192, 18, NAVY) +
    rect(-46, -80, 92, 160, 10, LIGHT) +
    circle(0, -30, 30, 'none', stroked(TEAL, 10)) +
    rect(-30, 28, 60, 30, 15, TEAL) +
    circle(15, 43, 11, WHITE),
  fins: () => rect(-90, -70, 180, 140, 12, NAVY) + bars(-78, -60, 14, 120, 6, 28, '#2b4c7e'),
  screen: () =>
    rect(-90, -64, 180, 128, 10, NAVY) +
    rect(-78, -52, 156, 104, 6, TEAL) +
    line('M-62 30l34-28 28 16 30-36 40 22', WHITE, 7),
  roles: () =>
    [-52, 0, 52]
      .map(
        (x, i) =>
          circle(x, -26, 18, i === 1 ? BLUE : TEAL) +
          pathEl(`M${x - 30} 30a30 30 0 0 1 60 0z`, i === 1 ? BLUE : TEAL),
      )
      .join('') +
    rect(-24, 44, 48, 36, 6, ACCENT) +
    line('M-12 44v-12a12 12 0 0 1 24 0v12', ACCENT, 6),
  probe: () => line('M-90-40C-30-40-30 40 30 40', NAVY, 12) + rect(24, 26, 76, 28, 14, METAL),
  iso: () =>
    rect(-92, -50, 70, 100, 10, NAVY) +
    rect(22, -50, 70, 100, 10, NAVY) +
    line('M0-80v160', ACCENT, 8, { 'stroke-dasharray': '14 12' }) +
    line('M-22 0h44', TEAL, 6),
}

// ---------------------------------------------------------------- application scenes (drawn in a 1000 × 700 box)

const ground = rect(0, 560, 1000, 140, 0, '#dfe6ee')
const hotspot = (x, y) => circle(x, y, 22, TEAL, { opacity: 0.25 }) + circle(x, y, 11, TEAL)
const SCENES = {
  rail: {
    spot: [270, 446],
    draw: () =>
      ground +
      rect(880, 160, 14, 410, 0, METAL) +
      rect(780, 176, 114, 8, 0, METAL) +
      line('M0 214H1000', NAVY, 3) +
      line('M340 362l40-146 40 146M360 212h40', NAVY, 5) +
      rect(300, 356, 130, 20, 6, EDGE) +
      pathEl('M120 376H660a20 20 0 0 1 20 20V546H60V456Q60 376 120 376Z', WHITE, stroked(EDGE, 3)) +
      rect(700, 376, 320, 170, 20, WHITE, stroked(EDGE, 3)) +
      rect(60, 486, 960, 18, 0, BLUE) +
      pathEl('M76 450Q80 400 130 396H170V450Z', NAVY) +
      bars(200, 406, 52, 42, 6, 74, NAVY, { rx: 6 }) +
      bars(730, 406, 52, 42, 3, 74, NAVY, { rx: 6 }) +
      dots(
        [
          [130, 552],
          [200, 552],
          [540, 552],
          [610, 552],
          [760, 552],
          [830, 552],
        ],
        NAVY,
        36,
      ) +
      rect(0, 570, 1000, 8, 0, NAVY) +
      line('M0 590H1000', METAL, 12, { 'stroke-dasharray': '14 26', 'stroke-linecap': 'butt' }),
  },
  factory: {
    spot: [160, 430],
    draw: () =>
      ground +
      rect(600, 170, 40, 250, 0, EDGE) +
      circle(640, 140, 30, WHITE) +
      circle(676, 114, 22, WHITE) +
      pathEl('M40 560V300l130-70v70l130-70v70l130-70v70l130-70v330z', WHITE, stroked(EDGE, 4)) +
      line('M170 232v68M300 232v68M430 232v68', BLUE, 6) +
      rect(90, 360, 140, 200, 10, NAVY) +
      bars(110, 384, 30, 44, 3, 36, TEAL, { rx: 4 }) +
      dots(
        [
          [120, 460],
          [144, 460],
          [168, 460],
        ],
        ACCENT,
        10,
      ) +
      rect(580, 474, 340, 22, 11, NAVY) +
      dots(
        [
          [600, 485],
          [660, 485],
          [720, 485],
          [780, 485],
          [840, 485],
          [900, 485],
        ],
        EDGE,
        12,
      ) +
      rect(620, 430, 50, 44, 6, ACCENT) +
      rect(740, 430, 50, 44, 6, TEAL) +
      line('M944 548L900 420L820 380', BLUE, 22) +
      rect(800, 370, 30, 40, 6, ACCENT) +
      rect(904, 540, 80, 22, 8, NAVY),
  },
  grid: {
    spot: [870, 450],
    draw: () =>
      ground +
      line(
        'M110 560L200 170L290 560M140 430h120M160 330h80M178 250h44M130 500L250 400M270 500L150 400M100 240h200M130 196h140',
        NAVY,
        6,
      ) +
      line('M100 240Q420 320 760 250M300 240Q600 330 1000 260', NAVY, 2.5) +
      [380, 560]
        .map(
          (x) =>
            rect(x, 420, 150, 140, 10, METAL) +
            bars(x + 14, 440, 10, 100, 6, 22, '#8e9cad') +
            rect(x + 30, 390, 16, 32, 4, NAVY) +
            rect(x + 104, 390, 16, 32, 4, NAVY),
        )
        .join('') +
      pathEl('M770 380l100-50 100 50z', NAVY) +
      rect(780, 380, 180, 180, 8, WHITE, stroked(EDGE, 3)) +
      rect(800, 410, 44, 120, 6, SLATE) +
      line('M880 600Q600 660 120 630', TEAL, 6, { 'stroke-dasharray': '16 12' }),
  },
  building: {
    spot: [230, 380],
    draw: () =>
      ground +
      pathEl('M60 320L330 160L600 320z', NAVY) +
      rect(90, 310, 480, 250, 10, WHITE, stroked(EDGE, 3)) +
      rect(140, 344, 180, 56, 14, LIGHT, stroked(EDGE, 3)) +
      line('M160 384h140', EDGE, 4) +
      rect(400, 340, 80, 140, 34, FACE, stroked(EDGE, 3)) +
      rect(400, 396, 80, 10, 0, BLUE) +
      rect(130, 440, 90, 120, 6, BLUE) +
      rect(660, 440, 180, 120, 12, EDGE) +
      circle(730, 500, 40, NAVY) +
      circle(730, 500, 14, METAL) +
      bars(790, 460, 8, 80, 3, 16, METAL) +
      rect(900, 200, 14, 360, 0, METAL) +
      line('M907 220Q750 260 580 300', NAVY, 3),
  },
  control: {
    spot: [500, 290],
    draw: () =>
      ground +
      rect(120, 140, 760, 280, 16, NAVY) +
      rect(140, 160, 720, 240, 8, '#123a6b') +
      line('M180 360l80-90 70 40 90-110 80 60 80-70', TEAL, 8) +
      bars(640, 200, 60, 50, 3, 70, '#2b4c7e', { rx: 8 }) +
      bars(640, 270, 60, 50, 3, 70, '#2b4c7e', { rx: 8 }) +
      rect(80, 520, 840, 26, 10, NAVY) +
      rect(120, 546, 20, 60, 0, SLATE) +
      rect(860, 546, 20, 60, 0, SLATE) +
      [180, 420, 660]
        .map(
          (x) =>
            rect(x, 420, 180, 100, 12, SLATE) +
            rect(x + 12, 432, 156, 72, 6, LIGHT) +
            rect(x + 28, 448, 60, 10, 5, TEAL),
        )
        .join(''),
  },
  lab: {
    spot: [220, 400],
    draw: () =>
      ground +
      rect(60, 500, 880, 26, 10, NAVY) +
      rect(100, 526, 20, 80, 0, SLATE) +
      rect(880, 526, 20, 80, 0, SLATE) +
      rect(120, 280, 160, 220, 14, NAVY) +
      vents(144, 312, 112, 3, '#2b4c7e') +
      rect(150, 380, 100, 70, 6, TEAL, { opacity: 0.35 }) +
      rect(330, 270, 300, 190, 14, NAVY) +
      rect(344, 284, 272, 162, 6, LIGHT) +
      bars(364, 306, 160, 10, 1, 0, '#9aa8b8', { rx: 5 }) +
      [0, 1, 2, 3]
        .map((i) => rect(364, 330 + i * 26, 220 - i * 40, 10, 5, i % 2 ? TEAL : '#9aa8b8'))
        .join('') +
      rect(450, 460, 60, 40, 0, METAL) +
      rect(680, 360, 240, 140, 14, EDGE) +
      rect(700, 380, 130, 96, 8, NAVY) +
      line('M712 430c12-30 22-30 34 0s22 30 34 0 22-30 34 0', TEAL, 5) +
      dots(
        [
          [872, 400],
          [872, 450],
        ],
        SLATE,
        26,
      ) +
      line('M280 470C400 560 640 560 700 500', TEAL, 6),
  },
}

/** Application picture: the scene, and a card holding the device linked to the scene's hotspot. */
function application(doc, dev, sceneName, mobile) {
  const scene = SCENES[sceneName]
  const [sx, sy] = scene.spot
  if (!mobile) {
    const c = placeDevice(doc, dev, 1330, 450, 370, 440)
    return (
      rect(0, 0, 1600, 900, 0, LIGHT) +
      rect(0, 690, 1600, 210, 0, '#dfe6ee') +
      group(at(40, 130), scene.draw()) +
      arrow(40 + sx + 30, 130 + sy, 1120, 450) +
      hotspot(40 + sx, 130 + sy) +
      card(1120, 170, 420, 560, 28) +
      c.svg
    )
  }
  const s = 0.9
  const c = placeDevice(doc, dev, 450, 880, 620, 300)
  return (
    rect(0, 0, 900, 1100, 0, LIGHT) +
    rect(0, 544, 900, 556, 0, '#dfe6ee') +
    group(at(0, 40, s), scene.draw()) +
    arrow(sx * s, 40 + sy * s + 30, sx * s, 680) +
    hotspot(sx * s, 40 + sy * s) +
    card(70, 700, 760, 360, 28) +
    c.svg
  )
}

/** Installation step picture (1200 × 800). */
function install(doc, dev, mount, step) {
  let s = backdrop(1200, 800, { x: 600, y: 420, r: 330 }) + stepBadge(String(step))
  if (mount === 'slot') {
    if (step === 1) {
      s +=
        rect(160, 560, 880, 200, 18, '#007f80') +
        rect(300, 600, 600, 34, 6, NAVY) +
        rect(340, 606, 520, 22, 4, SLATE)
      const c = placeDevice(doc, ['serialcards', { show: 'pcie' }], 600, 340, 620, 330)
      return s + c.svg + arrow(1000, 260, 1000, 560, ACCENT)
    }
    if (step === 2) {
      const c = placeDevice(doc, ['serialcards', { show: 'usb' }], 360, 420, 480, 200)
      return s + c.svg + laptop(700, 260, 0.75, configScreen()) + arrow(630, 420, 720, 420, ACCENT)
    }
    return s + laptop(320, 220, 1, configScreen())
  }
  const rail = mount === 'din'
  const cx = step === 3 ? 400 : 600
  const mountArt = rail ? dinRail(80, 400, 1040) : wallPlate(cx - 300, 150, 600, 520)
  if (step === 1) {
    const c = placeDevice(doc, dev, 600, 350, 420, 400)
    return s + mountArt + c.svg + arrow(rail ? 940 : 980, 220, rail ? 940 : 980, 470, ACCENT)
  }
  const c = placeDevice(doc, dev, cx, 430, 420, 460)
  if (step === 2) return s + mountArt + cables(c, 800) + c.svg
  return (
    s +
    mountArt +
    c.svg +
    line('M620 430H760', TEAL, 8, { 'stroke-dasharray': '2 16' }) +
    laptop(740, 300, 0.72, configScreen())
  )
}

/** Catalogue picture (900 × 675): the device, a magnified detail and an optional badge. */
function catalogue(doc, dev, detail, badge) {
  let s = backdrop(900, 675, { x: 420, y: 360, r: 260 })
  const c = placeDevice(
    doc,
    dev,
    detail ? 310 : 450,
    detail ? 390 : 370,
    detail ? 440 : 640,
    detail ? 420 : 460,
  )
  s += c.svg
  if (detail) {
    s += line(`M${round(c.x + c.w * 0.75)} ${round(c.y + c.h * 0.4)}L620 260`, TEAL, 4, {
      'stroke-dasharray': '2 12',
    })
    s +=
      circle(721, 216, 140, '#d3dce6') +
      circle(715, 208, 140, WHITE, stroked(TEAL, 8)) +
      group('translate(715 208) scale(0.93)', DETAILS[detail](doc))
  }
  if (badge) {
    const w = 60 + badge.length * 16
    s +=
      rect(860 - w + 6, 584, w, 60, 30, '#d3dce6') +
      rect(860 - w, 576, w, 60, 30, NAVY) +
      label(860 - w / 2, 615, 26, WHITE, badge)
  }
  return s
}

// ---------------------------------------------------------------- web-app screens (display controllers)

function webDashboard() {
  let s =
    rect(0, 0, 528, 46, 0, BLUE) +
    rect(20, 17, 110, 12, 6, WHITE) +
    circle(500, 23, 11, WHITE, { opacity: 0.6 })
  for (let k = 0; k < 3; k++)
    s +=
      rect(20 + k * 124, 64, 110, 74, 12, WHITE, stroked(EDGE, 2)) +
      rect(34 + k * 124, 80, 50, 10, 5, '#9aa8b8') +
      rect(34 + k * 124, 104, 76, 18, 9, k === 2 ? ACCENT : TEAL)
  s +=
    rect(20, 154, 358, 146, 12, WHITE, stroked(EDGE, 2)) +
    line('M40 270l50-50 46 26 52-70 50 36 60-56 60 30', TEAL, 6)
  s += rect(392, 64, 116, 236, 12, WHITE, stroked(EDGE, 2))
  for (let k = 0; k < 4; k++)
    s += circle(420, 98 + k * 52, 14, k === 0 ? BLUE : TEAL) + rect(442, 92 + k * 52, 50, 10, 5, '#9aa8b8')
  return s
}
const tablet = (x, y, s) =>
  group(
    at(x, y, s),
    rect(0, 0, 300, 400, 26, NAVY) +
      rect(16, 20, 268, 356, 10, '#f7f9fc') +
      rect(16, 20, 268, 40, 0, BLUE) +
      bars(36, 84, 108, 80, 2, 120, TEAL, { opacity: 0.8 }) +
      rect(36, 184, 228, 160, 10, WHITE, stroked(EDGE, 2)) +
      line('M52 320l46-50 40 24 50-60 56 34', TEAL, 6),
  )
const phone = (x, y, s) =>
  group(
    at(x, y, s),
    rect(0, 0, 180, 360, 28, NAVY) +
      rect(12, 16, 156, 328, 18, '#f7f9fc') +
      rect(12, 16, 156, 44, 0, BLUE) +
      [0, 1, 2]
        .map(
          (i) =>
            rect(28, 80 + i * 82, 124, 66, 12, WHITE, stroked(EDGE, 2)) +
            rect(42, 96 + i * 82, 60, 10, 5, '#9aa8b8') +
            rect(42, 118 + i * 82, 90, 14, 7, i === 1 ? ACCENT : TEAL),
        )
        .join(''),
  )

// ---------------------------------------------------------------- compliance badges (240 × 120)

const BADGE_ICONS = {
  rail:
    rect(-26, -30, 52, 50, 14, NAVY) +
    rect(-18, -22, 36, 18, 4, WHITE) +
    dots(
      [
        [-12, 8],
        [12, 8],
      ],
      ACCENT,
      8,
    ) +
    line('M-22 32l8-10M22 32l-8-10', NAVY, 5),
  drop:
    pathEl('M0-34c16 20 26 32 26 44a26 26 0 0 1-52 0c0-12 10-24 26-44z', BLUE) +
    line('M-10 12a10 10 0 0 0 10 10', WHITE, 4),
  leaf: pathEl('M-26 26C-30-16 0-34 30-30 34 4 14 30-26 26z', TEAL) + line('M-24 24L14-12', WHITE, 4),
  poe:
    rect(-26, -20, 52, 40, 6, SLATE) +
    pathEl('M-16-8h32v14h-8v8h-16v-8h-8z', NAVY) +
    pathEl('M8-40L-6-8h10L-2 18 16-16H6z', ACCENT),
  wheel:
    circle(0, 0, 28, 'none', stroked(BLUE, 6)) +
    circle(0, 0, 6, BLUE) +
    line('M0-28V28M-28 0H28M-20-20L20 20M20-20L-20 20', BLUE, 3),
}
const BADGES = {
  en50155: {
    icon: 'rail',
    title: 'EN 50155',
    sub: 'RAILWAY DESIGN',
    label: 'Designed to EN 50155 for rolling stock',
  },
  ip67: { icon: 'drop', title: 'IP67', sub: 'DUST &amp; WATER', label: 'IP67 dust and water protection' },
  ip68: { icon: 'drop', title: 'IP68', sub: 'SEALED', label: 'IP68 sealed enclosure' },
  rohs: { icon: 'leaf', title: 'RoHS', sub: 'COMPLIANT', label: 'RoHS compliant' },
  poe: { icon: 'poe', title: 'PoE', sub: 'IEEE 802.3', label: 'IEEE 802.3 Power over Ethernet' },
  madeinindia: { icon: 'wheel', title: 'INDIA', sub: 'MADE IN', label: 'Made in India', subFirst: true },
}
function badge(key) {
  const b = BADGES[key]
  const text = b.subFirst
    ? label(158, 54, 14, TEAL, b.sub) + label(158, 84, 28, NAVY, b.title)
    : label(158, 64, b.title.length > 6 ? 25 : 30, NAVY, b.title) + label(158, 88, 13, TEAL, b.sub)
  return (
    rect(4, 4, 232, 112, 20, WHITE, stroked(EDGE, 3)) +
    group('translate(58 60) scale(0.85)', BADGE_ICONS[b.icon]) +
    text
  )
}

// ---------------------------------------------------------------- the products

/** Per product: device drawing, how it mounts, catalogue entries [device, detail, badge], application scene. */
const PRODUCTS = {
  ethernetringbasedprotocolmediaconvertor: {
    title: 'Ethernet Ring based Protocol Media Convertor',
    dev: ['mediaconv', {}],
    mount: 'din',
    catalog: [
      [['mediaconv', {}], 'sfp', '2 + 2'],
      [['mediaconv', { copper: 4 }], 'rj45', '4 + 2'],
      [['mediaconv', {}], 'term'],
    ],
    scene: 'rail',
  },
  serialtoredundantfiberextender: {
    title: 'Serial to Redundant Fibre Extender',
    dev: ['fiberext', {}],
    mount: 'din',
    catalog: [
      [['fiberext', {}], 'db9', 'RS232'],
      [['fiberext', {}], 'sfp', '80 km'],
      [['fiberext', {}], 'term'],
    ],
    scene: 'grid',
  },
  uhfradiomodem: {
    title: 'UHF Radio Modem',
    dev: ['uhfmodem', {}],
    mount: 'wall',
    catalog: [
      [['uhfmodem', {}], 'antenna', '406–470 MHz'],
      [['uhfmodem', {}], 'db9'],
    ],
    scene: 'rail',
  },
  embeddedpc: {
    title: 'Embedded PC',
    dev: ['embeddedpc', {}],
    mount: 'wall',
    catalog: [
      [['embeddedpc', {}], 'fins', 'Fanless'],
      [['embeddedpc', { extended: true }], 'db9', '2 × COM'],
    ],
    scene: 'factory',
  },
  miniaturemultisensorcontrolsystem: {
    title: 'Miniature Multi Sensor Control System',
    dev: ['minisensor', {}],
    mount: 'din',
    catalog: [
      [['minisensor', {}], 'term'],
      [['minisensor', { probe: true }], 'probe'],
    ],
    scene: 'building',
  },
  'vidyuraksha_2.0': {
    title: 'VidyuRaksha 2.0',
    dev: ['vidyuraksha', {}],
    mount: 'wall',
    catalog: [
      [['vidyuraksha', {}], 'socket', '16A'],
      [['vidyuraksha', {}], 'app', '3600W'],
    ],
    scene: 'building',
  },
  compactmultisensorindustrialcontrolsystem: {
    title: 'Compact Multi Sensor Industrial Control System',
    dev: ['compactsensor', {}],
    mount: 'din',
    catalog: [
      [['compactsensor', {}], 'term', '16 AI'],
      [['compactsensor', {}], 'screen'],
      [['compactsensor', {}], 'rj45'],
    ],
    scene: 'factory',
  },
  industrialrugged16portl2managedswitch: {
    title: 'Industrial Rugged 16-Port L2 Managed Switch',
    dev: ['switchm12', {}],
    mount: 'wall',
    catalog: [
      [['switchm12', {}], 'm12', 'IP67'],
      [['switchm12', {}], 'm12a', '30W PoE'],
    ],
    scene: 'rail',
  },
  industrialrugged16portunmanagedswitch: {
    title: 'Industrial Rugged 16-Port Unmanaged Switch',
    dev: ['switchrj', {}],
    mount: 'din',
    catalog: [
      [['switchrj', {}], 'rj45', 'PoE+'],
      [['switchrj', {}], 'term'],
    ],
    scene: 'factory',
  },
  industrialrugged8portl2managedswitch: {
    title: 'Industrial Rugged 8-Port L2 Managed Switch',
    dev: ['switchdin', {}],
    mount: 'din',
    catalog: [
      [['switchdin', {}], 'rj45', '8 ports'],
      [['switchdin', {}], 'sfp', '2 × SFP'],
    ],
    scene: 'grid',
  },
  industrialrugged24portl2managedswitch: {
    title: 'Industrial Rugged 24-Port L2 Managed Switch',
    dev: ['switchm12', { rows: 3, uplinks: 4, name: 'IP68' }],
    mount: 'wall',
    catalog: [
      [['switchm12', { rows: 3, uplinks: 4, name: 'IP68' }], 'm12', 'IP68'],
      [['switchm12', { rows: 3, uplinks: 4, name: 'IP68' }], 'sfpp', '10G'],
      [['switchm12', { rows: 3, uplinks: 4, name: 'IP68' }], 'm12a', '90W PoE++'],
    ],
    scene: 'rail',
  },
  dualredundantpowersupply: {
    title: 'Dual Redundant Power Supply',
    dev: ['psu', {}],
    mount: 'din',
    catalog: [
      [['psu', { amps: '5A' }], null, '5A'],
      [['psu', { amps: '10A' }], null, '10A'],
      [['psu', { amps: '20A' }], null, '20A'],
    ],
    scene: 'factory',
  },
  displaycontrollers: {
    title: 'Display Controllers',
    dev: ['displayctrl', {}],
    mount: 'wall',
    catalog: [
      [['displayctrl', {}], 'screen'],
      [['displayctrl', {}], 'roles', 'Role-based'],
    ],
    scene: 'control',
    webApp: true,
  },
  serialinterfacecards: {
    title: 'Serial Interface Cards',
    dev: ['serialcards', {}],
    mount: 'slot',
    catalog: [
      [['serialcards', { show: 'usb' }], 'iso', '2500 VRMS'],
      [['serialcards', { show: 'pcie' }], 'db9', 'PCIe'],
    ],
    scene: 'lab',
  },
}
/** Products whose second step is "Easy Installation". */
const INSTALL = new Set([
  'ethernetringbasedprotocolmediaconvertor',
  'serialtoredundantfiberextender',
  'vidyuraksha_2.0',
  'industrialrugged16portunmanagedswitch',
  'industrialrugged8portl2managedswitch',
  'dualredundantpowersupply',
  'serialinterfacecards',
])

// ---------------------------------------------------------------- output

const written = []
function write(rel, doc, body, extra) {
  const file = path.join(OUT, rel)
  const svg = doc.render(body, extra)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, svg)
  written.push({ rel, bytes: Buffer.byteLength(svg) })
}
const draw = (rel, w, h, title, fn) => {
  const doc = new Doc(w, h, title)
  write(rel, doc, fn(doc))
}

for (const [slug, p] of Object.entries(PRODUCTS)) {
  const dir = `products/${slug}`
  draw(
    `Header/${slug}.svg`,
    640,
    480,
    p.title,
    (d) => backdrop(640, 480, { x: 320, y: 240, r: 200 }) + placeDevice(d, p.dev, 320, 250, 460, 340).svg,
  )
  draw(`${dir}/hero.svg`, 1600, 1200, p.title, (d) => {
    let s = backdrop(1600, 1200, { x: 800, y: 620, r: 500 })
    s +=
      circle(1440, 1060, 90, BLUE, { opacity: 0.08 }) +
      dots(
        [
          [1320, 180],
          [1360, 180],
          [1400, 180],
          [1320, 220],
          [1360, 220],
          [1400, 220],
        ],
        TEAL,
        10,
      )
    if (p.mount === 'din') s += dinRail(0, 588, 1600)
    return s + placeDevice(d, p.dev, 800, 620, 980, 760).svg
  })
  draw(
    `${dir}/hero-mobile.svg`,
    900,
    1100,
    p.title,
    (d) => backdrop(900, 1100, { x: 450, y: 560, r: 360 }) + placeDevice(d, p.dev, 450, 560, 700, 620).svg,
  )
  draw(`${dir}/feature.svg`, 900, 900, p.title, (d) => placeDevice(d, p.dev, 450, 450, 640, 640).svg)
  p.catalog.forEach(([dev, detail, tag], i) => {
    draw(`${dir}/catalog-${i + 1}.svg`, 900, 675, p.title, (d) => catalogue(d, dev, detail, tag))
  })
  draw(`${dir}/application.svg`, 1600, 900, `${p.title} in use`, (d) => application(d, p.dev, p.scene, false))
  draw(`${dir}/application-mobile.svg`, 900, 1100, `${p.title} in use`, (d) =>
    application(d, p.dev, p.scene, true),
  )
  if (INSTALL.has(slug))
    for (const step of [1, 2, 3])
      draw(`${dir}/install-${step}.svg`, 1200, 800, `${p.title}: installation step ${step}`, (d) =>
        install(d, p.dev, p.mount, step),
      )
  if (p.webApp) {
    draw(
      `${dir}/webapp-1.svg`,
      1200,
      800,
      'Display controller web application',
      () => backdrop(1200, 800, { x: 600, y: 400, r: 330 }) + laptop(260, 170, 1.22, webDashboard()),
    )
    draw(
      `${dir}/webapp-2.svg`,
      1200,
      800,
      'The web application on several devices',
      () =>
        backdrop(1200, 800, { x: 600, y: 400, r: 330 }) +
        laptop(120, 200, 0.9, webDashboard()) +
        tablet(700, 240, 0.95) +
        phone(980, 330, 0.85) +
        line('M660 170a80 80 0 0 1 140 0M690 190a44 44 0 0 1 80 0', TEAL, 8),
    )
  }
}

for (const key of Object.keys(BADGES)) {
  const rel = `partners/${key}.svg`
  const file = path.join(OUT, rel)
  if (existsSync(file) && !readFileSync(file, 'utf8').includes(OWNER)) {
    console.warn(`Kept ${rel}: another script drew it.`)
    continue
  }
  write(rel, new Doc(240, 120, BADGES[key].label), badge(key), ` ${OWNER}`)
}

let large = 0
for (const f of written)
  if (f.bytes > MAX_BYTES) {
    large++
    console.warn(`${f.rel} is ${f.bytes} bytes`)
  }
console.log(`Wrote ${written.length} SVG files${large ? `, ${large} over ${MAX_BYTES} bytes` : ''}.`)
