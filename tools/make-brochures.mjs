#!/usr/bin/env node
// Writes the nine one-page brochure PDFs to public/storage/brochures/<id>.pdf.
// Plain PDF 1.4 with the standard Helvetica fonts, so no dependency is needed; the byte offsets in the
// cross-reference table are counted from the bytes actually written. Run: `node tools/make-brochures.mjs`.
// The ids and titles match content/brochures.yaml.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const OUT = path.join(ROOT, 'public/storage/brochures')
const COMPANY = 'Kaveri Electronics'
const CONTACT = 'support@kaverielectronics.in  |  Office hours 9.00 - 18.30'

const BROCHURES = [
  {
    id: 'UHF',
    title: 'UHF Radio Modem',
    lines: [
      'A rugged data radio for the 406-470 MHz UHF band.',
      'Built to railway standards for signalling, train-to-ground and wayside data links.',
      'Carries serial and Ethernet traffic between stations, cabins and moving trains.',
      'Wide supply input, industrial temperature range and a metal enclosure for trackside cabinets.',
      'Link status and diagnostics help maintainers keep every radio path healthy.',
    ],
  },
  {
    id: 'IN_OFES_V2',
    title: 'OFES V2 Ethernet Ring Media Convertor',
    lines: [
      'Converts copper Ethernet to fibre and closes the fibre links into a self-healing ring.',
      'When a fibre is cut, traffic takes the other way round the ring within milliseconds.',
      'Suited to substations, rail corridors, tunnels and plants where cables run long distances.',
      'DIN-rail housing with redundant power inputs and status LEDs for every port.',
      'Works alongside our rugged L2 managed switches on the same ring.',
    ],
  },
  {
    id: 'IN_SRFX_20D',
    title: 'SRFX 20D Serial to Redundant Fibre Extender',
    lines: [
      'Carries RS232 serial data over optical fibre for up to 80 km.',
      'Two fibre paths run side by side; if one fails, the other keeps the link up.',
      'Optical isolation removes ground loops and electrical noise between distant sites.',
      'Transparent to the serial protocol: no software changes on the connected equipment.',
      'Compact DIN-rail unit with dual power inputs and per-link status indication.',
    ],
  },
  {
    id: 'EmbeddedPC',
    title: 'Embedded PC',
    lines: [
      'A fanless industrial computer for control rooms, kiosks, coaches and machine panels.',
      'Sealed metal housing that spreads heat through its fins, with no moving parts to wear out.',
      'Ethernet, USB and serial ports for connecting field devices and operator screens.',
      'Runs standard operating systems for gateways, data logging, HMIs and edge analytics.',
      'Wide-range DC input for vehicles and cabinets; 1-year warranty.',
    ],
  },
  {
    id: 'FireandSafety',
    title: 'Fire and Safety Monitoring System',
    lines: [
      'Watches smoke, heat and gas sensors in coaches, plant rooms and electrical panels.',
      'Raises local alarms at once and reports every event to the central dashboard.',
      'Sensor health is checked continuously, so a failed detector is found before it is needed.',
      'Event history with time stamps supports investigations and safety audits.',
      'Built on our multi sensor control systems and rugged networking products.',
    ],
  },
  {
    id: 'CoachesHealthMonitoringSystem',
    title: 'Coaches Health Monitoring System',
    lines: [
      'Collects the condition of coach systems - doors, air conditioning, lighting and power - on board.',
      'Sends the readings train-to-ground (T2G) so depots see each coach in real time.',
      'Trends and alerts support predictive maintenance instead of fixed-interval checks.',
      'EN 50155-compliant onboard hardware with rugged Ethernet connectivity.',
      'Fleet analytics show which coaches need attention before they leave service.',
    ],
  },
  {
    id: 'MultiProductWebApp',
    title: 'Multi-Product Web App',
    lines: [
      'One browser app for the Smart Panel Board, SZephyr, Smazer and SmampMax.',
      'Nothing to install: open it on a laptop, tablet or phone and your devices are there.',
      'Multi-user access lets a household or a facility team share control.',
      'Schedules, timers and energy readings stay in sync across every screen.',
      'Designed for large screens, with a dashboard that shows every relay at a glance.',
    ],
  },
  {
    id: 'KavachHealthMonitoring',
    title: 'Kavach Health Monitoring',
    lines: [
      'Monitors the health of Kavach train-protection equipment on locomotives and along the track.',
      'Radio, power and communication status is gathered from each unit and sent to a central view.',
      'Faults are flagged with their location, so maintainers reach the right site first time.',
      'History and trends help plan maintenance and prove availability figures.',
      'Runs on our rugged onboard and trackside hardware, rated from -40 C to +70 C.',
    ],
  },
  {
    id: 'CentralhealthMonitoringSystem',
    title: 'Central Health Monitoring System',
    lines: [
      'A centralised, real-time overview of onboard and trackside assets in one dashboard.',
      'Combines data from coaches, signalling equipment, level crossings and wayside detectors.',
      'Predictive maintenance alerts turn readings into work orders before failures happen.',
      'Train-to-ground (T2G) monitoring and fleet analytics for operations and depots.',
      'Role-based views for control rooms, maintainers and managers.',
    ],
  },
]

