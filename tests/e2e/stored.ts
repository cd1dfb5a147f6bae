import { execFileSync } from 'node:child_process'
import { SERVE_DATA } from '../../playwright.config.ts'

/** What the sales team would export from Playwright's `site serve`: the stored submissions of one kind. */
export function stored(kind: string): Record<string, unknown>[] {
  const out = execFileSync(
    process.execPath,
    ['bin/site.js', 'submissions', 'export', '--data', SERVE_DATA, '--format', 'json', '--kind', kind],
    // Standard error says the e-mails wait for an instance with SITE_SMTP_URL (this one has none): true,
    // and not the tests' subject.
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  )
  return JSON.parse(out) as Record<string, unknown>[]
}
