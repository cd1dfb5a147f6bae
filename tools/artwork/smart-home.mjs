#!/usr/bin/env node
// Draws the original artwork for the four smart-home products, the content pages and the partner badges.
// Every picture is plain SVG built from a few shared shapes, so the house style stays consistent and the
// files stay small. Run from anywhere: `node tools/artwork/smart-home.mjs`; it rewrites the files in place.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const OUT = path.join(ROOT, 'content/images')
const MAX_BYTES = 6 * 1024

// House palette.
const NAVY = '#0b1f3a'
const BLUE = '#1565c0'
const TEAL = '#00a6a6'
const LIGHT = '#eef2f6'
const WHITE = '#fff'
const ACCENT = '#f59e0b'
const EDGE = '#cfd8e3'
const SOFT = '#e1e8f0'
const METAL = '#a9b6c4'
const FONT = 'Arial, Helvetica, sans-serif'

/** Body colours of the four colour variants; `white` is the default look. */
const VARIANTS = {
  white: { body: WHITE, side: '#d3dce6', face: LIGHT, edge: '#c5d0dc' },
  blue: { body: BLUE, side: '#0c3f7d', face: '#e3edf9', edge: '#0f56a6' },
  green: { body: '#2e9d6b', side: '#1d6b48', face: '#e3f3eb', edge: '#278a5e' },
  grey: { body: '#8c98a5', side: '#5f6b78', face: LIGHT, edge: '#7b8794' },
}

// ---------------------------------------------------------------- primitives

const attrs = (extra) =>
  Object.entries(extra)
    .map(([k, v]) => ` ${k}="${v}"`)
    .join('')
const rect = (x, y, w, h, r, fill, extra = {}) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}"${r ? ` rx="${r}"` : ''} fill="${fill}"${attrs(extra)}/>`
const circle = (cx, cy, r, fill, extra = {}) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${attrs(extra)}/>`
const ellipse = (cx, cy, rx, ry, fill, extra = {}) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${attrs(extra)}/>`
const pathEl = (d, fill, extra = {}) => `<path d="${d}" fill="${fill}"${attrs(extra)}/>`
// Round caps and joins, and the font, are set once on the root element (see `write`).
const line = (d, stroke, width, extra = {}) =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}"${attrs(extra)}/>`
const group = (transform, body, extra = {}) => `<g transform="${transform}"${attrs(extra)}>${body}</g>`
const at = (x, y, s = 1) => `translate(${round(x)} ${round(y)})${s === 1 ? '' : ` scale(${round(s, 3)})`}`
const label = (x, y, size, fill, str, anchor = 'middle', weight = 'bold') =>
  `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${str}</text>`
const round = (n, digits = 1) => Number(n.toFixed(digits))
const stroked = (color, width = 3) => ({ stroke: color, 'stroke-width': width })

/** Small icons drawn around (0, 0) in a 40-unit box. */
const ICONS = {
  wifi: { stroke: 'M-13 1a18 18 0 0 1 26 0M-22-8a31 31 0 0 1 44 0M-31-17a44 44 0 0 1 62 0', dot: [0, 10] },
  power: { stroke: 'M-9-9a13 13 0 1 0 18 0M0-16v12' },
  snow: { stroke: 'M0-16v32M-14-8l28 16M-14 8l28-16' },
  mic: { stroke: 'M-6-14h12v14a6 6 0 0 1-12 0zM-12 0a12 12 0 0 0 24 0M0 12v6' },
  bt: { stroke: 'M-7-7l14 12-7 6v-26l7 6-14 12' },
  clock: { stroke: 'M0-15a15 15 0 1 1 0 30a15 15 0 1 1 0-30M0-8v8l6 5' },
  check: { stroke: 'M-10 0l6 7 14-15' },
  shield: { stroke: 'M0-17l14 5v9c0 9-6 15-14 19-8-4-14-10-14-19v-9zM-6 1l4 5 8-9' },
  chart: { stroke: 'M-15 14h30M-10 8v-8M-2 8v-16M6 8v-11M14 8v-4' },
  flame: { fill: 'M0-17c9 8 13 14 13 21a13 13 0 0 1-26 0c0-6 4-10 7-14 1 5 3 7 6 7-3-5-2-10 0-14z' },
  drop: { fill: 'M0-17c8 10 13 16 13 22a13 13 0 0 1-26 0c0-6 5-12 13-22z' },
  bolt: { fill: 'M5-18l-15 21h10l-5 15 16-21h-10z' },
  cloud: { fill: 'M-14 12a10 10 0 0 1 0-20a14 14 0 0 1 26-2a10 10 0 0 1 4 22z' },
}
function icon(name, x, y, s, color, width = 4) {
  const i = ICONS[name]
  let body = ''
  if (i.stroke) body += line(i.stroke, color, width)
  if (i.fill) body += pathEl(i.fill, color)
  if (i.dot) body += circle(i.dot[0], i.dot[1], 4, color)
  return group(at(x, y, s), body)
}

/** A soft light backdrop with a large disc and a faint ring. */
function backdrop(w, h, disc = { x: w * 0.62, y: h * 0.5, r: Math.min(w, h) * 0.42 }) {
  return (
    rect(0, 0, w, h, 0, LIGHT) +
    circle(disc.x, disc.y, disc.r, SOFT) +
    circle(disc.x, disc.y, round(disc.r * 1.12), 'none', { ...stroked(TEAL, 3), opacity: 0.25 }) +
    circle(round(w * 0.08), round(h * 0.12), round(Math.min(w, h) * 0.05), TEAL, { opacity: 0.12 })
  )
}
const floorShadow = (cx, cy, rx) =>
  ellipse(round(cx), round(cy), round(rx), round(rx * 0.12), NAVY, { opacity: 0.1 })

/** A white rounded card with a darker offset shadow. */
const card = (x, y, w, h, r = 18, fill = WHITE) =>
  rect(x + 6, y + 8, w, h, r, '#d3dce6') + rect(x, y, w, h, r, fill)

function arrow(x1, y1, x2, y2, color = TEAL) {
  const a = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI
  return (
    line(`M${x1} ${y1}L${x2} ${y2}`, color, 8, { 'stroke-dasharray': '2 16' }) +
    group(`translate(${x2} ${y2}) rotate(${round(a)})`, pathEl('M6 0l-26-16v32z', color))
  )
}

const stepBadge = (n) => circle(96, 96, 48, NAVY) + label(96, 113, 48, WHITE, n)

/** A toggle switch, on or off. */
const toggle = (x, y, on = true) =>
  rect(x, y, 48, 26, 13, on ? TEAL : EDGE) + circle(on ? x + 35 : x + 13, y + 13, 9, WHITE)

/** Label pill with an icon, as floats beside devices in hero pictures. */
function chip(x, y, name, text, s = 1) {
  const w = 76 + text.length * 14
  return group(
    at(x, y, s),
    rect(5, 7, w, 60, 30, '#d3dce6') +
      rect(0, 0, w, 60, 30, WHITE) +
      circle(30, 30, 20, TEAL, { opacity: 0.15 }) +
      icon(name, 30, 30, 0.62, TEAL, 5) +
      label(60, 38, 24, NAVY, text, 'start'),
  )
}

// ---------------------------------------------------------------- devices
// Each device is drawn once in its own box (w × h) and placed with `device()`.

