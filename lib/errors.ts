/**
 * The user-facing errors, shared by the model, the CLI and the server. A `SiteError` is "your input
 * is wrong" (content, flags, files, settings): it prints as a message and a hint, never a stack trace.
 * Anything else is "our bug" and prints its stack so it can be reported.
 *
 * Every SiteError comes from one entry of the catalogue below (`siteError(ERRORS.X, params)`): a stable
 * code, a title, the message (what happened, why) and the hint (what to do). Call sites pick an entry
 * and give the particulars; nobody writes a code or a hint inline. `tools/errors.test.ts` holds that.
 */

/** One located problem in a content file (or a file the content points at). */
export interface Problem {
  /** Path relative to the project root, e.g. `content/products/szephyr.yaml`. */
  file: string
  line: number
  col: number
  /** JSON pointer of the field, e.g. `/specifications/2/value`; empty for the whole file. */
  path: string
  /** Stable name, e.g. `wrong-type`, `unknown-field`. */
  code: string
  /** What happened, in one sentence. */
  message: string
  /** What to do about it. */
  hint: string
}

export class SiteError extends Error {
  override readonly name = 'SiteError'
  constructor(
    /** Stable name of the error, e.g. `content-invalid`. */
    readonly code: string,
    message: string,
    /** What to do about it. */
    readonly hint?: string,
    /** Located problems, when the error is about content. */
    readonly problems: Problem[] = [],
  ) {
    super(message)
  }
}

/** Formats problems as `file:line:col  path`, message and fix, then a count. */
export function formatProblems(problems: readonly Problem[], noun = 'problem'): string {
  const lines: string[] = []
  for (const p of problems) {
    // A problem with no line is about a setting, not a place in a file (e.g. an environment variable).
    const where = p.line ? `${p.file}:${p.line}:${p.col}` : p.file
    lines.push(`${where}${p.path ? `  ${p.path}` : ''}`)
    lines.push(`  ${p.message}`)
    if (p.hint) lines.push(`  Fix: ${p.hint}`)
  }
  const files = new Set(problems.filter((p) => p.line).map((p) => p.file)).size
  const settings = problems.some((p) => !p.line) ? ' and the settings' : ''
  lines.push(`${plural(problems.length, noun)} in ${plural(files, 'file')}${settings}.`)
  return lines.join('\n')
}

