import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { placeholderBrochures } from './placeholder-brochures.ts'

/** A stand-in brochure exactly as tools/make-brochures.mjs wrote it into the project. */
const STAND_IN = path.join(import.meta.dirname, '../../public/storage/brochures/UHF.pdf')
/** A PDF the company supplied: same shape, its own producer in the document info. */
const COMPANY_PDF = `%PDF-1.4\n${'x'.repeat(600)}\n<< /Title (UHF) /Creator (Company DTP) >>\n%%EOF\n`

// A local server stands in for a remote storage base: tests never leave this machine.
const ranges: string[] = []
let server: http.Server
let base = ''
beforeAll(async () => {
  const standIn = await readFile(STAND_IN)
  server = http.createServer((req, res) => {
    ranges.push(`${req.url} ${req.headers.range ?? 'whole file'}`)
    const send = (body: Buffer | string) => res.writeHead(206).end(body)
    if (req.url === '/files/brochures/Late.pdf') return setTimeout(() => send(standIn), 80)
    if (req.url === '/files/brochures/UHF.pdf' || req.url === '/files/brochures/Early.pdf')
      return send(standIn)
    if (req.url === '/files/brochures/Company.pdf') return send(COMPANY_PDF)
    if (req.url === '/files/brochures/Slow.pdf') return // never answers
    res.writeHead(404).end(standIn) // an error page that happens to carry the marker is not a brochure
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

const dirs: string[] = []
afterEach(async () => {
  ranges.length = 0
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

/** A project whose public/storage/brochures holds the given files (`stand-in` or `company`). */
async function project(files: Record<string, 'stand-in' | 'company'>) {
  const root = await mkdtemp(path.join(tmpdir(), 'site-brochures-'))
  dirs.push(root)
  const folder = path.join(root, 'public/storage/brochures')
  await mkdir(folder, { recursive: true })
  for (const [id, kind] of Object.entries(files)) {
    if (kind === 'stand-in') await copyFile(STAND_IN, path.join(folder, `${id}.pdf`))
    else await writeFile(path.join(folder, `${id}.pdf`), COMPANY_PDF)
  }
  return { storageBase: '/storage', publicDir: path.join(root, 'public'), projectRoot: root }
}

describe('stand-in brochures in a release', () => {
  it('names each stand-in PDF in public/, in file order, with what to put there; company PDFs and missing files pass', async () => {
    const options = await project({ Zeta: 'stand-in', Alpha: 'stand-in', Own: 'company' })
    const brochures = [
      { id: 'Zeta', title: 'Zeta Sheet' },
      { id: 'Missing', title: 'Not There' },
      { id: 'Own', title: 'Own Sheet' },
      { id: 'Alpha', title: 'Alpha Sheet' },
    ]
    expect(await placeholderBrochures(brochures, options)).toEqual([
      {
        file: 'public/storage/brochures/Alpha.pdf',
        line: 1,
        col: 1,
        path: '',
        code: 'placeholder-brochure',
        message: 'The Alpha brochure ("Alpha Sheet") is the stand-in PDF tools/make-brochures.mjs writes.',
        hint: "put the company's PDF at /storage/brochures/Alpha.pdf.",
      },
      {
        file: 'public/storage/brochures/Zeta.pdf',
        line: 1,
        col: 1,
        path: '',
        code: 'placeholder-brochure',
        message: 'The Zeta brochure ("Zeta Sheet") is the stand-in PDF tools/make-brochures.mjs writes.',
        hint: "put the company's PDF at /storage/brochures/Zeta.pdf.",
      },
    ])
  })

  it('reads only the last 4 KB of a brochure on a remote storage base, and names it by its URL', async () => {
    const found = await placeholderBrochures([{ id: 'UHF', title: 'UHF Radio Modem' }], {
      storageBase: `${base}/files/`,
      publicDir: '/nonexistent',
      projectRoot: '/nonexistent',
    })
    expect(found.map((p) => `${p.file}  ${p.code}  ${p.hint}`)).toEqual([
      `${base}/files/brochures/UHF.pdf  placeholder-brochure  put the company's PDF at ${base}/files/brochures/UHF.pdf.`,
    ])
    expect(ranges).toEqual(['/files/brochures/UHF.pdf bytes=-4096'])
  })

  it('lists remote stand-ins in URL order, whichever answers first', async () => {
    const found = await placeholderBrochures(
      [
        { id: 'Late', title: 'Late' },
        { id: 'Early', title: 'Early' },
      ],
      {
        storageBase: `${base}/files`,
        publicDir: '/nonexistent',
        projectRoot: '/nonexistent',
        timeoutMs: 2000,
      },
    )
    expect(found.map((p) => p.file)).toEqual([
      `${base}/files/brochures/Early.pdf`,
      `${base}/files/brochures/Late.pdf`,
    ])
  })

  it('passes a remote company PDF, an error answer, a host that does not answer in time and one that cannot be reached', async () => {
    const options = {
      storageBase: `${base}/files`,
      publicDir: '/nonexistent',
      projectRoot: '/nonexistent',
      timeoutMs: 300,
    }
    const brochures = [
      { id: 'Company', title: 'Company' },
      { id: 'Gone', title: 'Gone' },
      { id: 'Slow', title: 'Slow' },
    ]
    expect(await placeholderBrochures(brochures, options)).toEqual([])
    expect(
      await placeholderBrochures(brochures, { ...options, storageBase: 'http://127.0.0.1:1/files' }),
    ).toEqual([])
  })
})