const DEVICES = {
  // Smart AC adapter: a tall plug-in body with a round socket face; its pins show on the side.
  szephyr: {
    w: 340,
    h: 400,
    draw: (v) =>
      rect(290, 118, 42, 16, 6, METAL) +
      rect(290, 184, 50, 22, 7, METAL) +
      rect(290, 256, 42, 16, 6, METAL) +
      rect(36, 32, 260, 360, 52, v.side) +
      rect(20, 16, 260, 360, 52, v.body, stroked(v.edge)) +
      icon('snow', 150, 58, 0.7, TEAL, 5) +
      circle(150, 182, 104, 'none', { ...stroked(TEAL, 5), opacity: 0.55 }) +
      circle(150, 182, 90, v.face, stroked(v.edge, 2)) +
      circle(150, 142, 17, NAVY) +
      circle(113, 208, 12, NAVY) +
      circle(187, 208, 12, NAVY) +
      rect(82, 306, 136, 44, 22, NAVY) +
      label(150, 336, 23, WHITE, 'sZephyr'),
  },
  // Smart geyser controller: a wall box with a temperature display and a sensor lead.
  smazer: {
    w: 300,
    h: 470,
    draw: (v) =>
      (v.bare
        ? ''
        : line('M148 306C148 372 238 350 240 404', NAVY, 9) +
          rect(228, 396, 24, 46, 10, METAL) +
          rect(233, 432, 14, 32, 7, '#7f8d9d')) +
      rect(44, 32, 240, 288, 30, v.side) +
      rect(28, 18, 240, 288, 30, v.body, stroked(v.edge)) +
      rect(54, 44, 188, 104, 16, NAVY) +
      label(126, 118, 56, TEAL, '45°') +
      icon('drop', 212, 98, 0.8, '#8fe0e0') +
      icon('wifi', 148, 196, 0.55, TEAL, 6) +
      circle(100, 250, 27, v.face, stroked(v.edge, 2)) +
      icon('power', 100, 250, 0.8, NAVY, 5) +
      circle(196, 250, 27, v.face, stroked(v.edge, 2)) +
      icon('flame', 196, 251, 0.8, ACCENT),
  },
  // Inline smart socket: a square socket body with a lead to its own plug.
  smampmax: {
    w: 420,
    h: 440,
    draw: (v) =>
      line('M150 200C80 200 86 290 86 330', NAVY, 10) +
      rect(62, 404, 12, 30, 4, METAL) +
      rect(98, 404, 12, 30, 4, METAL) +
      rect(50, 334, 92, 78, 18, v.side) +
      rect(40, 326, 92, 78, 18, v.body, stroked(v.edge)) +
      rect(66, 346, 40, 8, 4, TEAL) +
      rect(166, 42, 240, 250, 46, v.side) +
      rect(150, 28, 240, 250, 46, v.body, stroked(v.edge)) +
      rect(182, 58, 176, 150, 32, v.face, stroked(v.edge, 2)) +
      circle(270, 102, 16, NAVY) +
      circle(234, 162, 12, NAVY) +
      circle(306, 162, 12, NAVY) +
      circle(198, 244, 22, 'none', stroked(ACCENT, 4)) +
      circle(198, 244, 15, NAVY) +
      icon('power', 198, 244, 0.45, WHITE, 6) +
      rect(234, 240, 44, 8, 4, TEAL) +
      label(334, 254, 28, NAVY, '15A'),
  },
  // Smart Panel: a wall plate with six switches (four plain relays, two for inverter lines).
  smartpanel: {
    w: 480,
    h: 340,
    draw: (v) => {
      let s = rect(36, 34, 440, 296, 30, v.side) + rect(20, 20, 440, 296, 30, v.body, stroked(v.edge))
      s += rect(44, 42, 392, 42, 12, v.face)
      s += icon('wifi', 72, 66, 0.5, TEAL, 6) + icon('bt', 108, 63, 0.7, BLUE, 4)
      s += circle(396, 63, 6, TEAL) + circle(416, 63, 6, EDGE)
      let plates = ''
      let rockers = ''
      let lit = ''
      for (let k = 0; k < 6; k++) {
        const x = 44 + (k % 3) * 132
        const y = 100 + Math.floor(k / 3) * 104
        const on = k !== 1 && k !== 5
        plates += `<rect x="${x}" y="${y}" width="120" height="92" rx="14"/>`
        rockers += `<rect x="${x + 34}" y="${y + 14}" width="52" height="64" rx="10"/>`
        lit += rect(x + 40, on ? y + 20 : y + 50, 40, 22, 7, on ? BLUE : '#c5d0dc')
        lit += circle(x + 104, y + 16, 6, on ? TEAL : '#c5d0dc')
        if (k > 3) lit += icon('bolt', x + 17, y + 20, 0.5, ACCENT)
      }
      s += `<g fill="${v.face}" stroke="${v.edge}" stroke-width="2">${plates}</g>`
      s += `<g fill="${WHITE}" stroke="${EDGE}" stroke-width="2">${rockers}</g>`
      return s + lit
    },
  },
}

/** Places a device so that it fits a box of height `h` centred on (cx, cy). */
function device(slug, cx, cy, h, variant = 'white', options = {}) {
  const d = DEVICES[slug]
  const s = h / d.h
  return group(at(cx - (d.w * s) / 2, cy - (d.h * s) / 2, s), d.draw({ ...VARIANTS[variant], ...options }))
}
/** Places a device to fit inside a w × h box centred on (cx, cy). */
function placeIn(slug, cx, cy, w, h, variant = 'white', options = {}) {
  const d = DEVICES[slug]
  return device(slug, cx, cy, Math.min(h, (w * d.h) / d.w), variant, options)
}
/** Where the point (lx, ly) of a device drawn with `placeIn(slug, cx, cy, w, h)` lands on the picture. */
function anchor(slug, cx, cy, w, h, lx, ly) {
  const d = DEVICES[slug]
  const s = Math.min(h, (w * d.h) / d.w) / d.h
  return [Math.round(cx - (d.w * s) / 2 + lx * s), Math.round(cy - (d.h * s) / 2 + ly * s)]
}
/** Centre for a SmAmp Max of height `h` whose plug sits in the socket of a wall plate at (x, y, scale s). */
function smampInSocket(x, y, s, h) {
  const [px, py] = anchor('smampmax', 0, 0, h, h, 86, 365)
  const [fx, fy] = anchor('smampmax', 0, 0, h, h, 270, 130)
  const cx = Math.round(x + 64 * s - px)
  const cy = Math.round(y + 65 * s - py)
  return { cx, cy, face: [cx + fx, cy + fy] }
}
/** A SmaZer without its own lead, and the lead from its base to (x, y) where the sensor goes in. */
function smazerWired(cx, cy, w, h, x, y) {
  const [ax, ay] = anchor('smazer', cx, cy, w, h, 148, 300)
  return (
    line(`M${ax} ${ay}C${ax} ${ay + 160} ${x + 120} ${y} ${x} ${y}`, NAVY, 9) +
    circle(x, y, 11, METAL) +
    placeIn('smazer', cx, cy, w, h, 'white', { bare: true })
  )
}

// ---------------------------------------------------------------- props

/** A phone (220 × 440) showing the app screen of a product. */
function phone(x, y, s, screen) {
  const body =
    rect(10, 12, 220, 440, 34, NAVY, { opacity: 0.15 }) +
    rect(0, 0, 220, 440, 34, NAVY) +
    rect(12, 14, 196, 412, 24, '#f7f9fc') +
    rect(80, 24, 60, 8, 4, '#1c3558') +
    rect(26, 48, 168, 46, 12, BLUE) +
    rect(42, 66, 70, 10, 5, WHITE) +
    circle(172, 71, 9, WHITE, { opacity: 0.6 }) +
    group('translate(12 106)', screen)
  return group(at(x, y, s), body)
}
/** App screen: a gauge with a reading and two toggle rows. */
function gaugeScreen(value, iconName) {
  return (
    circle(98, 86, 62, 'none', stroked('#dfe7f0', 14)) +
    pathEl('M98 24a62 62 0 1 1-58 84', 'none', { ...stroked(TEAL, 14), 'stroke-linecap': 'round' }) +
    label(98, 98, 32, NAVY, value) +
    icon(iconName, 98, 126, 0.5, ACCENT) +
    rect(14, 180, 168, 52, 12, WHITE, stroked(EDGE, 2)) +
    rect(28, 200, 70, 10, 5, '#9aa8b8') +
    toggle(122, 193) +
    rect(14, 244, 168, 52, 12, WHITE, stroked(EDGE, 2)) +
    rect(28, 264, 56, 10, 5, '#9aa8b8') +
    toggle(122, 257, false)
  )
}
/** App screen: six relay tiles. */
function relayScreen() {
  let tilesSvg = ''
  let s = ''
  for (let k = 0; k < 6; k++) {
    const x = 14 + (k % 2) * 88
    const y = 8 + Math.floor(k / 2) * 96
    tilesSvg += `<rect x="${x}" y="${y}" width="80" height="86" rx="14"/>`
    s += k > 3 ? icon('bolt', x + 22, y + 26, 0.5, ACCENT) : rect(x + 14, y + 20, 34, 10, 5, '#9aa8b8')
    s += toggle(x + 18, y + 52, k !== 1)
  }
  return `<g fill="${WHITE}" stroke="${EDGE}" stroke-width="2">${tilesSvg}</g>${s}`
}
const SCREENS = {
  szephyr: () => gaugeScreen('24°C', 'snow'),
  smazer: () => gaugeScreen('45°C', 'flame'),
  smampmax: () => gaugeScreen('1.2kW', 'bolt'),
  smartpanel: relayScreen,
}

/** A wall socket plate with its own switch (200 × 130). */
const wallSocket = (x, y, s = 1) =>
  group(
    at(x, y, s),
    rect(6, 8, 200, 130, 18, '#d3dce6') +
      rect(0, 0, 200, 130, 18, WHITE, stroked(EDGE, 3)) +
      circle(64, 65, 42, LIGHT, stroked(EDGE, 2)) +
      circle(64, 44, 10, NAVY) +
      circle(44, 80, 7, NAVY) +
      circle(84, 80, 7, NAVY) +
      rect(128, 30, 46, 70, 10, LIGHT, stroked(EDGE, 2)) +
      rect(136, 38, 30, 26, 6, BLUE),
  )

/** A wall-mounted split AC (520 × 150) with its lead hanging down. */
const acUnit = (x, y, s = 1) =>
  group(
    at(x, y, s),
    rect(8, 10, 520, 150, 30, '#d3dce6') +
      rect(0, 0, 520, 150, 30, WHITE, stroked(EDGE, 3)) +
      rect(28, 102, 464, 26, 13, LIGHT) +
      line('M50 115h420', '#c5d0dc', 4) +
      rect(404, 34, 80, 34, 8, NAVY) +
      label(444, 59, 22, TEAL, '24°'),
  )