/** `1 file`, `2 files`; `many` for a word that does not just add an s (`1 entry`, `2 entries`). */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`
}

/**
 * Whether `error` is a SiteError from any copy of this module: Vite's config bundle and its SSR module
 * graph each load their own, so `instanceof` fails across them in `site dev`.
 */
export function isSiteError(error: unknown): error is SiteError {
  return error instanceof Error && error.name === 'SiteError' && Array.isArray((error as SiteError).problems)
}

/** One kind of user-facing error: how it is named, and how its message and hint are worded. */
export interface ErrorEntry<P> {
  /** Stable name, printed with `--json` and matched by tests and scripts. */
  code: string
  /** What kind of error it is, in a few words. */
  title: string
  message: (params: P) => string
  hint: (params: P) => string
  /** Particulars that make a typical message, for the reference in docs/errors.md. */
  example: P
}

/** Defines a catalogue entry, letting TypeScript infer what it takes. */
const entry = <P = void>(e: ErrorEntry<P>): ErrorEntry<P> => e

/** An error from its catalogue entry, with the particulars and, for content, the located problems. */
export function siteError<P>(kind: ErrorEntry<P>, params: P, problems: Problem[] = []): SiteError {
  return new SiteError(kind.code, kind.message(params), kind.hint(params), problems)
}

/** The same error told with more of what happened (the stage it stopped, what became of dist/). */
export function restated(error: SiteError, message: string): SiteError {
  return new SiteError(error.code, message, error.hint, error.problems)
}

/** The catalogue of every user-facing error. */
export const ERRORS = {
  ContentInvalid: entry<{ count: number; outcome?: string; next: string }>({
    code: 'content-invalid',
    title: 'The content has problems',
    message: (p) => `The content has ${plural(p.count, 'problem')}.${p.outcome ? ` ${p.outcome}` : ''}`,
    hint: (p) => `fix them, then ${p.next}.`,
    example: { count: 3, outcome: 'Nothing was written to dist/.', next: 'run `site validate` again' },
  }),
  ContentStoppedBuild: entry<{ after: string; cause: string; kept: string }>({
    code: 'content-invalid',
    title: 'A content problem stopped the build',
    message: (p) => `The build stopped after ${p.after} on a problem in the content (${p.cause}). ${p.kept}`,
    hint: () => 'fix the problems above, then run `site build` again.',
    example: {
      after: '4.2 s',
      cause: 'URL provided twice',
      kept: 'dist/client is unchanged: it still holds the build of 28 Nov 2026, 09:14.',
    },
  }),
  ReleaseRefused: entry<{ count: number; outcome?: string; next: string }>({
    code: 'release-refused',
    title: 'Not ready for release',
    message: (p) =>
      `Not ready for release: ${plural(p.count, 'problem')}.${p.outcome ? ` ${p.outcome}` : ''}`,
    hint: (p) =>
      `supply the values listed above (docs/releasing.md walks through each kind), then ${p.next}; without --release the site builds for a local preview.`,
    example: { count: 2, next: 'run `site build --release` again' },
  }),
  EnvInvalid: entry<{ mistakes: string[]; outcome?: string }>({
    code: 'env-invalid',
    title: 'A SITE_* environment variable is wrong',
    message: (p) => `${p.mistakes.join('\n')}${p.outcome ? `\n${p.outcome}` : ''}`,
    hint: () => 'fix the environment variable and run the command again.',
    example: {
      mistakes: ['SITE_URL is www.company.in: write the full address, e.g. https://www.company.in.'],
      outcome: 'Nothing was built; dist/ is unchanged.',
    },
  }),
  ImagesInvalid: entry<{ failed: number; total: number }>({
    code: 'images-invalid',
    title: 'Images could not be made',
    message: (p) => `${p.failed} of ${p.total} images could not be made.`,
    hint: () => 'fix the image files or the paths named above.',
    example: { failed: 1, total: 262 },
  }),
  ImagesMissing: entry({
    code: 'images-missing',
    title: 'The images have not been made',
    message: () => 'The images have not been made yet.',
    hint: () => 'run `site images` (or `site build`).',
    example: undefined,
  }),
  ImageNotEncoded: entry<{ ref: string }>({
    code: 'image-not-encoded',
    title: 'An image was not made',
    message: (p) => `The image "${p.ref}" was not made by \`site images\`.`,
    hint: () => 'run `site images` again.',
    example: { ref: 'products/szephyr/hero.svg' },
  }),
  BrochuresInvalid: entry<{ bad: number; total: number; storageBase: string }>({
    code: 'brochures-invalid',
    title: 'Brochure PDFs are missing or wrong',
    message: (p) => `${p.bad} of ${p.total} brochures are missing or wrong at ${p.storageBase}.`,
    hint: () =>
      'upload the PDFs named above to the storage base, or fix their ids in content/brochures.yaml.',
    example: { bad: 2, total: 9, storageBase: '/storage' },
  }),
  VerifyFailed: entry<{ count: number; where: string }>({
    code: 'verify-failed',
    title: 'The built site has problems',
    message: (p) =>
      `${plural(p.count, 'problem')} in the built site${p.where ? ` at ${p.where}` : ''}; do not release it.`,
    hint: () => 'fix the pages or content named above and build again.',
    example: { count: 3, where: '' },
  }),
  CheckoutBusy: entry<{ holder: string }>({
    code: 'checkout-busy',
    title: 'Another command is writing this checkout',
    message: (p) =>
      `${p.holder} is writing this checkout's dist/ and .cache/, and --no-wait was given: nothing was done.`,
    hint: () =>
      'wait for it to finish and run the command again, or run it without --no-wait to wait for it.',
    example: { holder: '`site build` (process 4242, since 2026-11-28 14:05:09)' },
  }),
  BadNumberFlag: entry<{ flag: string; min: number; max: number; value: string; example: string }>({
    code: 'bad-flag',
    title: 'A flag has a wrong value',
    message: (p) => `${p.flag} must be a whole number from ${p.min} to ${p.max}, not "${p.value}".`,
    hint: (p) => `e.g. ${p.flag} ${p.example}`,
    example: { flag: '--port', min: 0, max: 65535, value: 'eighty', example: '4173' },
  }),
  BadTrustProxy: entry<{ entry: string }>({
    code: 'bad-flag',
    title: 'A flag has a wrong value',
    message: (p) => `--trust-proxy "${p.entry}" is neither a number of proxies nor an IP address or range.`,
    hint: () =>
      'give the number of proxies in front (e.g. --trust-proxy 1) or their addresses (e.g. --trust-proxy 10.0.0.0/8,192.168.1.5).',
    example: { entry: 'the-proxy' },
  }),
  BadDate: entry<{ value: string }>({
    code: 'bad-date',
    title: 'Not a date',
    message: (p) => `--since "${p.value}" is not a date.`,
    hint: () =>
      'write a day as YYYY-MM-DD (e.g. --since 2025-03-01, from midnight UTC) or an ISO time with a zone (2025-03-01T09:30:00+05:30).',
    example: { value: 'yesterday' },
  }),
  BadKind: entry<{ value: string; kinds: readonly string[] }>({
    code: 'bad-kind',
    title: 'Not a kind of submission',
    message: (p) => `--kind "${p.value}" is not a kind of submission.`,
    hint: (p) => `use one of: ${p.kinds.join(', ')}.`,
    example: { value: 'contacts', kinds: ['contact', 'enquiry', 'warranty'] },
  }),
  BadFormat: entry<{ value: string }>({
    code: 'bad-format',
    title: 'Not an export format',
    message: (p) => `--format "${p.value}" is not supported.`,
    hint: () => 'use --format csv or --format json.',
    example: { value: 'xlsx' },
  }),
  BadSlug: entry<{ slug: string }>({
    code: 'bad-slug',
    title: 'Not a product address',
    message: (p) => `"${p.slug}" cannot be a product address.`,
    hint: () =>
      'use lower-case letters, digits, "_", "." and "-", starting and ending with a letter or digit, e.g. `site new product smartplug2`.',
    example: { slug: 'Smart Plug' },
  }),
  ReservedSlug: entry<{ slug: string }>({
    code: 'reserved-slug',
    title: 'The address is taken',
    message: (p) => `/products/${p.slug} is already another page.`,
    hint: () => 'choose another slug.',
    example: { slug: 'webandcloudsolutions' },
  }),
  ProductExists: entry<{ file: string }>({
    code: 'product-exists',
    title: 'The product exists',
    message: (p) => `${p.file} already exists; nothing was changed.`,
    hint: () => 'edit that file, or choose another slug.',
    example: { file: 'content/products/szephyr.yaml' },
  }),

  // site review (cli/review/)
  BadWidths: entry<{ value: string }>({
    code: 'bad-flag',
    title: 'A flag has a wrong value',
    message: (p) => `--widths "${p.value}" is not a list of widths from 200 to 3840 px.`,
    hint: () => 'give whole numbers separated by commas, e.g. --widths 360,1000,1440',
    example: { value: '360,wide' },
  }),
  BadShare: entry<{ flag: string; value: string }>({
    code: 'bad-flag',
    title: 'A flag has a wrong value',
    message: (p) => `${p.flag} must be a share of the page from 0 to 1, not "${p.value}".`,
    hint: (p) => `e.g. ${p.flag} 0.01 (one pixel in a hundred), or ${p.flag} 0 to stop on any change.`,
    example: { flag: '--fail-on', value: 'half' },
  }),
  ReviewNoSite: entry<{ dir: string }>({
    code: 'no-build',
    title: 'Nothing to review',
    message: (p) => `There is no built site in ${p.dir} to review.`,
    hint: () => 'run `site build --release` first; `site review` compares what it built with the baseline.',
    example: { dir: 'dist/client' },
  }),
  BaselineMissing: entry<{ dir: string; given: boolean }>({
    code: 'baseline-missing',
    title: 'No baseline to compare with',
    message: (p) =>
      p.given
        ? `--baseline ${p.dir} is not a built site: there is no index.html in it or in its client/ folder.`
        : `There is no baseline in ${p.dir}: it holds the last release build that a later build replaced, and no build has replaced a release build yet.`,
    hint: (p) =>
      p.given
        ? 'point --baseline at a built site (the folder with index.html, e.g. the live release downloaded) or at a dist folder with client/ in it.'
        : 'pass --baseline DIR with the live release (downloaded) or another build of this site; from the next release build on, the one it replaces is kept there.',
    example: { dir: 'dist/baseline', given: false },
  }),
  BaselineEmpty: entry<{ dir: string }>({
    code: 'baseline-empty',
    title: 'The baseline has no pages',
    message: (p) => `The baseline ${p.dir} holds no .html pages; there is nothing to compare with.`,
    hint: () =>
      'pass --baseline DIR with a whole built site (the folder `site build` writes as dist/client).',
    example: { dir: 'live-site' },
  }),
  BaselineForeign: entry<{ dir: string; reason: string }>({
    code: 'baseline-foreign',
    title: 'The baseline is another site',
    message: (p) => `The baseline ${p.dir} is not a build of this site: ${p.reason}. Nothing was compared.`,
    hint: () =>
      'pass --baseline DIR with a build of this site for the same SITE_URL, e.g. the live release downloaded.',
    example: {
      dir: 'live-site',
      reason: 'it was built for https://staging.example.com, this site for https://www.example.com',
    },
  }),
  ReviewPageFailed: entry<{ route: string; side: string; reason: string }>({
    code: 'review-page-failed',
    title: 'A page could not be shot',
    message: (p) => `site review could not shoot ${p.route} of ${p.side}: ${p.reason}`,
    hint: () =>
      'open that page in a browser (`site serve` serves the new site): if it fails or hangs there too, fix the page and build again; if it loads, the machine may have run short of memory or time, so close other programs and review again.',
    example: { route: '/products/szephyr', side: 'the new site', reason: 'page.goto: Page crashed' },
  }),
  ReviewChanged: entry<{ count: number; limit: number; worst: string; report: string }>({
    code: 'review-changed',
    title: 'Pages changed more than allowed',
    message: (p) =>
      `${plural(p.count, 'page')} changed more than --fail-on ${p.limit} allows (the largest: ${p.worst}).`,
    hint: (p) =>
      `look at ${p.report}: fix what should not have changed and build again, or release with a higher --fail-on if the changes are intended.`,
    example: {
      count: 3,
      limit: 0.01,
      worst: '/products/szephyr at 360 px, 4.2 %',
      report: 'dist/review/index.html',
    },
  }),

  // The intake server (server/)
  NotifyAddressInvalid: entry<{ where: string; field: string; value: unknown }>({
    code: 'content-invalid',
    title: 'A notification address is wrong',
    message: (p) => `${p.where}: ${p.field} is not an e-mail address: ${JSON.stringify(p.value)}.`,
    hint: () =>
      'write one address per item, e.g. `enquiry: [sales@example.com]`, and check with `site validate`.',
    example: { where: 'content/site.yaml notifications', field: 'enquiry[0]', value: 'sales' },
  }),
  NotifyListInvalid: entry<{ where: string; kind: string }>({
    code: 'content-invalid',
    title: 'A notification list is wrong',
    message: (p) => `${p.where}: ${p.kind} must be a list of addresses.`,
    hint: () => 'e.g. `contact: [support@example.com]`.',
    example: { where: 'content/site.yaml notifications', kind: 'contact' },
  }),
  SiteYamlUnreadable: entry<{ file: string; reason: string }>({
    code: 'content-invalid',
    title: 'The server cannot read the company config',
    message: (p) => `${p.file} cannot be read as YAML: ${p.reason}`,
    hint: () => 'run `site validate` for the exact line, fix it, then start the server again.',
    example: { file: 'content/site.yaml', reason: 'Implicit keys need to be on a single line' },
  }),
  NoCatalogue: entry<{ file: string }>({
    code: 'no-catalogue',
    title: 'The server has no product list',
    message: (p) =>
      `The intake server needs the product list: ${p.file} is missing or has no \`products:\` list of slugs.`,
    hint: () =>
      'run the server from the project folder (or pass --content DIR), and check the file with `site validate`.',
    example: { file: 'content/catalogue.yaml' },
  }),
  BadUrl: entry<{ from: string; url: string; hint: string }>({
    code: 'bad-url',
    title: 'Not an http(s) URL',
    message: (p) => `${p.from} is not an http(s) URL: "${p.url}".`,
    hint: (p) => p.hint,
    example: {
      from: '--webhook',
      url: 'hooks.example.com',
      hint: 'write the whole address, e.g. https://hooks.example.com/site',
    },
  }),
  BadDatabaseUrl: entry<{ from: string }>({
    code: 'bad-database-url',
    title: 'Not a PostgreSQL URL',
    message: (p) => `${p.from} is not a PostgreSQL URL.`,
    hint: () =>
      'write postgres://USER:PASSWORD@HOST:5432/DATABASE, or leave it unset to keep SQLite under --data.',
    example: { from: 'SITE_DATABASE_URL' },
  }),
  BadSmtpUrl: entry({
    code: 'bad-smtp-url',
    title: 'Not an SMTP URL',
    message: () => 'SITE_SMTP_URL is not an SMTP URL.',
    hint: () =>
      'write smtp://USER:PASSWORD@HOST:587 (STARTTLS) or smtps://USER:PASSWORD@HOST:465, or leave it unset for no e-mail.',
    example: undefined,
  }),
  NoBuild: entry<{ dist: string }>({
    code: 'no-build',
    title: 'Nothing to serve',
    message: (p) => `There is no built site in ${p.dist}.`,
    hint: () =>
      'run `site build` first (`npm start` builds, then serves), or point --dist at a built dist/client.',
    example: { dist: 'dist/client' },
  }),
  CannotListen: entry<{ host: string; port: number; code: string }>({
    code: 'cannot-listen',
    title: 'The server cannot listen',
    message: (p) => `Cannot listen on ${p.host}:${p.port} (${p.code}).`,
    hint: (p) =>
      p.code === 'EADDRINUSE'
        ? 'another program uses that port: stop it or pass --port N (0 picks a free one).'
        : 'pass a --host this machine has (127.0.0.1, or 0.0.0.0 for every interface) and a --port above 1023.',
    example: { host: '127.0.0.1', port: 4173, code: 'EADDRINUSE' },
  }),
  SqliteMissing: entry<{ detail: string }>({
    code: 'sqlite-missing',
    title: 'The SQLite driver is missing',
    message: (p) =>
      `Storing form submissions needs better-sqlite3, an optional dependency that is not installed or not built${p.detail}.`,
    hint: () =>
      'run `npm install --include=optional` (an install with --omit=optional leaves it out), then try again.',
    example: { detail: ' (Cannot find module better-sqlite3)' },
  }),
  NoSubmissionsDatabase: entry<{ file: string }>({
    code: 'no-submissions',
    title: 'No submissions yet',
    message: (p) => `There is no submissions database at ${p.file}.`,
    hint: () => 'pass the folder `site serve` stores into with --data DIR (default: data/ in the project).',
    example: { file: 'data/submissions.db' },
  }),
  NoSubmissionsTables: entry<{ file: string }>({
    code: 'no-submissions',
    title: 'No submissions yet',
    message: (p) => `${p.file} holds no submissions: it has none of the tables \`site serve\` creates.`,
    hint: () => 'pass the folder `site serve` stores into with --data DIR (default: data/ in the project).',
    example: { file: 'data/submissions.db' },
  }),
  NoSubmissionsPostgres: entry<{ location: string }>({
    code: 'no-submissions',
    title: 'No submissions yet',
    message: (p) => `The PostgreSQL database at ${p.location} holds no submissions yet.`,
    hint: () => 'start `site serve` with the same SITE_DATABASE_URL once: it creates the tables.',
    example: { location: 'db.company.in:5432/site' },
  }),
  NotADatabase: entry<{ file: string }>({
    code: 'not-a-database',
    title: 'Not a SQLite database',
    message: (p) =>
      `${p.file} is not a SQLite database (damaged, or another program's file); it was left as it is.`,
    hint: () =>
      'move it aside to start a new one, or pass the folder `site serve` stores into with --data DIR.',
    example: { file: 'data/submissions.db' },
  }),
  StorageLocked: entry<{ file: string }>({
    code: 'storage-locked',
    title: 'The database stayed locked',
    message: (p) => `${p.file} stayed locked by another process while the server started.`,
    hint: () => 'stop the program holding it (another `site serve` on the same --data?), then start again.',
    example: { file: 'data/submissions.db' },
  }),
  UnfinishedTransaction: entry<{ file: string; code: string }>({
    code: 'unfinished-transaction',
    title: 'A transaction was left unfinished',
    message: (p) =>
      `${p.file} holds a transaction the server did not finish (it stopped abruptly), and this user may not roll it back (${p.code}).`,
    hint: () =>
      'start `site serve` on it once (it rolls the transaction back), or read it as the user that runs the server.',
    example: { file: 'data/submissions.db', code: 'SQLITE_READONLY' },
  }),
  StorageNotReadable: entry<{ where: string; what: string; reason: string; fix: string }>({
    code: 'storage-not-readable',
    title: 'The submissions cannot be read',
    message: (p) => `Cannot read the submissions database ${p.where}: ${p.what} (${p.reason}).`,
    hint: (p) => p.fix,
    example: {
      where: 'data/submissions.db',
      what: 'permission denied',
      reason: 'EACCES',
      fix: 'run it as the user that owns the file, or give that user read access.',
    },
  }),
  StorageNotWritable: entry<{ where: string; what: string; reason: string; fix: string }>({
    code: 'storage-not-writable',
    title: 'The submissions cannot be stored',
    message: (p) =>
      `Cannot write the submissions database ${p.where}: ${p.what} (${p.reason}). The server did not start.`,
    hint: (p) => p.fix,
    example: {
      where: 'data/submissions.db',
      what: 'the disk is full',
      reason: 'SQLITE_FULL',
      fix: 'free some space on that disk, then start the server again.',
    },
  }),
  DatabaseUnreachable: entry<{ location: string; reason: string }>({
    code: 'database-unreachable',
    title: 'The database cannot be reached',
    message: (p) => `Cannot connect to the PostgreSQL database at ${p.location}: ${p.reason}.`,
    hint: () =>
      'check SITE_DATABASE_URL (or --database): host, port, user, password and database name, and that the server is running.',
    example: { location: 'db.company.in:5432/site', reason: 'connect ECONNREFUSED' },
  }),
  UnknownCategory: entry<{
    category: string
    categories: readonly string[]
    guess?: string | undefined
  }>({
    code: 'unknown-category',
    title: 'No such category',
    message: (p) => `There is no category "${p.category}" in content/categories.yaml; nothing was written.`,
    hint: (p) =>
      p.guess
        ? `did you mean --category "${p.guess}"? (the categories: ${p.categories.map((c) => `"${c}"`).join(', ')})`
        : `use one of ${p.categories.map((c) => `"${c}"`).join(', ')}, or declare it there first.`,
    example: {
      category: 'Smart Home',
      categories: ['Smart home', 'Industrial networking'],
      guess: 'Smart home',
    },
  }),
  NotInMenu: entry<{ flag: string; slug: string; guess?: string | undefined; first: string }>({
    code: 'not-in-menu',
    title: 'A menu position next to no product',
    message: (p) =>
      `${p.flag} "${p.slug}" names no product in the menu (content/catalogue.yaml); nothing was written.`,
    hint: (p) =>
      p.guess
        ? `did you mean ${p.flag} ${p.guess}?`
        : `name a product listed there (e.g. ${p.flag} ${p.first}), or leave the flag out to add it at the end.`,
    example: { flag: '--after', slug: 'smartpanle', guess: 'smartpanel', first: 'szephyr' },
  }),
  BrochureUnusable: entry<{ file: string; reason: string }>({
    code: 'brochure-unusable',
    title: 'A brochure file that cannot be offered',
    message: (p) => `The brochure ${p.file} ${p.reason}; nothing was written.`,
    hint: () =>
      'pass the brochure as a PDF file (or the id of one in content/brochures.yaml), or leave --brochure out and add it later (docs/content.md, "Adding a product").',
    example: { file: 'SmartPlug2.pdf', reason: 'is empty (0 bytes): the download or copy did not finish' },
  }),
  BrochureTaken: entry<{ id: string; where: string }>({
    code: 'brochure-taken',
    title: 'The brochure id is taken',
    message: (p) => `There is already a brochure "${p.id}" (${p.where}); nothing was written.`,
    hint: (p) =>
      `to link that brochure, pass its id: --brochure ${p.id}; to add this PDF as another one, give the file another name first.`,
    example: { id: 'UHF', where: 'content/brochures.yaml' },
  }),
} as const