/** Escapes text for a PDF literal string. Only ASCII is used, so no font encoding issues arise. */
const pdfText = (s) => s.replace(/[\\()]/g, (c) => `\\${c}`)

/** Title size that keeps the title inside the 480 pt band (bold capitals and lower case average ~0.58 em). */
const titleSize = (title) => Math.min(24, Math.floor(480 / (title.length * 0.58)))

/** Breaks a line into pieces short enough for the text column (Helvetica 12 pt, about 74 characters). */
function wrap(text, max = 74) {
  const out = []
  let current = ''
  for (const word of text.split(' ')) {
    if (current && `${current} ${word}`.length > max) {
      out.push(current)
      current = word
    } else current = current ? `${current} ${word}` : word
  }
  if (current) out.push(current)
  return out
}

/** The page's drawing commands: a navy band with the title, the points, and a footer. */
function pageContent(brochure) {
  const ops = [
    '0.043 0.122 0.227 rg 0 712 595 130 re f',
    '0 0.651 0.651 rg 0 706 595 6 re f',
    `BT 1 1 1 rg /F2 11 Tf 56 800 Td (${pdfText(COMPANY.toUpperCase())}) Tj ET`,
    `BT 1 1 1 rg /F2 ${titleSize(brochure.title)} Tf 56 748 Td (${pdfText(brochure.title)}) Tj ET`,
    `BT 0.043 0.122 0.227 rg /F2 14 Tf 56 660 Td (Product brochure) Tj ET`,
  ]
  let y = 626
  for (const point of brochure.lines) {
    ops.push(`0.082 0.396 0.753 rg 58 ${y + 1} 6 6 re f`)
    for (const piece of wrap(point)) {
      ops.push(`BT 0.15 0.2 0.28 rg /F1 12 Tf 74 ${y} Td (${pdfText(piece)}) Tj ET`)
      y -= 18
    }
    y -= 10
  }
  ops.push('0.812 0.847 0.89 RG 1 w 56 90 m 539 90 l S')
  ops.push(`BT 0.36 0.42 0.5 rg /F1 10 Tf 56 70 Td (${pdfText(`${COMPANY}  |  ${CONTACT}`)}) Tj ET`)
  return ops.join('\n')
}

/** Serialises a one-page PDF 1.4 file, counting every object's byte offset for the xref table. */
function pdf(brochure) {
  const content = pageContent(brochure)
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ' +
      '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title (${pdfText(brochure.title)}) /Author (${pdfText(COMPANY)}) /Creator (tools/make-brochures.mjs) >>`,
  ]
  const chunks = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  let length = chunks[0].length
  const offsets = []
  objects.forEach((body, i) => {
    offsets.push(length)
    const chunk = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1')
    chunks.push(chunk)
    length += chunk.length
  })
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${length}\n%%EOF\n`
  chunks.push(Buffer.from(xref, 'latin1'))
  return Buffer.concat(chunks)
}

mkdirSync(OUT, { recursive: true })
for (const brochure of BROCHURES) {
  const bytes = pdf(brochure)
  writeFileSync(path.join(OUT, `${brochure.id}.pdf`), bytes)
  console.log(`${brochure.id}.pdf  ${bytes.length} bytes`)
}