/** A water heater tank (220 × 430) with hot and cold pipes. */
const geyser = (x, y, s = 1) =>
  group(
    at(x, y, s),
    rect(60, 330, 16, 100, 4, METAL) +
      rect(144, 330, 16, 100, 4, METAL) +
      rect(54, 380, 28, 14, 4, ACCENT) +
      rect(138, 380, 28, 14, 4, TEAL) +
      rect(12, 12, 220, 340, 70, '#d3dce6') +
      rect(0, 0, 220, 340, 70, WHITE, stroked(EDGE, 3)) +
      rect(0, 120, 220, 14, 0, BLUE) +
      circle(110, 72, 28, LIGHT, stroked(EDGE, 2)) +
      line('M110 72l14-12', NAVY, 5) +
      icon('flame', 110, 250, 1, ACCENT),
  )

/** A front-loading washing machine (280 × 320). */
const washer = (x, y, s = 1) =>
  group(
    at(x, y, s),
    rect(10, 12, 280, 320, 26, '#d3dce6') +
      rect(0, 0, 280, 320, 26, WHITE, stroked(EDGE, 3)) +
      line('M0 70h280', EDGE, 3) +
      rect(24, 26, 90, 22, 8, LIGHT) +
      circle(230, 36, 16, LIGHT, stroked(EDGE, 2)) +
      circle(140, 196, 88, LIGHT, stroked(NAVY, 12)) +
      circle(140, 196, 60, TEAL, { opacity: 0.3 }) +
      pathEl('M92 214c30-26 66 18 96-8v24H92z', TEAL, { opacity: 0.45 }),
  )

/** A smart speaker (110 × 150). */
const speaker = (x, y, s = 1) =>
  group(
    at(x, y, s),
    rect(8, 10, 110, 150, 40, '#d3dce6') +
      rect(0, 0, 110, 150, 40, NAVY) +
      rect(14, 16, 82, 12, 6, TEAL) +
      line('M30 70h50M30 90h50M30 110h50', '#1c3558', 6),
  )

/** A laptop (560 × 380 incl. base) with `screen` drawn in the 528 × 318 screen area. */
const laptop = (x, y, s, screen) =>
  group(
    at(x, y, s),
    rect(0, 0, 560, 350, 20, NAVY) +
      rect(16, 16, 528, 318, 8, '#f7f9fc') +
      group('translate(16 16)', screen) +
      pathEl('M-40 350h640l-34 30H-6z', '#c5d0dc') +
      rect(230, 350, 100, 8, 4, '#a9b6c4'),
  )
/** A web-app dashboard (528 × 318): a top bar, six relay tiles and a usage chart. */
function dashboard(tiles = 6) {
  let s =
    rect(0, 0, 528, 46, 0, BLUE) +
    rect(20, 17, 110, 12, 6, WHITE) +
    circle(500, 23, 11, WHITE, { opacity: 0.6 })
  let tilesSvg = ''
  for (let k = 0; k < tiles; k++) {
    const x = 20 + (k % 3) * 112
    const y = 66 + Math.floor(k / 3) * 118
    tilesSvg += `<rect x="${x}" y="${y}" width="100" height="104" rx="12"/>`
    s += k > 3 ? icon('bolt', x + 26, y + 30, 0.5, ACCENT) : rect(x + 16, y + 24, 44, 10, 5, '#9aa8b8')
    s += toggle(x + 26, y + 64, k !== 1)
  }
  s = `<g fill="${WHITE}" stroke="${EDGE}" stroke-width="2">${tilesSvg}<rect x="362" y="66" width="146" height="222" rx="12"/></g>${s}`
  s += line('M378 250l26-40 24 18 26-54 30 30', TEAL, 6)
  s += rect(378, 84, 80, 10, 5, '#9aa8b8')
  return s
}

const house = (x, y, s, inner = '') =>
  group(
    at(x, y, s),
    rect(50, 160, 300, 230, 0, WHITE, stroked(NAVY, 10)) +
      line('M10 184L200 24l190 160', NAVY, 14) +
      rect(80, 200, 90, 80, 8, LIGHT, stroked(NAVY, 6)) +
      rect(230, 270, 80, 120, 6, BLUE) +
      inner,
  )
const factory = (x, y, s, inner = '') =>
  group(
    at(x, y, s),
    rect(300, 20, 44, 140, 0, '#c5d0dc', stroked(NAVY, 8)) +
      pathEl('M20 390V150l110-70v70l110-70v70l110-70v310z', WHITE, stroked(NAVY, 10)) +
      rect(60, 310, 330, 22, 11, BLUE) +
      circle(110, 321, 7, WHITE) +
      circle(340, 321, 7, WHITE) +
      inner,
  )

/** A monitor (420 × 330) with an energy chart. */
const monitor = (x, y, s) =>
  group(
    at(x, y, s),
    rect(180, 270, 60, 50, 0, '#a9b6c4') +
      rect(120, 310, 180, 16, 8, '#a9b6c4') +
      rect(0, 0, 420, 280, 18, NAVY) +
      rect(16, 16, 388, 248, 8, '#f7f9fc') +
      rect(40, 150, 36, 90, 4, BLUE) +
      rect(96, 110, 36, 130, 4, TEAL) +
      rect(152, 170, 36, 70, 4, BLUE) +
      rect(208, 90, 36, 150, 4, TEAL) +
      line('M270 200l34-50 30 20 46-80', ACCENT, 6) +
      rect(40, 40, 140, 14, 7, '#9aa8b8'),
  )

/** A cardboard box (300 × 260) for the "in the box" catalogue pictures. */
const box = (x, y, s) =>
  group(
    at(x, y, s),
    pathEl('M0 80l150-60 150 60v170l-150 40L0 250z', '#e8d3ad') +
      pathEl('M150 120v170l150-40V80z', '#d6bb8c') +
      pathEl('M0 80l150 40 150-40-150-60z', '#f1e2c6') +
      rect(30, 150, 90, 36, 8, BLUE, { transform: 'skewY(15)' }),
  )

/** A relay board (440 × 300): four plain relays and two inverter relays with their terminals. */
function relayBoard(x, y, s) {
  let b = rect(10, 12, 440, 300, 22, '#d3dce6') + rect(0, 0, 440, 300, 22, NAVY)
  b += line('M40 250h360M60 60v160M380 60v160', '#1f4d7a', 5)
  for (let k = 0; k < 6; k++) {
    const rx = 34 + k * 64
    const inv = k > 3
    b += rect(rx, 70, 52, 110, 10, inv ? ACCENT : BLUE)
    b += rect(rx + 10, 84, 32, 8, 4, WHITE, { opacity: 0.6 })
    b += rect(rx + 6, 214, 40, 40, 6, TEAL)
    b += circle(rx + 26, 234, 8, NAVY)
  }
  b += label(148, 44, 24, WHITE, '4 × RAW') + label(354, 44, 24, ACCENT, '2 × INV')
  return group(at(x, y, s), b)
}

/** The wall plate the Smart Panel replaces (300 × 220). */
const oldBoard = (x, y, s) => {
  let b = rect(8, 10, 300, 220, 16, '#c5d0dc') + rect(0, 0, 300, 220, 16, '#f3f0ea', stroked('#c9c2b5', 3))
  for (let k = 0; k < 4; k++) b += rect(28 + k * 62, 40, 46, 70, 6, WHITE, stroked('#c9c2b5', 2))
  b += circle(80, 164, 30, WHITE, stroked('#c9c2b5', 2)) + line('M80 164l14-14', '#8a8170', 5)
  b += rect(150, 140, 120, 50, 8, WHITE, stroked('#c9c2b5', 2))
  return group(at(x, y, s), b)
}

/** A person symbol for multi-user pictures. */
const person = (x, y, s, color) =>
  group(at(x, y, s), circle(0, -22, 18, color) + pathEl('M-30 30a30 30 0 0 1 60 0z', color))

/** A tablet (360 × 260) with a small relay grid. */
const tablet = (x, y, s) => {
  let b =
    rect(0, 0, 360, 260, 24, NAVY) + rect(14, 14, 332, 232, 12, '#f7f9fc') + rect(14, 14, 332, 34, 0, BLUE)
  for (let k = 0; k < 6; k++) {
    const tx = 34 + (k % 3) * 100
    const ty = 66 + Math.floor(k / 3) * 84
    b += rect(tx, ty, 88, 72, 10, WHITE, stroked(EDGE, 2)) + toggle(tx + 20, ty + 34, k !== 1)
  }
  return group(at(x, y, s), b)
}

/** Room shell: wall, skirting and floor. */
const room = (w, h, floorY) =>
  rect(0, 0, w, h, 0, LIGHT) + rect(0, floorY, w, h - floorY, 0, SOFT) + rect(0, floorY - 8, w, 8, 0, EDGE)

