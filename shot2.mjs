import { chromium } from '@playwright/test'
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] })
const [route, w, seg] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4] ?? 1600)]
const p = await b.newPage({ viewport: { width: w, height: 900 } })
await p.emulateMedia({ reducedMotion: 'reduce' })
await p.goto('http://127.0.0.1:4350' + route)
await p.evaluate(async () => { for (let y = 0; y < document.body.scrollHeight; y += 600) { scrollTo(0, y); await new Promise(r => setTimeout(r, 30)) } scrollTo(0, 0) })
await p.waitForTimeout(500)
const h = await p.evaluate(() => document.documentElement.scrollHeight)
let i = 0
for (let y = 0; y < h; y += seg, i++) await p.screenshot({ path: `/tmp/seg-${i}.png`, fullPage: true, clip: { x: 0, y, width: w, height: Math.min(seg, h - y) } })
console.log(h, i)
await b.close()
