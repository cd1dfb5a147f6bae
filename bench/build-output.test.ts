import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatStage, runStages } from '../cli/build/run-stages.ts'
import { printError } from '../cli/errors.ts'
import { printReport } from '../cli/verify/run.ts'
import { ERRORS, siteError } from '../lib/errors.ts'
import { parseBuildOutput } from './build-output.ts'

/**
 * The scale bench reads what `site build` prints. The output here is made by the build's own
 * printers, so a change to what the build prints fails this test rather than blanking the bench's
 * table.
 */
describe('parseBuildOutput', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  /** What the printers write to stdout and stderr while `print` runs. */
  async function printed(print: () => unknown): Promise<{ stdout: string; stderr: string }> {
    const stdout: string[] = []
    const stderr: string[] = []
    vi.spyOn(console, 'log').mockImplementation((line: string) => stdout.push(line))
    vi.spyOn(console, 'error').mockImplementation((line: string) => stderr.push(line))
    await print()
    vi.restoreAllMocks()
    return { stdout: `${stdout.join('\n')}\n`, stderr: `${stderr.join('\n')}\n` }
  }

  it('reads the stages, the pages, the home row and a verify failure', async () => {
    const searchMiss = (n: number) => ({
      page: `/products/switch-${n}`,
      file: 'pagefind/',
      message: `searching for "Switch ${n}" shows /products/switch-${n}1 first, not this product`,
    })
    const { stdout, stderr } = await printed(async () => {
      console.log('Building the site:')
      console.log(formatStage({ name: 'validate', ms: 764, summary: '1046 content files valid' }))
      console.log(formatStage({ name: 'pre-render', ms: 24_930, summary: '1059 pages written' }))
      console.log(formatStage({ name: 'cdn files', ms: 15_300, summary: 'sitemap (1044 pages), robots.txt' }))
      const failed = await runStages(
        [
          {
            name: 'verify',
            run: async () => {
              printReport({
                failures: [
                  {
                    page: '/',
                    file: 'index.html',
                    message: 'first-load JavaScript is 111.5 KB gzipped, over its budget of 108 KB',
                  },
                  searchMiss(1),
                  searchMiss(2),
                ],
                warnings: [],
                rows: [
                  { route: '/404.html', htmlBytes: 12_000, jsGzipBytes: 107_000, jsBudget: 110_592 },
                  { route: '/', htmlBytes: 116_736, jsGzipBytes: 114_176, jsBudget: 110_592 },
                ],
              })
              throw siteError(ERRORS.VerifyFailed, { count: 3, where: '' })
            },
          },
        ],
        {},
        console.log,
      ).catch((error: unknown) => error)
      printError(failed)
    })

    const out = parseBuildOutput(stdout, stderr)

    expect(out.stages).toEqual([
      { name: 'validate', ms: 764, summary: '1046 content files valid', failed: false },
      { name: 'pre-render', ms: 24_900, summary: '1059 pages written', failed: false },
      { name: 'cdn files', ms: 15_300, summary: 'sitemap (1044 pages), robots.txt', failed: false },
      { name: 'verify', ms: expect.any(Number), summary: '', failed: true },
    ])
    expect(out.pages).toBe(1059)
    expect(out.home).toEqual({ html: '114.0 KB', js: '111.5 KB', budget: '108.0 KB' })
    expect(out.failedAt).toBe('verify')
    expect(out.message).toMatch(/^The build stopped at "verify": 3 problems in the built site/)
    expect(out.problemKinds).toEqual([
      {
        kind: 'searching for "…" shows /… first, not this product',
        count: 2,
        example:
          '/products/switch-1: searching for "Switch 1" shows /products/switch-11 first, not this product',
      },
      {
        kind: 'first-load JavaScript is N KB gzipped, over its budget of N KB',
        count: 1,
        example: '/: first-load JavaScript is 111.5 KB gzipped, over its budget of 108 KB',
      },
    ])
  })

  it('says nothing failed of a build that passed', () => {
    const out = parseBuildOutput(
      `${formatStage({ name: 'verify', ms: 776, summary: '62 pages: routes, links' })}\n62 pages verified.\n`,
      '',
    )
    expect(out.failedAt).toBeUndefined()
    expect(out.message).toBeUndefined()
    expect(out.problemKinds).toEqual([])
    expect(out.stages).toEqual([
      { name: 'verify', ms: 776, summary: '62 pages: routes, links', failed: false },
    ])
  })
})