const sofa = (x, y, s) =>
  group(
    at(x, y, s),
    rect(20, 0, 360, 120, 30, '#2b6cb0') +
      rect(0, 80, 400, 100, 30, BLUE) +
      rect(30, 170, 16, 40, 4, NAVY) +
      rect(354, 170, 16, 40, 4, NAVY) +
      rect(60, 40, 110, 70, 20, '#5b9bdc') +
      rect(230, 40, 110, 70, 20, '#5b9bdc'),
  )
const lamp = (x, y, s) =>
  group(
    at(x, y, s),
    line('M0 0v120', NAVY, 4) +
      pathEl('M-60 190a60 60 0 0 1 120 0z', NAVY) +
      ellipse(0, 196, 40, 10, ACCENT, { opacity: 0.8 }),
  )
const fan = (x, y, s) =>
  group(
    at(x, y, s),
    line('M0 0v60', NAVY, 6) +
      ellipse(-110, 76, 100, 14, '#c5d0dc') +
      ellipse(110, 76, 100, 14, '#c5d0dc') +
      circle(0, 76, 26, NAVY),
  )
const table = (x, y, w) =>
  rect(x, y, w, 20, 8, NAVY) +
  rect(x + 30, y + 20, 14, 120, 0, NAVY) +
  rect(x + w - 44, y + 20, 14, 120, 0, NAVY)
const shower = (x, y, s) =>
  group(
    at(x, y, s),
    line('M0 0v-40h90v40', METAL, 10) +
      pathEl('M60 40h60l-10-20H70z', METAL) +
      line('M72 60l-6 30M90 60v34M108 60l6 30', TEAL, 4, { opacity: 0.6 }),
  )
const tiles = (x, y, w, h, step) => {
  let d = ''
  for (let i = x + step; i < x + w; i += step) d += `M${i} ${y}v${h}`
  for (let j = y + step; j < y + h; j += step) d += `M${x} ${j}h${w}`
  return line(d, '#dde4ec', 3)
}

// ---------------------------------------------------------------- product pictures

const CATALOG_VIEWS = {
  szephyr: ['front view', 'with the companion app', 'in its box'],
  smazer: ['front view', 'with the companion app', 'in its box'],
  smampmax: ['front view', 'with the companion app', 'in its box'],
  smartpanel: ['front view', 'web app on a laptop', 'relay layout: four plain and two inverter relays'],
}
const DIFF_VIEWS = {
  'home-1': 'in a connected home',
  'home-2': 'controlled from the app and a voice assistant',
  'industry-1': 'in a workshop or factory',
  'industry-2': 'energy readings on a monitoring screen',
}

const PRODUCTS = {
  szephyr: {
    name: 'SZephyr smart AC adapter',
    chips: [
      ['wifi', 'App control'],
      ['mic', 'Voice'],
      ['shield', 'Surge safe'],
    ],
  },
  smazer: {
    name: 'Smazer smart geyser controller',
    chips: [
      ['wifi', 'Wi-Fi'],
      ['mic', 'Voice'],
      ['flame', 'Hot water'],
    ],
  },
  smampmax: {
    name: 'SmampMax inline smart socket',
    chips: [
      ['bolt', '15A / 4000W'],
      ['clock', 'Timer'],
      ['chart', 'Energy'],
    ],
  },
  smartpanel: {
    name: 'Smart Panel Board with six relays',
    chips: [
      ['wifi', 'Wi-Fi + BLE'],
      ['cloud', 'Web app'],
      ['check', '6 relays'],
    ],
  },
}

function header(slug) {
  return (
    backdrop(640, 480, { x: 320, y: 240, r: 190 }) +
    floorShadow(320, 420, 170) +
    placeIn(slug, 320, 236, 340, 320)
  )
}

function hero(slug) {
  const [a, b, c] = PRODUCTS[slug].chips
  return (
    backdrop(1600, 1200, { x: 1020, y: 600, r: 470 }) +
    floorShadow(1020, 980, 330) +
    placeIn(slug, 1020, 590, 680, 660) +
    phone(230, 300, 1.1, SCREENS[slug]()) +
    chip(1180, 120, ...a, 1.5) +
    chip(160, 900, ...b, 1.5) +
    chip(1130, 1010, ...c, 1.5)
  )
}

function heroMobile(slug) {
  const [a, b] = PRODUCTS[slug].chips
  return (
    backdrop(900, 1100, { x: 450, y: 460, r: 360 }) +
    floorShadow(450, 780, 240) +
    placeIn(slug, 500, 450, 560, 520) +
    phone(70, 640, 0.8, SCREENS[slug]()) +
    chip(360, 860, ...a, 1.3) +
    chip(360, 970, ...b, 1.3)
  )
}

function feature(slug, h) {
  return (
    circle(450, 450, 380, SOFT) +
    circle(450, 450, 420, 'none', { ...stroked(TEAL, 3), opacity: 0.25 }) +
    floorShadow(450, 800, 260) +
    placeIn(slug, 450, 440, h, h)
  )
}

function colour(slug, variant) {
  return (
    rect(0, 0, 900, 900, 0, LIGHT) +
    circle(450, 450, 360, SOFT) +
    floorShadow(450, 790, 250) +
    placeIn(slug, 450, 440, 580, 580, variant)
  )
}

/** Links a lead from a point to the socket face of a device placed with `fit`. */
const lead = (d) => line(d, NAVY, 9)
const miniPlug = (x, y, size = 64) =>
  rect(x - size / 2, y - size / 2, size, size, size / 5, NAVY) +
  rect(x - size / 4, y - 4, size / 2, 8, 4, TEAL)
const waves = (x, y, s, rotate = -90) =>
  group(
    `translate(${x} ${y}) rotate(${rotate}) scale(${s})`,
    line(ICONS.wifi.stroke, TEAL, 5) + circle(0, 10, 4, TEAL),
  )

const INSTALL = {
  szephyr: [
    () => wallSocket(720, 300, 1.4) + placeIn('szephyr', 330, 390, 300, 360) + arrow(520, 390, 690, 390),
    () =>
      acUnit(90, 90, 1.1) +
      wallSocket(760, 430, 1.2) +
      placeIn('szephyr', 840, 500, 200, 230) +
      lead('M560 260C560 420 700 380 816 480') +
      miniPlug(824, 486),
    () =>
      wallSocket(170, 380, 1.2) +
      placeIn('szephyr', 250, 450, 200, 230) +
      waves(520, 400, 2.2) +
      phone(700, 150, 0.95, SCREENS.szephyr()) +
      speaker(990, 460, 1),
  ],
  smazer: [
    () =>
      geyser(180, 110, 1.15) +
      rect(610, 250, 260, 300, 30, 'none', { ...stroked(TEAL, 4), 'stroke-dasharray': '14 12' }) +
      placeIn('smazer', 1000, 420, 220, 330, 'white', { bare: true }) +
      arrow(890, 400, 760, 400),
    () => {
      const tank =
        rect(260, 90, 300, 470, 90, WHITE, stroked(EDGE, 4)) +
        rect(280, 250, 260, 290, 60, TEAL, { opacity: 0.25 }) +
        rect(292, 320, 130, 24, 10, METAL) +
        rect(292, 326, 40, 12, 6, '#7f8d9d')
      return tank + smazerWired(900, 330, 250, 360, 422, 332) + arrow(640, 180, 440, 300)
    },
    () =>
      placeIn('smazer', 300, 400, 260, 420) +
      waves(560, 400, 2.2) +
      phone(720, 150, 0.95, SCREENS.smazer()) +
      speaker(1000, 460, 1),
  ],
  smampmax: [
    () => wallSocket(740, 300, 1.4) + placeIn('smampmax', 350, 400, 400, 420) + arrow(560, 400, 710, 400),
    () => {
      const m = smampInSocket(760, 430, 1.2, 340)
      return (
        washer(150, 250, 1.15) +
        wallSocket(760, 430, 1.2) +
        placeIn('smampmax', m.cx, m.cy, 340, 340) +
        lead(`M440 420C620 420 ${m.face[0] - 160} ${m.face[1]} ${m.face[0]} ${m.face[1]}`) +
        miniPlug(...m.face)
      )
    },
    () =>
      placeIn('smampmax', 300, 420, 380, 400) +
      waves(560, 400, 2.2) +
      phone(700, 150, 0.95, SCREENS.smampmax()) +
      chip(880, 560, 'clock', 'Timer'),
  ],
  smartpanel: [
    () =>
      oldBoard(170, 250, 1.3) +
      arrow(620, 400, 760, 400, ACCENT) +
      rect(820, 250, 260, 300, 20, '#dde4ec', stroked('#c5d0dc', 4)) +
      line('M870 550v-200M910 550v-180M950 550v-220M990 550v-160M1030 550v-200', BLUE, 8),
    () => relayBoard(110, 250, 1) + arrow(590, 400, 700, 400) + placeIn('smartpanel', 900, 400, 400, 300),
    () => placeIn('smartpanel', 260, 400, 380, 300) + waves(520, 400, 2) + laptop(640, 220, 0.8, dashboard()),
  ],
}

function install(slug, n) {
  return room(1200, 800, 660) + INSTALL[slug][n - 1]() + stepBadge(n)
}

const CATALOG = {
  default: [
    (slug) =>
      backdrop(900, 675, { x: 450, y: 338, r: 270 }) +
      floorShadow(450, 600, 200) +
      placeIn(slug, 450, 330, 460, 460),
    (slug) =>
      backdrop(900, 675, { x: 560, y: 338, r: 260 }) +
      floorShadow(560, 610, 180) +
      placeIn(slug, 590, 340, 380, 400) +
      phone(120, 120, 0.95, SCREENS[slug]()),
    (slug) =>
      backdrop(900, 675, { x: 450, y: 338, r: 270 }) +
      floorShadow(450, 600, 300) +
      box(110, 210, 1.15) +
      placeIn(slug, 620, 350, 300, 340),
  ],
  smartpanel: [
    () =>
      backdrop(900, 675, { x: 450, y: 338, r: 270 }) +
      floorShadow(450, 590, 240) +
      placeIn('smartpanel', 450, 330, 600, 420),
    () => backdrop(900, 675, { x: 450, y: 338, r: 270 }) + laptop(130, 150, 1.15, dashboard()),
    () => backdrop(900, 675, { x: 450, y: 338, r: 270 }) + relayBoard(220, 180, 1),
  ],
}

const APPLICATION = {
  szephyr: {
    wide: () =>
      room(1600, 900, 760) +
      acUnit(380, 100, 1.4) +
      wallSocket(1060, 470, 1.3) +
      lead('M980 310C1000 470 1120 440 1150 540') +
      placeIn('szephyr', 1150, 560, 240, 260) +
      miniPlug(1146, 556) +
      sofa(200, 500, 1.3) +
      phone(1380, 340, 0.8, SCREENS.szephyr()),
    mobile: () =>
      room(900, 1100, 920) +
      acUnit(110, 140, 1.3) +
      wallSocket(520, 560, 1) +
      lead('M640 340C640 500 580 520 600 620') +
      placeIn('szephyr', 600, 640, 190, 210) +
      miniPlug(596, 636) +
      phone(140, 480, 0.75, SCREENS.szephyr()),
  },
  smazer: {
    wide: () =>
      room(1600, 900, 780) +
      tiles(0, 0, 1600, 772, 110) +
      geyser(330, 90, 1.2) +
      smazerWired(900, 330, 240, 360, 594, 330) +
      shower(1300, 300, 1.3) +
      phone(1370, 460, 0.6, SCREENS.smazer()),
    mobile: () =>
      room(900, 1100, 960) +
      tiles(0, 0, 900, 952, 110) +
      geyser(110, 150, 1.2) +
      smazerWired(660, 330, 240, 360, 374, 390) +
      phone(560, 650, 0.6, SCREENS.smazer()),
  },
  smampmax: {
    wide: () => {
      const m = smampInSocket(900, 500, 1.3, 330)
      return (
        room(1600, 900, 780) +
        washer(240, 330, 1.35) +
        wallSocket(900, 500, 1.3) +
        placeIn('smampmax', m.cx, m.cy, 330, 330) +
        lead(`M620 500C800 500 ${m.face[0] - 200} ${m.face[1]} ${m.face[0]} ${m.face[1]}`) +
        miniPlug(...m.face) +
        phone(1370, 330, 0.8, SCREENS.smampmax())
      )
    },
    mobile: () => {
      const m = smampInSocket(560, 380, 1.2, 320)
      return (
        room(900, 1100, 980) +
        washer(90, 560, 1.2) +
        wallSocket(560, 380, 1.2) +
        placeIn('smampmax', m.cx, m.cy, 320, 320) +
        lead(`M430 720C560 720 ${m.face[0]} ${m.face[1] + 200} ${m.face[0]} ${m.face[1]}`) +
        miniPlug(...m.face) +
        phone(110, 130, 0.7, SCREENS.smampmax())
      )
    },
  },
  smartpanel: {
    wide: () =>
      room(1600, 900, 780) +
      lamp(260, 0, 1.2) +
      lamp(470, 0, 0.9) +
      fan(1000, 0, 1.1) +
      placeIn('smartpanel', 760, 390, 460, 330) +
      table(1100, 620, 440) +
      laptop(1160, 400, 0.6, dashboard()) +
      sofa(100, 520, 1.2),
    mobile: () =>
      room(900, 1100, 980) +
      lamp(200, 0, 1) +
      fan(620, 0, 0.9) +
      placeIn('smartpanel', 450, 420, 480, 340) +
      table(200, 800, 500) +
      laptop(280, 610, 0.55, dashboard()),
  },
}

function differentiation(slug, kind, n) {
  const bg = backdrop(900, 675, { x: 450, y: 338, r: 280 })
  const small = (cx, cy, size) => placeIn(slug, cx, cy, size, size)
  if (kind === 'home' && n === 1)
    return bg + house(250, 150, 1.05, '') + small(470, 470, 150) + waves(640, 260, 1.6, 0)
  if (kind === 'home')
    return bg + phone(130, 130, 0.9, SCREENS[slug]()) + small(560, 330, 260) + speaker(700, 450, 0.9)
  if (n === 1) return bg + factory(230, 150, 1.05, '') + small(430, 420, 140) + waves(660, 150, 1.6, 0)
  return bg + monitor(120, 180, 1.05) + small(700, 350, 220)
}

function webApp(n) {
  if (n === 1) {
    let s = rect(0, 0, 1200, 800, 0, LIGHT) + circle(900, 420, 320, SOFT)
    s += card(150, 110, 900, 560, 22) + rect(150, 110, 900, 56, 0, '#dfe7f0')
    s += circle(190, 138, 9, '#f26b5b') + circle(220, 138, 9, ACCENT) + circle(250, 138, 9, TEAL)
    s += rect(300, 126, 560, 24, 12, WHITE)
    s += group(at(191, 172, 1.55), dashboard())
    s += person(960, 720, 1, BLUE) + person(1040, 720, 1, TEAL) + person(1120, 720, 1, NAVY)
    return s
  }
  return (
    rect(0, 0, 1200, 800, 0, LIGHT) +
    circle(600, 420, 330, SOFT) +
    laptop(80, 220, 0.9, dashboard()) +
    tablet(650, 400, 1) +
    phone(1010, 300, 0.72, relayScreen()) +
    line('M500 120a160 160 0 0 1 220 0', TEAL, 8) +
    pathEl('M730 110l-4 34-28-22z', TEAL)
  )
}

// ---------------------------------------------------------------- page pictures

/** Deterministic pseudo-random numbers, so the stars stay put between runs. */
function seeded(seed) {
  let x = seed
  return () => {
    x = (x * 16807) % 2147483647
    return x / 2147483647
  }
}
function stars(w, h, n, seed) {
  const rnd = seeded(seed)
  let d = ''
  for (let k = 0; k < n; k++) d += `M${Math.round(rnd() * w)} ${Math.round(rnd() * h)}h0`
  return line(d, WHITE, 5, { opacity: 0.7 })
}
const space = (w, h, seed) =>
  rect(0, 0, w, h, 0, NAVY) + stars(w, h, 46, seed) + circle(w * 0.85, h * 0.15, 60, BLUE, { opacity: 0.25 })
const earth = (cx, cy, r) =>
  circle(cx, cy, r + 26, TEAL, { opacity: 0.18 }) +
  circle(cx, cy, r, BLUE) +
  pathEl(`M${cx - r * 0.6} ${cy - r * 0.8}c120-40 220 10 300-20s140 40 60 70-260-20-360-50z`, TEAL, {
    opacity: 0.55,
  })

/** A satellite centred on (0, 0), 440 × 160 at scale 1. */
const satellite = (x, y, s) => {
  const panel = (px) =>
    rect(px, -34, 150, 68, 6, BLUE) + line(`M${px + 50} -34v68M${px + 100} -34v68M${px} 0h150`, '#5b9bdc', 3)
  return group(
    at(x, y, s),
    line('M-70 0h140', METAL, 8) +
      panel(-220) +
      panel(70) +
      rect(-52, -58, 104, 116, 12, '#f1e2c6') +
      rect(-52, -58, 104, 30, 12, ACCENT) +
      circle(0, 20, 22, WHITE) +
      line('M0 58v30', METAL, 6) +
      pathEl('M-30 110a30 16 0 0 1 60 0z', WHITE),
  )
}

/** A stack of avionics boards (380 wide); `colors` lists the boards from the top. */
const avionicsStack = (x, y, s, colors) => {
  let b = ''
  colors.forEach((c, k) => {
    const by = k * 70
    b += rect(18, by + 10, 344, 44, 8, '#071427', { opacity: 0.35 })
    b += rect(10, by, 360, 40, 8, c)
    b += rect(40, by + 10, 60, 20, 4, NAVY) + rect(130, by + 12, 110, 16, 4, WHITE, { opacity: 0.5 })
    b += line(`M280 ${by + 20}h60`, LIGHT, 6, { 'stroke-dasharray': '4 8' })
    if (k < colors.length - 1) b += rect(24, by + 40, 10, 30, 0, METAL) + rect(346, by + 40, 10, 30, 0, METAL)
  })
  return group(at(x, y, s), b)
}

/** A train of one locomotive and `coaches` coaches, 300 px per vehicle, standing on a rail at y = 190. */
const train = (x, y, s, coaches = 2) => {
  let b = line(`M-40 196h${340 * (coaches + 1) + 40}`, NAVY, 6)
  for (let k = 0; k <= coaches; k++) {
    const cx = k * 340
    const body =
      k === 0
        ? pathEl(`M${cx} 40h300v130H${cx + 40}c-26 0-40-20-40-40z`, WHITE, stroked(EDGE, 3)) +
          pathEl(`M${cx + 4} 70h60v40H${cx + 10}z`, NAVY)
        : rect(cx, 40, 320, 130, 18, WHITE, stroked(EDGE, 3))
    b += body + rect(cx, 140, k === 0 ? 300 : 320, 12, 0, TEAL)
    for (let w = 0; w < 3; w++) b += rect(cx + 90 + w * 70, 66, 50, 40, 8, '#9fc3ea')
    b += circle(cx + 60, 180, 16, NAVY) + circle(cx + 250, 180, 16, NAVY)
  }
  return group(at(x, y, s), b)
}
const signal = (x, y, s) =>
  group(
    at(x, y, s),
    rect(-8, 0, 16, 320, 0, NAVY) +
      rect(-40, -10, 80, 190, 20, NAVY) +
      circle(0, 30, 22, TEAL) +
      circle(0, 86, 22, ACCENT) +
      circle(0, 142, 22, '#1c3558'),
  )
const cabinet = (x, y, s) =>
  group(
    at(x, y, s),
    line('M150 0v-90M130 -70h40', NAVY, 6) +
      rect(8, 10, 200, 260, 14, '#c5d0dc') +
      rect(0, 0, 200, 260, 14, WHITE, stroked(EDGE, 3)) +
      line('M40 40h120M40 60h120M40 80h120', EDGE, 6) +
      rect(40, 120, 120, 90, 10, NAVY) +
      circle(70, 150, 8, TEAL) +
      circle(100, 150, 8, TEAL) +
      circle(130, 150, 8, ACCENT),
  )
const barrier = (x, y, s) => {
  let b = rect(-14, 0, 28, 220, 6, NAVY) + rect(0, 30, 420, 26, 13, WHITE, stroked(NAVY, 3))
  for (let k = 0; k < 5; k++) b += rect(40 + k * 80, 30, 40, 26, 0, ACCENT)
  return group(at(x, y, s), b + circle(0, 42, 22, NAVY))
}
const thermometer = (x, y, s) =>
  group(
    at(x, y, s),
    rect(-16, -90, 32, 120, 16, WHITE, stroked(NAVY, 5)) +
      circle(0, 50, 30, TEAL) +
      rect(-6, -60, 12, 100, 6, TEAL),
  )

const pcb = (x, y, s) => {
  let b = rect(10, 12, 520, 340, 24, '#0a4d4d', { opacity: 0.35 }) + rect(0, 0, 520, 340, 24, '#0f6f6f')
  b += line('M60 60h120v80M60 280h160l40-40M460 60h-100v120M460 280h-80l-40-40', '#5fd3d3', 6)
  b += rect(200, 110, 140, 140, 12, NAVY) + rect(240, 150, 60, 60, 6, '#1c3558')
  b += line('M210 100v-14M240 100v-14M270 100v-14M300 100v-14M330 100v-14', METAL, 6)
  b += line('M210 260v14M240 260v14M270 260v14M300 260v14M330 260v14', METAL, 6)
  b +=
    circle(40, 40, 10, METAL) +
    circle(480, 40, 10, METAL) +
    circle(40, 300, 10, METAL) +
    circle(480, 300, 10, METAL)
  return group(at(x, y, s), b)
}
const building = (x, y, s) => {
  let b = rect(12, 12, 360, 520, 10, '#c5d0dc') + rect(0, 0, 360, 520, 10, WHITE, stroked(EDGE, 3))
  for (let r = 0; r < 6; r++)
    for (let c = 0; c < 4; c++) b += rect(36 + c * 78, 40 + r * 72, 52, 44, 6, '#9fc3ea')
  return group(at(x, y, s), b + rect(140, 450, 80, 70, 6, BLUE))
}
const rackSwitch = (x, y, s, ports = 16) => {
  let jacks = ''
  let leds = ''
  for (let k = 0; k < ports; k++) {
    const px = 150 + (k % (ports / 2)) * Math.round(440 / (ports / 2))
    const py = k < ports / 2 ? 22 : 62
    jacks += `<rect x="${px}" y="${py}" width="38" height="28" rx="4"/>`
    leds += `<rect x="${px + 8}" y="${py + 4}" width="22" height="6"/>`
  }
  const b =
    rect(8, 10, 640, 110, 14, '#c5d0dc') +
    rect(0, 0, 640, 110, 14, NAVY) +
    `<g fill="#1c3558">${jacks}</g><g fill="${TEAL}">${leds}</g>`
  return group(at(x, y, s), b + circle(50, 55, 12, TEAL) + rect(80, 45, 40, 20, 4, ACCENT))
}
const radioModem = (x, y, s) =>
  group(
    at(x, y, s),
    line('M330 0v-200', NAVY, 12) +
      circle(330, -210, 14, ACCENT) +
      rect(10, 12, 400, 200, 22, '#c5d0dc') +
      rect(0, 0, 400, 200, 22, WHITE, stroked(EDGE, 3)) +
      rect(30, 30, 180, 70, 10, NAVY) +
      line('M50 64h20M80 64h20M110 64h20', TEAL, 10) +
      circle(60, 150, 14, TEAL) +
      circle(110, 150, 14, BLUE) +
      rect(240, 130, 130, 40, 10, LIGHT),
  )
const embeddedPc = (x, y, s) => {
  let b = rect(10, 12, 520, 300, 24, '#c5d0dc') + rect(0, 0, 520, 300, 24, '#5f6b78')
  for (let k = 0; k < 9; k++) b += rect(30 + k * 54, 24, 30, 150, 8, '#8c98a5')
  b +=
    rect(0, 200, 520, 100, 24, NAVY) +
    rect(40, 230, 60, 40, 6, '#1c3558') +
    rect(120, 230, 60, 40, 6, '#1c3558')
  b += rect(200, 236, 90, 28, 6, BLUE) + circle(460, 250, 16, TEAL)
  return group(at(x, y, s), b)
}
const cloud = (x, y, s, fill = WHITE) =>
  group(at(x, y, s), pathEl('M80 240a80 80 0 0 1 0-160a120 120 0 0 1 230-30a90 90 0 0 1 40 190z', fill))
const serverStack = (x, y, s) => {
  let b = ''
  for (let k = 0; k < 3; k++)
    b +=
      rect(8, k * 90 + 10, 260, 76, 12, '#c5d0dc') +
      rect(0, k * 90, 260, 76, 12, NAVY) +
      circle(36, k * 90 + 38, 10, TEAL) +
      line(`M80 ${k * 90 + 38}h140`, '#1c3558', 12)
  return group(at(x, y, s), b)
}
const browser = (x, y, w, h) =>
  card(x, y, w, h, 16) +
  rect(x, y, w, 40, 0, '#dfe7f0') +
  circle(x + 24, y + 20, 7, TEAL) +
  rect(x + 40, y + 70, w * 0.5, 14, 7, '#9aa8b8') +
  rect(x + 40, y + 100, w * 0.7, 14, 7, EDGE) +
  rect(x + 40, y + 130, w * 0.6, 14, 7, EDGE)
const dash = (d) => line(d, TEAL, 5, { 'stroke-dasharray': '4 14' })
const bubble = (cx, cy, r, inner) => circle(cx + 8, cy + 10, r, '#d3dce6') + circle(cx, cy, r, WHITE) + inner

/** A small satellite (about 420 × 420) with body-mounted cells and four tape antennas. */
const cubesat = (x, y, s) => {
  let b = line('M60 80L-40-20M320 60l90-90M60 320l-90 90M330 330l80 80', METAL, 6)
  b += pathEl('M60 60l60-50h220l-60 50z', '#1c3558') + pathEl('M280 60l60-50v260l-60 50z', '#13294a')
  b += rect(60, 60, 220, 260, 10, '#1c3558')
  for (let k = 0; k < 4; k++) b += rect(76 + (k % 2) * 98, 76 + Math.floor(k / 2) * 118, 90, 108, 6, BLUE)
  b += line('M121 76v226M219 76v226', '#5b9bdc', 3) + rect(140, 300, 60, 20, 4, ACCENT)
  return group(at(x, y, s), b)
}
/** A ground-station dish on a mast (about 260 × 300). */
const groundStation = (x, y, s) =>
  group(
    at(x, y, s),
    rect(110, 120, 24, 150, 0, METAL) +
      rect(40, 260, 170, 30, 10, '#1c3558') +
      pathEl('M20 40a120 120 0 0 0 200 100z', WHITE) +
      line('M120 90l50-60', METAL, 6) +
      circle(172, 28, 10, ACCENT),
  )

const PAGES = {
  'home-hero': [
    1600,
    1000,
    () =>
      backdrop(1600, 1000, { x: 800, y: 500, r: 380 }) +
      dash('M800 500L340 250M800 500L1260 250M800 500L340 760M800 500L1260 760') +
      bubble(340, 250, 190, house(205, 100, 0.68)) +
      bubble(1260, 250, 190, satellite(1260, 240, 0.8)) +
      bubble(340, 760, 190, factory(208, 610, 0.68)) +
      bubble(1260, 760, 190, train(1100, 700, 0.48, 1)) +
      rect(700, 400, 200, 200, 30, NAVY) +
      rect(745, 445, 110, 110, 18, TEAL) +
      line(
        'M730 380v-20M770 380v-20M810 380v-20M850 380v-20M730 620v20M770 620v20M810 620v20M850 620v20',
        NAVY,
        10,
      ),
  ],
  'domain-smart-home': [
    1200,
    800,
    () =>
      backdrop(1200, 800) +
      house(180, 180, 1.2) +
      placeIn('smartpanel', 340, 585, 170, 120) +
      waves(760, 330, 1.8, 0) +
      phone(840, 200, 0.9, SCREENS.szephyr()),
  ],
  'domain-industrial': [
    1200,
    800,
    () => backdrop(1200, 800) + factory(120, 180, 1.15) + rackSwitch(560, 540, 0.85) + monitor(700, 140, 0.9),
  ],
  'domain-railways': [
    1200,
    800,
    () =>
      backdrop(1200, 800) +
      rect(0, 560, 1200, 240, 0, SOFT) +
      train(60, 380, 0.9, 2) +
      signal(1040, 260, 0.9) +
      waves(600, 260, 1.6, 0),
  ],
  'domain-space': [1200, 800, () => space(1200, 800, 7) + earth(600, 1500, 900) + satellite(600, 320, 1.3)],
  'solution-networking': [
    1200,
    800,
    () =>
      backdrop(1200, 800) +
      rackSwitch(280, 180, 1, 16) +
      rackSwitch(280, 340, 1, 8) +
      rackSwitch(280, 500, 1, 16) +
      line('M420 300c-40 20-40 60 0 80M700 460c40 20 40 60 0 80', TEAL, 6),
  ],
  'solution-radio': [
    1200,
    800,
    () => backdrop(1200, 800) + radioModem(360, 400, 1.1) + waves(760, 160, 2.4, 0) + train(680, 620, 0.4, 1),
  ],
  'solution-embedded': [
    1200,
    800,
    () => backdrop(1200, 800) + floorShadow(600, 660, 320) + embeddedPc(330, 250, 1.05),
  ],
  'solution-cloud': [
    1200,
    800,
    () =>
      backdrop(1200, 800) +
      cloud(420, 90, 1.1, WHITE) +
      icon('cloud', 600, 260, 2.4, BLUE) +
      dash('M600 380v120M600 500H300M600 500h300') +
      browser(140, 500, 320, 200) +
      serverStack(800, 480, 0.9),
  ],
  'about-hero': [
    1600,
    1000,
    () =>
      backdrop(1600, 1000, { x: 900, y: 500, r: 420 }) +
      rect(0, 860, 1600, 140, 0, SOFT) +
      building(360, 330, 1) +
      building(760, 200, 1.2) +
      pcb(1060, 520, 0.8),
  ],
  'about-design': [
    1200,
    800,
    () =>
      backdrop(1200, 800) +
      pcb(300, 200, 1.1) +
      circle(820, 250, 110, 'none', stroked(NAVY, 18)) +
      line('M900 330l90 90', NAVY, 26),
  ],
  'about-manufacturing': [
    1200,
    800,
    () => {
      let s = backdrop(1200, 800) + rect(80, 520, 1040, 40, 20, NAVY)
      for (let k = 0; k < 8; k++) s += circle(120 + k * 137, 540, 12, METAL)
      for (let k = 0; k < 3; k++) s += pcb(150 + k * 330, 380, 0.4)
      return (
        s + pathEl('M560 120h80l30 120H530z', BLUE) + ellipse(600, 330, 120, 24, ACCENT, { opacity: 0.3 })
      )
    },
  ],
  'about-testing': [
    1200,
    800,
    () =>
      backdrop(1200, 800) +
      monitor(150, 170, 1.1) +
      line('M190 300c30-60 60 60 90 0s60 60 90 0 60 60 90 0 60 60 90 0', TEAL, 5) +
      rect(680, 540, 440, 30, 10, NAVY) +
      placeIn('smampmax', 900, 440, 220, 200) +
      icon('check', 1020, 250, 3, TEAL, 6),
  ],
  'space-hero': [
    1600,
    1000,
    () =>
      space(1600, 1000, 3) +
      earth(800, 2000, 1250) +
      ellipse(800, 420, 640, 150, 'none', { ...stroked(TEAL, 3), 'stroke-dasharray': '6 18', opacity: 0.6 }) +
      satellite(800, 380, 1.7) +
      circle(1300, 220, 40, '#f1e2c6', { opacity: 0.5 }),
  ],
  'space-gen1': [
    1200,
    800,
    () => space(1200, 800, 11) + avionicsStack(400, 220, 1.1, [TEAL, TEAL, '#5b9bdc', '#5b9bdc', BLUE]),
  ],
  'space-gen1-mobile': [
    900,
    1100,
    () => space(900, 1100, 13) + avionicsStack(180, 330, 1.4, [TEAL, TEAL, '#5b9bdc', '#5b9bdc', BLUE]),
  ],
  'space-gen2': [
    1200,
    800,
    () =>
      space(1200, 800, 17) +
      avionicsStack(250, 160, 1.05, [TEAL, ACCENT, BLUE, TEAL, BLUE, '#5b9bdc']) +
      rect(760, 200, 180, 420, 20, '#1c3558') +
      rect(790, 240, 120, 70, 10, TEAL) +
      rect(790, 340, 120, 70, 10, TEAL) +
      rect(790, 440, 120, 70, 10, TEAL) +
      dash('M680 300h80M680 500h80'),
  ],
  'space-gen2-mobile': [
    900,
    1100,
    () =>
      space(900, 1100, 19) +
      avionicsStack(170, 200, 1.5, [TEAL, ACCENT, BLUE, TEAL, BLUE, '#5b9bdc']) +
      rect(250, 860, 400, 120, 20, '#1c3558') +
      rect(280, 890, 100, 60, 10, TEAL) +
      rect(400, 890, 100, 60, 10, TEAL) +
      rect(520, 890, 100, 60, 10, TEAL),
  ],
  'space-uhf': [
    1200,
    800,
    () => space(1200, 800, 23) + cubesat(250, 250, 1) + waves(720, 330, 2.4, 60) + groundStation(900, 560, 1),
  ],
  'space-uhf-mobile': [
    900,
    1100,
    () =>
      space(900, 1100, 29) + cubesat(220, 160, 1) + waves(460, 640, 2.4, 180) + groundStation(340, 800, 1),
  ],
  'railways-hero': [
    1600,
    1000,
    () =>
      rect(0, 0, 1600, 1000, 0, LIGHT) +
      pathEl('M0 640c240-160 420-160 640-40s420-200 960-60V1000H0z', SOFT) +
      rect(0, 820, 1600, 180, 0, '#dde4ec') +
      train(100, 600, 1, 2) +
      signal(1330, 520, 0.9) +
      cabinet(1420, 610, 0.7) +
      circle(1300, 200, 70, ACCENT, { opacity: 0.5 }),
  ],
  'railways-onboard': [
    1200,
    800,
    () =>
      backdrop(1200, 800) +
      rect(100, 180, 1000, 440, 40, WHITE, stroked(EDGE, 4)) +
      rect(100, 560, 1000, 20, 0, TEAL) +
      rect(160, 240, 240, 120, 14, NAVY) +
      line('M190 280h150M190 320h100', TEAL, 12) +
      pathEl('M560 220h80a40 40 0 0 1-80 0z', NAVY) +
      circle(600, 236, 10, TEAL) +
      waves(820, 320, 1.6, 0) +
      rackSwitch(660, 420, 0.6, 8) +
      circle(260, 640, 30, NAVY) +
      circle(940, 640, 30, NAVY),
  ],
  'railways-trackside': [
    1200,
    800,
    () =>
      backdrop(1200, 800) +
      rect(0, 620, 1200, 180, 0, SOFT) +
      signal(220, 300, 1) +
      cabinet(420, 360, 1) +
      barrier(760, 400, 0.9) +
      thermometer(1080, 200, 0.9),
  ],
  'railways-dashboard': [
    1200,
    800,
    () =>
      backdrop(1200, 800) +
      monitor(200, 130, 1.9) +
      line('M300 230c80 60 200-20 300 40s140 80 250 20', BLUE, 8) +
      circle(300, 230, 14, TEAL) +
      circle(850, 290, 14, ACCENT),
  ],
  'railways-onboard-mobile': [
    900,
    1100,
    () =>
      backdrop(900, 1100) +
      rect(100, 200, 700, 700, 40, WHITE, stroked(EDGE, 4)) +
      rect(160, 260, 280, 150, 14, NAVY) +
      line('M190 310h200M190 360h140', TEAL, 12) +
      waves(600, 360, 1.6, 0) +
      rackSwitch(190, 560, 0.8, 8) +
      rect(100, 840, 700, 20, 0, TEAL),
  ],
  'railways-trackside-mobile': [
    900,
    1100,
    () =>
      backdrop(900, 1100) +
      rect(0, 880, 900, 220, 0, SOFT) +
      signal(200, 560, 1) +
      cabinet(400, 620, 1) +
      thermometer(720, 300, 1),
  ],
  'railways-dashboard-mobile': [
    900,
    1100,
    () =>
      backdrop(900, 1100) +
      monitor(120, 300, 1.55) +
      line('M200 390c60 50 160-20 240 30s120 60 200 10', BLUE, 8) +
      circle(200, 390, 14, TEAL) +
      circle(640, 420, 14, ACCENT),
  ],
  webandcloud: [
    1600,
    1000,
    () =>
      backdrop(1600, 1000, { x: 800, y: 500, r: 400 }) +
      cloud(600, 160, 1.2, WHITE) +
      icon('cloud', 800, 360, 3, BLUE) +
      dash('M800 460v120M800 580H380M800 580h420') +
      browser(200, 620, 380, 240) +
      serverStack(1080, 600, 1) +
      phone(720, 600, 0.6, relayScreen()),
  ],
}

const PAGE_TITLES = {
  'home-hero': 'One electronics maker for homes, factories, railways and space',
  'domain-smart-home': 'A connected home controlled from a phone',
  'domain-industrial': 'A factory with rugged network switches and a monitoring screen',
  'domain-railways': 'A train passing a trackside signal',
  'domain-space': 'A satellite in orbit above the Earth',
  'solution-networking': 'Rack of rugged industrial Ethernet switches',
  'solution-radio': 'UHF radio modem linking to a train',
  'solution-embedded': 'Fanless embedded PC',
  'solution-cloud': 'Cloud platform linking browsers and servers',
  'about-hero': 'Offices and an electronics circuit board',
  'about-design': 'Circuit board under a magnifying glass',
  'about-manufacturing': 'Circuit boards on an assembly line',
  'about-testing': 'A product under test with its results on screen',
  'space-hero': 'Satellite orbiting the Earth',
  'space-gen1': 'Avionics stack, first generation, joined to a partner stack',
  'space-gen1-mobile': 'Avionics stack, first generation',
  'space-gen2': 'Avionics stack, second generation, with storage modules',
  'space-gen2-mobile': 'Avionics stack, second generation',
  'space-uhf': 'Small satellite with UHF antennas talking to a ground station',
  'space-uhf-mobile': 'Small satellite with UHF antennas talking to a ground station',
  'railways-hero': 'Train on the line beside a signal and a trackside cabinet',
  'railways-onboard': 'Coach interior with passenger screens, camera, Wi-Fi and a network switch',
  'railways-onboard-mobile': 'Coach interior with passenger screens, Wi-Fi and a network switch',
  'railways-trackside': 'Signal, trackside cabinet, level crossing and thermometer',
  'railways-trackside-mobile': 'Signal, trackside cabinet and thermometer',
  'railways-dashboard': 'Dashboard with a route map and fleet charts',
  'railways-dashboard-mobile': 'Dashboard with a route map and fleet charts',
  webandcloud: 'Cloud services connecting browsers, phones and servers',
}

/** Generic compliance badges (240 × 120) in the shared badge layout: icon left, figure and caption right. */
const badge = (iconSvg, big, size, caption) =>
  rect(4, 4, 232, 112, 20, WHITE, stroked(EDGE, 3)) +
  group('translate(58 60) scale(0.85)', iconSvg) +
  label(158, 64, size, NAVY, big) +
  label(158, 88, 13, TEAL, caption)
const PARTNERS = {
  'ce-certified': [
    'CE certified for the European market',
    badge(circle(0, 0, 34, NAVY) + icon('check', 0, 2, 1.6, WHITE, 6), 'CE', 30, 'CERTIFIED'),
  ],
  'wifi-connected': [
    'Connects over Wi-Fi',
    badge(
      circle(0, 0, 34, TEAL, { opacity: 0.15 }) + icon('wifi', 0, 4, 0.9, TEAL, 6),
      'Wi-Fi',
      28,
      'CONNECTED',
    ),
  ],
  'wifi-ble': [
    'Connects over Wi-Fi and Bluetooth Low Energy',
    badge(
      circle(0, 0, 34, BLUE, { opacity: 0.12 }) +
        icon('wifi', -8, 4, 0.6, TEAL, 7) +
        icon('bt', 16, 0, 0.9, BLUE, 5),
      'Wi-Fi + BLE',
      22,
      'DUAL RADIO',
    ),
  ],
  'voice-ready': [
    'Works with voice assistants',
    badge(circle(0, 0, 34, NAVY) + icon('mic', 0, 0, 1.2, WHITE, 5), 'VOICE', 28, 'ASSISTANT READY'),
  ],
  'ota-updates': [
    'Firmware updates over the air',
    badge(
      circle(0, 0, 34, BLUE, { opacity: 0.12 }) +
        icon('cloud', 0, 0, 1.5, BLUE) +
        line('M1-2v12M-5 5l6 6 6-6', WHITE, 4),
      'OTA',
      30,
      'FIRMWARE UPDATES',
    ),
  ],
  'multi-user': [
    'Multi-user access from the web app',
    badge(person(-14, 10, 0.7, BLUE) + person(14, 14, 0.7, TEAL), 'MULTI-USER', 20, 'WEB APP ACCESS'),
  ],
  'warranty-1-year': [
    'One-year warranty',
    badge(icon('shield', 0, 0, 2, NAVY, 3.5), '1 YEAR', 28, 'WARRANTY'),
  ],
  'glow-wire-930': [
    'Glow wire test passed at 930 degrees Celsius',
    badge(
      circle(0, 0, 34, ACCENT, { opacity: 0.15 }) + icon('flame', 0, 2, 1.4, ACCENT),
      '930°C',
      28,
      'GLOW WIRE TEST',
    ),
  ],
}

// ---------------------------------------------------------------- output

const written = []
function write(rel, w, h, body, title) {
  const file = path.join(OUT, rel)
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" ` +
    `font-family="${FONT}" stroke-linecap="round" stroke-linejoin="round"><title>${title}</title>${body}</svg>\n`
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, svg)
  written.push({ rel, bytes: Buffer.byteLength(svg) })
}

const VIEWS = {
  hero: '',
  'hero-mobile': '',
  feature: '',
  'feature-mobile': '',
  application: 'in use at home',
  'application-mobile': 'in use at home',
  'webapp-1': 'web app dashboard with six relays and several users',
  'webapp-2': 'web app on a laptop, a tablet and a phone',
}
for (const [slug, { name }] of Object.entries(PRODUCTS)) {
  const dir = `products/${slug}`
  const out = (file, w, h, body, what = VIEWS[file] ?? '') =>
    write(`${dir}/${file}.svg`, w, h, body, what ? `${name}, ${what}` : name)
  write(`Header/${slug}.svg`, 640, 480, header(slug), name)
  out('hero', 1600, 1200, hero(slug))
  out('hero-mobile', 900, 1100, heroMobile(slug))
  out('feature', 900, 900, feature(slug, 560))
  out('feature-mobile', 900, 900, feature(slug, 700))
  for (const n of [1, 2, 3]) out(`install-${n}`, 1200, 800, install(slug, n), `installation step ${n}`)
  const catalog = CATALOG[slug] ?? CATALOG.default
  catalog.forEach((draw, i) => {
    out(`catalog-${i + 1}`, 900, 675, draw(slug), CATALOG_VIEWS[slug][i])
  })
  out('application', 1600, 900, APPLICATION[slug].wide())
  out('application-mobile', 900, 1100, APPLICATION[slug].mobile())
  if (slug === 'smartpanel') {
    out('webapp-1', 1200, 800, webApp(1))
    out('webapp-2', 1200, 800, webApp(2))
    continue
  }
  for (const variant of Object.keys(VARIANTS))
    out(`colour-${variant}`, 900, 900, colour(slug, variant), `${variant} body`)
  for (const kind of ['home', 'industry'])
    for (const n of [1, 2])
      out(`diff-${kind}-${n}`, 900, 675, differentiation(slug, kind, n), DIFF_VIEWS[`${kind}-${n}`])
}
for (const [name, [w, h, draw]] of Object.entries(PAGES))
  write(`pages/${name}.svg`, w, h, draw(), PAGE_TITLES[name])
for (const [name, [title, body]] of Object.entries(PARTNERS))
  write(`partners/${name}.svg`, 240, 120, body, title)

for (const f of written)
  if (f.bytes > MAX_BYTES) console.warn(`${f.rel} is ${f.bytes} bytes (aim for under ${MAX_BYTES}).`)
console.log(`Wrote ${written.length} SVG files under content/images/.`)
