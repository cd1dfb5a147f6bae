/**
 * The catalogue of content problems: every mistake `site validate` (and so the build and `site dev`)
 * finds in the content, its images and brochures, and what `--release` refuses. Each kind has a stable
 * code, a title, the message (what is wrong, in the editor's terms) and the hint (what to do), and an
 * example of its particulars for the reference in docs/errors.md. A check picks a kind and gives the
 * particulars and the place; nobody writes a problem's words anywhere else (tools/errors.test.ts).
 *
 * lib/errors.ts holds the errors that stop a command, lib/api-messages.ts what the intake API answers.
 */
import type { Problem } from './errors.ts'
import { plural } from './errors.ts'

/** One kind of content problem. */
export interface ProblemKind<P> {
  /** Stable name, printed with `--json` and matched by tests and scripts; several kinds may share one. */
  code: string
  /** What kind of mistake it is, in a few words. */
  title: string
  message: (params: P) => string
  hint: (params: P) => string
  /** Particulars that make a typical message, for the reference. */
  example: P
}

/** What a check found, before it is placed in a file. */
export interface Finding {
  code: string
  message: string
  hint: string
}

/** Where a problem is: the file, its line and column, and the field's JSON pointer. */
export interface Place {
  file: string
  line: number
  col: number
  path: string
}

const kind = <P>(k: ProblemKind<P>): ProblemKind<P> => k

/** The words of one problem of `k`. */
export function finding<P>(k: ProblemKind<P>, params: P): Finding {
  return { code: k.code, message: k.message(params), hint: k.hint(params) }
}

/** A problem of `k` at `place`. */
export function problemAt<P>(k: ProblemKind<P>, params: P, place: Place): Problem {
  return { ...place, ...finding(k, params) }
}

/** A value as an editor sees it in YAML: `"16-Port"`, `true`, `[5, 10]`. */
const quoted = (raw: unknown) => (typeof raw === 'string' ? `"${raw}"` : JSON.stringify(raw))

/** A size in bytes as people read it: `412 MB`, `0.6 MB`. */
const megabytes = (bytes: number) =>
  `${bytes >= 10_000_000 ? Math.round(bytes / 1_000_000) : (bytes / 1_000_000).toFixed(1)} MB`

/** `Some text.` → `some text.` (for descriptions that continue a sentence). */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)

/**
 * A hint: the action first, then what the field holds (its schema description), so the editor knows
 * what to do and what the value is for, e.g. "add 1 more entry (this field: the two info cards)."
 */
function about(action: string, description: string): string {
  const what = description.replace(/\.$/, '').replace(/ \([A-Za-z]+\)$/, '')
  return what ? `${action} (this field: ${lowerFirst(what)}).` : `${action}.`
}

/** A JSON Schema type in words. */
export function typeInWords(type: string): string {
  const names: Record<string, string> = {
    string: 'a string',
    array: 'a list',
    object: 'a group of fields',
    integer: 'a whole number',
    number: 'a number',
    boolean: 'true or false',
  }
  return names[type] ?? type
}

/** What to write for a value of a JSON Schema type. */
function typeHint(expected: string): string {
  switch (expected) {
    case 'string':
      return 'write it as text on one line; put it in quotes if it starts with [, { or - or contains ": ".'
    case 'array':
      return 'write a list: one entry per line, each starting with "- ".'
    case 'object':
      return 'write indented `field: value` lines under it.'
    default:
      return `write ${typeInWords(expected)}.`
  }
}

/**
 * What a schema pattern asks for, in words, with an example (ajv's "must match pattern ..." helps
 * nobody), by the pattern's source; and what a `format` asks for.
 */
export const PATTERN_WORDS: Record<string, { expected: string; example: string }> = {
  '\\S': { expected: 'some text (not only spaces)', example: 'write the text after the colon' },
  '^[A-Za-z0-9][A-Za-z0-9_./-]*\\.(svg|png|jpe?g|webp)$': {
    expected: 'a path under content/images/ ending in .svg, .png, .jpg or .webp',
    example: 'e.g. `products/szephyr/hero.svg` (no leading slash, no spaces)',
  },
  '^[a-z0-9][a-z0-9_.-]*[a-z0-9]$': {
    expected: 'a slug of lower-case letters, digits, "_", "." and "-"',
    example: 'e.g. `smartplug2`',
  },
  '^https?://[^\\s]+$': {
    expected: 'an address starting with http:// or https://',
    example: 'e.g. `https://www.example.com/page`',
  },
  '^[A-Za-z0-9_]+$': { expected: 'letters, digits and "_" only', example: 'e.g. `EmbeddedPC`' },
}

const FORMAT_ACTION: Record<string, string> = {
  email: 'write an e-mail address such as `support@yourcompany.in`',
  date: 'write a date as YYYY-MM-DD, e.g. `2026-11-26`',
  uri: 'write a full address such as `https://www.yourcompany.in/page`',
  url: 'write a full address such as `https://www.yourcompany.in/page`',
}

/**
 * The slips a YAML parse error can be, by the `yaml` package's error code or one of
 * model/content/locate.ts's own: what to do about each.
 */
const YAML_FIX: Record<string, string> = {
  MISSING_CHAR: 'close the quote that starts here, or remove it.',
  MISSING_COLON: 'write the field name, a colon and a space, then the value, e.g. `title: Embedded PC`.',
  OVER_INDENTED: 'indent it exactly as far as the field above it (the same number of spaces).',
  DUPLICATE_KEY: 'keep one of the two: merge what you need into it and delete the other.',
  UNCLOSED_FLOW: 'close it on the same line (`[a, b]`), or put text that starts with [ or { in quotes.',
  TAB_AS_INDENT: 'indent with spaces, not tabs.',
  BAD_INDENT: 'line this field up with the fields above it.',
  BLOCK_AS_IMPLICIT_KEY: 'put text that contains ": " in quotes, e.g. `heading: "Power: 24V DC"`.',
}

/** A YAML syntax error as model/content/locate.ts reads it: its kind, and what the parser said. */
export type YamlSlip =
  | { code: 'UNCLOSED_FLOW'; opener: '[' | '{' }
  | { code: 'MISSING_COLON' }
  | { code: 'DUPLICATE_KEY'; field: string; lines: [number, number] }
  | { code: 'BLOCK_AS_IMPLICIT_KEY' }
  | { code: 'OVER_INDENTED' }
  | { code: string; parser: string }

/** A YAML syntax error in words. */
function slipInWords(slip: YamlSlip): string {
  switch (slip.code) {
    case 'UNCLOSED_FLOW': {
      const opener = (slip as { opener: string }).opener
      return `The ${opener === '[' ? 'list' : 'group'} opened with ${opener} here is never closed`
    }
    case 'MISSING_COLON':
      return 'This line has no ": " after its field name'
    case 'DUPLICATE_KEY': {
      const { field, lines } = slip as { field: string; lines: [number, number] }
      return `The field \`${field}\` appears twice: lines ${lines[0]} and ${lines[1]}`
    }
    case 'BLOCK_AS_IMPLICIT_KEY':
      return 'This value contains ": ", which YAML reads as a field of its own'
    case 'OVER_INDENTED':
      return 'This line is indented further than the field above it, so it reads as part of that field'
    default:
      return (slip as { parser: string }).parser
  }
}

/** The fields each anchored section of a product page needs (../shared/spec/site-spec.md §2). */
const SECTION_FIELDS: Record<string, string> = {
  features: '`featureImage` and `topBranches` or `bottomBranches`',
  installation: '`installation` steps',
  benefits: '`benefits` cards',
  catalog: '`catalog` entries or `colours`',
  application: '`application`',
  enquirenow: 'nothing',
  specifications: '`facts`, `specifications` or `specificationAndWarranty`',
}

/** What a tag typed into content was for, to say what to write instead. */
type TagRole =
  | 'active'
  | 'emphasis'
  | 'bold'
  | 'italic'
  | 'break'
  | 'link'
  | 'image'
  | 'list'
  | 'heading'
  | 'comment'
  | 'other'

/** The role of an HTML tag an editor typed, by its name. */
function tagRole(tag: string): TagRole {
  if (tag === '!--') return 'comment'
  if (/^(script|style|iframe|object|embed|form|input|button|link|meta|svg|video|audio)$/.test(tag))
    return 'active'
  if (/^(b|strong)$/.test(tag)) return 'bold'
  if (/^(i|em)$/.test(tag)) return 'italic'
  if (/^(u|span|font|mark|small|big|sup|sub|center)$/.test(tag)) return 'emphasis'
  if (/^(br|p|div|hr)$/.test(tag)) return 'break'
  if (tag === 'a') return 'link'
  if (/^(img|picture)$/.test(tag)) return 'image'
  if (/^(ul|ol|li)$/.test(tag)) return 'list'
  if (/^h[1-6]$/.test(tag)) return 'heading'
  return 'other'
}

/** How an HTML tag reads in a message: `<script>`, or "an HTML comment". */
const tagInWords = (tag: string) => (tag === '!--' ? 'an HTML comment (<!-- -->)' : `the HTML tag <${tag}>`)

/** What to write instead of an HTML tag in a YAML text, which the page shows as plain text. */
function textInstead(tag: string): string {
  switch (tagRole(tag)) {
    case 'active':
      return 'delete the tag and what it holds: content is text only; it cannot run scripts or embed pages.'
    case 'bold':
    case 'italic':
    case 'emphasis':
      return 'delete the tags and keep their words: the page sets the type itself.'
    case 'break':
      return 'delete the tag: a text field is one paragraph (where the field is a list, give each point its own "- " line).'
    case 'link':
      return 'delete the tag and keep its words; a link goes in a `link:` field where the block has one.'
    case 'image':
      return 'delete it; an image goes in an image field, as a path under content/images/.'
    case 'list':
      return 'delete the tags; where the field is a list, give each point its own "- " line.'
    case 'heading':
      return 'delete the tags; headings come from the heading fields.'
    case 'comment':
      return 'delete it; a note to other editors goes on a YAML comment line, starting with #.'
    case 'other':
      return 'write plain text without tags: the page shows every character as typed.'
  }
}

/** What to write in Markdown instead of an HTML tag (content Markdown carries no markup). */
function markdownInstead(tag: string): string {
  switch (tagRole(tag)) {
    case 'active':
      return 'delete the tag and what it holds: content cannot run scripts or embed pages.'
    case 'bold':
      return 'write **bold** in Markdown instead.'
    case 'italic':
      return 'write *italic* in Markdown instead.'
    case 'break':
      return 'leave a blank line between paragraphs instead.'
    case 'link':
      return 'write the link in Markdown instead: [its words](https://…) or [its words](/page).'
    case 'image':
      return 'delete it: the privacy policy shows no images.'
    case 'list':
      return 'write each point on a line of its own starting with "- " instead.'
    case 'heading':
      return 'write the heading as a line starting with "## " instead.'
    case 'comment':
      return 'delete it: it would show on the page.'
    case 'emphasis':
    case 'other':
      return `write Markdown instead; to show a tag as text, put it between backticks: \`<${tag}>\`.`
  }
}

/** Why a brochure PDF at the storage base cannot be offered (cli/brochures/check.ts). */
export type BrochureFault =
  | { kind: 'empty' }
  | { kind: 'not-pdf' }
  | { kind: 'too-small'; bytes: number }
  | { kind: 'too-large'; bytes: number }
  | { kind: 'missing-file'; file: string }
  | { kind: 'missing-url'; status: number }
  | { kind: 'http-error'; status: number }
  | { kind: 'not-pdf-type'; type: string }
  | { kind: 'timeout'; ms: number }
  | { kind: 'unreachable'; reason: string }
  | { kind: 'outside-project'; target: string }

/** A brochure's fault in words, as the rest of a sentence that starts with the brochure's address. */
export function brochureFaultInWords(fault: BrochureFault): string {
  switch (fault.kind) {
    case 'empty':
      return 'is empty (0 bytes): the upload or copy did not finish'
    case 'not-pdf':
      return 'is not a PDF (it does not start with %PDF-)'
    case 'too-small':
      return `is only ${fault.bytes} bytes, too small to be a brochure`
    case 'too-large':
      return `is ${fault.bytes} bytes, larger than the 50 MB limit`
    case 'missing-file':
      return `is missing (expected the file ${fault.file})`
    case 'missing-url':
      return `is missing (HTTP ${fault.status})`
    case 'http-error':
      return `answered HTTP ${fault.status}`
    case 'not-pdf-type':
      return `is served as "${fault.type || 'no content type'}", not application/pdf`
    case 'timeout':
      return `did not answer within ${fault.ms} ms`
    case 'unreachable':
      return `could not be fetched (${fault.reason})`
    case 'outside-project':
      return `is a link to ${fault.target}, outside the project, so no other checkout has the file`
  }
}

/** Why an origin cannot go live (cli/release/origins.ts). */
export type OriginFault =
  | { kind: 'path' }
  | { kind: 'not-an-address' }
  | { kind: 'this-machine' | 'loopback' | 'private' | 'example'; host: string }
  | { kind: 'unencrypted'; protocol: string }

/** An origin's fault in words. */
export function originFaultInWords(fault: OriginFault): string {
  switch (fault.kind) {
    case 'path':
      return 'it is a path; the public origin must be a full https:// address'
    case 'not-an-address':
      return 'it is not an address'
    case 'this-machine':
      return `${fault.host} is this machine, not a public host`
    case 'loopback':
      return `${fault.host} is a loopback address, not a public host`
    case 'private':
      return `${fault.host} is a private network address, not a public host`
    case 'example':
      return `${fault.host} is an example or reserved domain, not the company's`
    case 'unencrypted':
      return `${fault.protocol} is not encrypted; a release serves everything over https:`
  }
}

/** Every content problem. */
export const PROBLEMS = {
  // Reading the files
  MissingContentFile: kind<{ file: string }>({
    code: 'missing-file',
    title: 'A content file is missing',
    message: () => 'This content file does not exist.',
    hint: (p) => `create ${p.file}; see docs/content.md for what it holds.`,
    example: { file: 'content/pages/about.yaml' },
  }),
  MissingPrivacyPolicy: kind<{ file: string }>({
    code: 'missing-file',
    title: 'The privacy policy is missing',
    message: () => 'The privacy policy does not exist.',
    hint: (p) => `create ${p.file}: front matter (title, summary, updated) between --- lines, then Markdown.`,
    example: { file: 'content/pages/privacy-policy.md' },
  }),
  NotUtf8: kind<{ offset: number; byte: number }>({
    code: 'not-utf8',
    title: 'A file is not UTF-8',
    message: (p) =>
      `Byte ${p.offset} (0x${p.byte.toString(16).padStart(2, '0')}) is not UTF-8 text; the file was probably saved as Latin-1 or Windows-1252.`,
    hint: () =>
      'save the file as UTF-8 in your editor (for example "Save with Encoding" → UTF-8) and check the letter at this place.',
    example: { offset: 212, byte: 0xe9 },
  }),
  DuplicateFile: kind<{ name: string; twin: string; slug: string; drop: string }>({
    code: 'duplicate-file',
    title: 'The same product in two files',
    message: (p) => `${p.name} and ${p.twin} are the same product (/products/${p.slug}).`,
    hint: (p) => `keep one: merge what you need into ${p.twin} and delete ${p.drop}.`,
    example: {
      name: 'content/products/szephyr.yml',
      twin: 'szephyr.yaml',
      slug: 'szephyr',
      drop: 'szephyr.yml',
    },
  }),
  YamlSyntax: kind<{ slip: YamlSlip }>({
    code: 'yaml-syntax',
    title: 'The YAML cannot be read',
    message: (p) => `The YAML cannot be read: ${slipInWords(p.slip).replace(/\.$/, '')}.`,
    hint: (p) =>
      YAML_FIX[p.slip.code] ??
      'check the indentation and that every `field:` is followed by a space; quote text that contains ": ".',
    example: { slip: { code: 'MISSING_COLON' } },
  }),
  FrontMatterSyntax: kind<{ slip: YamlSlip }>({
    code: 'yaml-syntax',
    title: 'The front matter cannot be read',
    message: (p) => `The front matter cannot be read: ${slipInWords(p.slip).replace(/\.$/, '')}.`,
    hint: () => 'check the lines between the two --- markers.',
    example: { slip: { code: 'TAB_AS_INDENT', parser: 'Tabs are not allowed as indentation' } },
  }),
  NoFrontMatter: kind<void>({
    code: 'no-front-matter',
    title: 'The Markdown file has no front matter',
    message: () => 'The file does not start with front matter between two --- lines.',
    hint: () =>
      'start it with a line `---`, then title, summary and updated, then another `---`, then the Markdown.',
    example: undefined,
  }),

  // The schemas (model/content/schemas/)
  MissingField: kind<{ field: string; description?: string | undefined }>({
    code: 'missing-field',
    title: 'A required field is missing',
    message: (p) => `Missing required field \`${p.field}\`.`,
    hint: (p) => `add \`${p.field}:\`${p.description ? ` with ${lowerFirst(p.description)}` : '.'}`,
    example: { field: 'summary', description: 'Meta description: 50-160 characters.' },
  }),
  UnknownField: kind<{ field: string; guess?: string | undefined; allowed: readonly string[] }>({
    code: 'unknown-field',
    title: 'A field the schema does not know',
    message: (p) => `Unknown field \`${p.field}\`.`,
    hint: (p) =>
      p.guess
        ? `did you mean \`${p.guess}\`? Rename it, or remove it.`
        : `remove it; the fields here are ${p.allowed.map((a) => `\`${a}\``).join(', ')}.`,
    example: { field: 'subtext', guess: 'subText', allowed: ['name', 'subText'] },
  }),
  WrongType: kind<{ expected: string; got: string; asWritten?: string | undefined }>({
    code: 'wrong-type',
    title: 'A value of the wrong type',
    message: (p) => `Expected ${typeInWords(p.expected)}, got ${p.got}.`,
    // YAML reads `2.10` as the number 2.1 and `1.0` as 1: text that looks like a number needs quotes.
    hint: (p) =>
      p.asWritten !== undefined
        ? `put it in quotes so it stays text as written, e.g. \`"${p.asWritten}"\`.`
        : typeHint(p.expected),
    example: { expected: 'string', got: 'a list' },
  }),
  NoneOfTheForms: kind<{ forms: string; got: string; description: string }>({
    code: 'wrong-type',
    title: 'A value of none of the forms a field takes',
    message: (p) => `Expected ${p.forms}; got ${p.got}.`,
    hint: (p) => about('write it in one of those forms', p.description),
    example: {
      forms: 'a whole number, true or false, text of at most 60 characters or a list',
      got: 'a group of fields',
      description: '',
    },
  }),
  NotAllowed: kind<{ allowed: readonly string[]; got: string; guess?: string | undefined }>({
    code: 'not-allowed',
    title: 'A value the field does not offer',
    message: (p) => `Expected one of ${p.allowed.join(', ')}; got ${p.got}.`,
    hint: (p) => (p.guess ? `did you mean \`${p.guess}\`?` : `write one of: ${p.allowed.join(', ')}.`),
    example: { allowed: ['left', 'bottom', 'right'], got: 'the text "lft"', guess: 'left' },
  }),
  TooShort: kind<{ length: number; limit: number; description: string }>({
    code: 'too-short',
    title: 'Text too short',
    message: (p) => `Too short: ${p.length} characters, at least ${p.limit}.`,
    hint: (p) => about(`write at least ${p.limit - p.length} more characters`, p.description),
    example: { length: 31, limit: 50, description: 'Meta description: 50-160 characters.' },
  }),
  TooLong: kind<{ length: number; limit: number; description: string }>({
    code: 'too-long',
    title: 'Text too long',
    message: (p) => `Too long: ${p.length} characters, at most ${p.limit}.`,
    hint: (p) => about(`shorten it by ${p.length - p.limit} characters`, p.description),
    example: { length: 92, limit: 70, description: 'Page title (without the company name).' },
  }),
  TooFew: kind<{ count: number; limit: number; description: string }>({
    code: 'too-few',
    title: 'Too few entries',
    message: (p) => `Too few entries: ${p.count}, at least ${p.limit}.`,
    hint: (p) => about(`add ${plural(p.limit - p.count, 'more entry', 'more entries')}`, p.description),
    example: { count: 1, limit: 2, description: 'The two info cards under the hero.' },
  }),
  TooMany: kind<{ count: number; limit: number; description: string }>({
    code: 'too-many',
    title: 'Too many entries',
    message: (p) => `Too many entries: ${p.count}, at most ${p.limit}.`,
    hint: (p) => about(`remove ${plural(p.count - p.limit, 'entry', 'entries')}`, p.description),
    example: { count: 7, limit: 6, description: 'The benefits cards.' },
  }),
  BadFormat: kind<{
    pattern?: string | undefined
    format?: string | undefined
    got: string
    description: string
  }>({
    code: 'bad-format',
    title: 'A value not in the expected form',
    message: (p) => {
      const known = p.pattern === undefined ? undefined : PATTERN_WORDS[p.pattern]
      return known
        ? `Expected ${known.expected}; got ${p.got}.`
        : `This value does not have the expected form: ${p.got}.`
    },
    hint: (p) => {
      const known = p.pattern === undefined ? undefined : PATTERN_WORDS[p.pattern]
      if (known) return `write ${known.expected}, ${known.example}.`
      const action =
        (p.format && FORMAT_ACTION[p.format]) ??
        'write the value in the form the other entries of this field use'
      return about(action, p.description)
    },
    example: { pattern: '^[a-z0-9][a-z0-9_.-]*[a-z0-9]$', got: 'the text "Smart Plug"', description: '' },
  }),
  OutOfRange: kind<{ got: string; limit: string; description: string }>({
    code: 'out-of-range',
    title: 'A number out of range',
    message: (p) => `Out of range: ${p.got}, ${p.limit}.`,
    hint: (p) => about(`use a number ${p.limit}`, p.description),
    example: { got: 'the number 0', limit: 'must be >= 1', description: 'The step number.' },
  }),
  SchemaMismatch: kind<{ keyword: string; got: string; detail: string; description: string }>({
    code: 'schema-mismatch',
    title: 'A value the schema refuses',
    message: (p) => `Invalid value ${p.got}: ${p.detail}.`,
    hint: (p) => about('correct the value', p.description),
    example: { keyword: 'const', got: 'the text "x"', detail: 'must be equal to constant', description: '' },
  }),

  // The catalogue and the products
  DuplicateSlug: kind<{ slug: string; first: number; again: number }>({
    code: 'duplicate-slug',
    title: 'A product listed twice in the menu',
    message: (p) => `The slug "${p.slug}" is listed twice (entries ${p.first} and ${p.again}).`,
    hint: () => 'delete one of the two lines.',
    example: { slug: 'szephyr', first: 1, again: 7 },
  }),
  UnknownProduct: kind<{ slug: string }>({
    code: 'unknown-product',
    title: 'The menu lists a product that has no file',
    message: (p) => `The catalogue lists "${p.slug}" but content/products/${p.slug}.yaml does not exist.`,
    hint: (p) => `create it with \`site new product ${p.slug}\`, or remove the entry.`,
    example: { slug: 'smartplug2' },
  }),
  NotInCatalogue: kind<{ slug: string; catalogue: string }>({
    code: 'not-in-catalogue',
    title: 'A product the menu does not list',
    message: (p) => `The product "${p.slug}" is not listed in ${p.catalogue}, so no menu would show it.`,
    hint: (p) => `add \`- ${p.slug}\` to ${p.catalogue} where it belongs in the menu order.`,
    example: { slug: 'smartplug2', catalogue: 'content/catalogue.yaml' },
  }),
  BadSlugFile: kind<{ slug: string }>({
    code: 'bad-slug',
    title: 'A file name that cannot be an address',
    message: (p) => `The file name "${p.slug}" is not a valid slug.`,
    hint: () => 'rename the file using lower-case letters, digits, "_", "." and "-" only.',
    example: { slug: 'Smart Plug' },
  }),
  ReservedSlugFile: kind<{ slug: string }>({
    code: 'reserved-slug',
    title: 'A product at another page’s address',
    message: (p) => `"${p.slug}" is the address of another page.`,
    hint: () => 'choose another slug.',
    example: { slug: 'webandcloudsolutions' },
  }),
  DuplicateName: kind<{ name: string; other: string }>({
    code: 'duplicate-name',
    title: 'Two products of the same name',
    message: (p) =>
      `Two products are called "${p.name}" (also ${p.other}); a search for the name could not tell them apart.`,
    hint: () => 'give each product its own name.',
    example: { name: 'Smart Panel Board', other: 'content/products/smartpanel.yaml' },
  }),
  NoProtectionCard: kind<void>({
    code: 'no-protection-card',
    title: 'No Protection card',
    message: () => 'None of the benefits cards is titled "Protection"; every product page shows one.',
    hint: () => 'title one card exactly "Protection".',
    example: undefined,
  }),
  UnknownBrochure: kind<{ id: string; ids: readonly string[] }>({
    code: 'unknown-brochure',
    title: 'A brochure that does not exist',
    message: (p) => `There is no brochure "${p.id}".`,
    hint: (p) => `use one of ${p.ids.join(', ')}, or add it to content/brochures.yaml.`,
    example: { id: 'UHF2', ids: ['UHF', 'EmbeddedPC'] },
  }),
  StepOrder: kind<{ index: number; numbered: number }>({
    code: 'step-order',
    title: 'Steps out of order',
    message: (p) => `Step ${p.index} is numbered ${p.numbered}.`,
    hint: (p) => `number the steps 1, 2, 3 … in order; this one should be ${p.index}.`,
    example: { index: 3, numbered: 4 },
  }),
  StepWithoutSection: kind<{ label: string; key: string }>({
    code: 'step-without-section',
    title: 'A step to a section with no data',
    message: (p) =>
      `The step "${p.label}" points at the "${p.key}" section, but this product has no data for it.`,
    hint: (p) =>
      `add the ${SECTION_FIELDS[p.key] ?? `\`${p.key}\``} to the product, or choose another key for this step.`,
    example: { label: 'Easy Installation', key: 'installation' },
  }),
  DuplicateStep: kind<{ key: string }>({
    code: 'duplicate-step',
    title: 'Two steps to one section',
    message: (p) => `Two steps point at "${p.key}".`,
    hint: () => 'give each step its own section.',
    example: { key: 'benefits' },
  }),

  // Categories and facts
  DuplicateCategory: kind<{ name: string }>({
    code: 'duplicate-category',
    title: 'A category declared twice',
    message: (p) => `The category "${p.name}" is declared twice.`,
    hint: () => 'merge the two into one.',
    example: { name: 'Smart home' },
  }),
  DuplicateFact: kind<{ category: string; key: string }>({
    code: 'duplicate-fact',
    title: 'A fact declared twice',
    message: (p) => `${p.category} declares the fact "${p.key}" twice.`,
    hint: () => 'keep one of the two.',
    example: { category: 'Industrial networking', key: 'copperPorts' },
  }),
  FactWithoutChoices: kind<{ label: string }>({
    code: 'fact-without-choices',
    title: 'A choice without choices',
    message: (p) => `${p.label} is a choice but lists no \`choices\`.`,
    hint: () => 'add `choices: [First, Second]`, or choose another type.',
    example: { label: 'Mounting' },
  }),
  ChoicesOnNonChoice: kind<{ label: string; type: string }>({
    code: 'choices-on-non-choice',
    title: 'Choices on a fact that is not a choice',
    message: (p) => `${p.label} is a ${p.type}, which takes no \`choices\`.`,
    hint: () => 'delete the choices, or make it `type: choice`.',
    example: { label: 'Managed', type: 'boolean' },
  }),
  RangeWithoutUnit: kind<{ label: string }>({
    code: 'range-without-unit',
    title: 'A range without a unit',
    message: (p) => `${p.label} is a range but has no \`unit\`.`,
    hint: () => 'add its unit, e.g. `unit: °C`.',
    example: { label: 'Operating temperature' },
  }),
  UnitOnNonNumber: kind<{ label: string; type: string }>({
    code: 'unit-on-non-number',
    title: 'A unit on a fact that is not a number',
    message: (p) => `${p.label} is a ${p.type}, which has no unit.`,
    hint: () => 'delete the unit.',
    example: { label: 'Managed', type: 'boolean' },
  }),
  FactDeclaredDifferently: kind<{ key: string; here: string; there: string; where: string }>({
    code: 'fact-declared-differently',
    title: 'A shared fact declared two ways',
    message: (p) =>
      `"${p.key}" is ${p.here} here but ${p.there} in ${p.where}; the catalogue filters by it across both.`,
    hint: () => 'declare it alike in both, or give one of them another key.',
    example: {
      key: 'powerInput',
      here: 'a range in V DC',
      there: 'a range in V AC',
      where: 'Power supplies',
    },
  }),
  UnknownCategory: kind<{
    category: string
    file: string
    /** The declared name it matches but for capitals. */
    near?: string | undefined
    /** The declared name it is probably a misspelling of. */
    guess?: string | undefined
    names: readonly string[]
  }>({
    code: 'unknown-category',
    title: 'A category nobody declared',
    message: (p) => `There is no category "${p.category}" in ${p.file}.`,
    hint: (p) =>
      p.near
        ? `write it as it is declared: \`category: ${p.near}\`.`
        : p.guess
          ? `did you mean \`category: ${p.guess}\`? (the categories: ${p.names.join(', ')})`
          : `use one of ${p.names.join(', ')}, or declare it in ${p.file}.`,
    example: {
      category: 'smart home',
      file: 'content/categories.yaml',
      near: 'Smart home',
      names: ['Smart home', 'Industrial networking'],
    },
  }),
  UnknownFact: kind<{
    category: string
    key: string
    like?: string | undefined
    keys: readonly string[]
    file: string
  }>({
    code: 'unknown-fact',
    title: 'A fact the category does not declare',
    message: (p) => `${p.category} declares no fact "${p.key}".`,
    hint: (p) =>
      p.like
        ? `write \`${p.like}\`, the fact ${p.category} declares with a name like it.`
        : `use one of ${p.keys.join(', ')}, or declare it in ${p.file}.`,
    example: {
      category: 'Industrial networking',
      key: 'copperPort',
      like: 'copperPorts',
      keys: ['copperPorts', 'managed'],
      file: 'content/categories.yaml',
    },
  }),
  FactWrongKind: kind<{ label: string; what: string; raw: unknown; example: string }>({
    code: 'bad-fact',
    title: 'A fact written as the wrong kind of value',
    message: (p) => `${p.label} is ${p.what}; ${quoted(p.raw)} is not.`,
    hint: (p) => `write it as \`${p.example}\`.`,
    example: { label: 'Managed', what: 'true or false', raw: 'yes please', example: 'managed: true' },
  }),
  FactNotAChoice: kind<{
    label: string
    item: string
    choices: readonly string[]
    guess?: string | undefined
  }>({
    code: 'bad-fact',
    title: 'A fact value the choice does not offer',
    message: (p) => `"${p.item}" is not one of the values ${p.label} takes: ${p.choices.join(', ')}.`,
    hint: (p) =>
      `write one of them${p.guess ? `, probably "${p.guess}"` : ''}; a new value goes into content/categories.yaml first.`,
    example: { label: 'Mounting', item: 'Din rail', choices: ['DIN rail', 'Wall'], guess: 'DIN rail' },
  }),
  FactRangeBackwards: kind<{ label: string; key: string; min: number; max: number; unit: string }>({
    code: 'bad-fact',
    title: 'A range written backwards',
    message: (p) => `${p.label} runs from ${p.min} down to ${p.max}: the lower end comes first.`,
    hint: (p) => `write \`${p.key}: ${p.max} to ${p.min}${p.unit ? ` ${p.unit}` : ''}\`.`,
    example: { label: 'Operating temperature', key: 'operatingTemperature', min: 75, max: -40, unit: '°C' },
  }),
  FactNotANumber: kind<{ label: string; kind: string; unit: string; raw: unknown; example: string }>({
    code: 'bad-fact',
    title: 'A fact that is not a number',
    message: (p) => `${p.label} is ${p.kind}${p.unit ? ` in ${p.unit}` : ''}; ${quoted(p.raw)} is not.`,
    hint: (p) => `write it as \`${p.example}\`.`,
    example: {
      label: 'PoE per port',
      kind: 'a whole number',
      unit: 'W',
      raw: 'thirty',
      example: 'poePerPort: 16 W',
    },
  }),
  FactWithoutUnit: kind<{ label: string; unit: string; raw: unknown; example: string }>({
    code: 'bad-fact',
    title: 'A fact without its unit',
    message: (p) => `${p.label} is measured in ${p.unit}, and ${quoted(p.raw)} gives no unit.`,
    hint: (p) => `write the unit after the number, e.g. \`${p.example}\`.`,
    example: { label: 'PoE per port', unit: 'W', raw: 30, example: 'poePerPort: 16 W' },
  }),
  FactWrongUnit: kind<{
    label: string
    key: string
    unit: string
    written: string
    numbers: readonly number[]
  }>({
    code: 'bad-fact',
    title: 'A fact in the wrong unit',
    message: (p) =>
      p.unit
        ? `${p.label} is measured in ${p.unit}, not ${p.written}.`
        : `${p.label} is a plain number; "${p.written}" is not part of it.`,
    hint: (p) =>
      p.unit
        ? `give it in ${p.unit}: \`${p.key}: ${p.numbers.join(' to ')} ${p.unit}\` if the figure already is, or convert it.`
        : `write just the number: \`${p.key}: ${p.numbers.join(' to ')}\`.`,
    example: { label: 'PoE per port', key: 'poePerPort', unit: 'W', written: 'mA', numbers: [30] },
  }),
  MissingFact: kind<{ category: string; label: string; key: string; example: string }>({
    code: 'missing-fact',
    title: 'A required fact is missing',
    message: (p) => `Every ${p.category} product gives "${p.label}" (\`${p.key}\`); this one does not.`,
    hint: (p) => `add it under \`facts:\`, e.g. \`${p.example}\`.`,
    example: {
      category: 'Industrial networking',
      label: 'Managed',
      key: 'managed',
      example: 'managed: true',
    },
  }),
  FactWrittenTwice: kind<{ label: string; key: string }>({
    code: 'fact-written-twice',
    title: 'A specification row that repeats a fact',
    message: (p) =>
      `The specification "${p.label}" says again what the fact \`${p.key}\` says; the table shows the fact already.`,
    hint: () => 'delete this row, or give it another label if it adds detail the fact lacks.',
    example: { label: 'PoE per port', key: 'poePerPort' },
  }),

  // Brochures
  DuplicateBrochure: kind<{ id: string; first: number; again: number }>({
    code: 'duplicate-brochure',
    title: 'A brochure id used twice',
    message: (p) =>
      `The brochure id "${p.id}" is used twice (entries ${p.first} and ${p.again}); each id is one PDF and one page, /brochures/${p.id}.`,
    hint: (p) =>
      `give this brochure its own id (and its own PDF, ${p.id}.pdf is the other one's), or delete the entry.`,
    example: { id: 'UHF', first: 1, again: 4 },
  }),
  UnlinkedBrochure: kind<{ id: string; drafts: readonly string[] }>({
    code: 'unlinked-brochure',
    title: 'A brochure no page links',
    message: (p) =>
      `No published page links the brochure "${p.id}" yet${p.drafts.length ? ` (only the draft ${p.drafts.join(', ')})` : ''}: visitors find it only in the brochure library (/brochures), and a release refuses it.`,
    hint: (p) =>
      p.drafts.length
        ? `publish ${p.drafts.length === 1 ? 'that draft' : 'one of those drafts'} (delete its \`draft: true\` line), or name the brochure as \`brochure: ${p.id}\` in a published product.`
        : `name it as \`brochure: ${p.id}\` in the product it belongs to, or list it under \`brochures:\` in content/pages/railways.yaml or space.yaml; or delete it.`,
    example: { id: 'SmartPlug2', drafts: ['smartplug2'] },
  }),
  BrochureMissing: kind<{ id: string; url: string; fault: BrochureFault; remote: boolean }>({
    code: 'brochure-missing',
    title: 'A brochure PDF is missing or wrong',
    message: (p) => `The brochure "${p.id}" at ${p.url} ${brochureFaultInWords(p.fault)}.`,
    hint: (p) =>
      p.remote
        ? `upload the PDF to ${p.url}, or remove the brochure from this list.`
        : p.fault.kind === 'outside-project'
          ? `put a copy of the PDF itself at public${p.url} in place of the link.`
          : `put the PDF at public${p.url}, or remove the brochure from this list.`,
    example: {
      id: 'UHF',
      url: '/storage/brochures/UHF.pdf',
      fault: { kind: 'missing-file', file: 'public/storage/brochures/UHF.pdf' },
      remote: false,
    },
  }),

  // Every string: placeholders, images, links
  Placeholder: kind<{
    value: string
    /** What the placeholder says belongs there ("the intro paragraph"). */
    what?: string | undefined
    /** A placeholder image path: where the artwork goes, under content/images/. */
    image?: string | undefined
    /** A placeholder fact: how to write it, and whether it may be left out. */
    fact?: { example: string; optional: boolean } | undefined
  }>({
    code: 'placeholder',
    title: 'Placeholder text left from the scaffold',
    message: (p) =>
      `Placeholder left from the scaffold: "${p.value.length > 50 ? `${p.value.slice(0, 50)}…` : p.value}".`,
    hint: (p) => {
      if (p.fact)
        return `write the value, e.g. \`${p.fact.example}\`${p.fact.optional ? '; or delete the line: this fact is optional' : ''}.`
      if (p.image)
        return `put the artwork at content/images/${p.image} (SVG, PNG or JPEG; any name will do) and write its path here, e.g. \`${p.image}\`.`
      return `replace it with ${p.what ? p.what.replace(/\.$/, '') : 'the real text'}.`
    },
    example: { value: 'TODO: one line under the intro', what: 'one line under the intro' },
  }),
  LinkOutsideProject: kind<{ file: string; target: string }>({
    code: 'link-outside-project',
    title: 'A file that is a link out of the project',
    message: (p) =>
      `${p.file} is a link to ${p.target}, outside the project: git keeps only the link, so every other checkout (and the build server) lacks the file.`,
    hint: (p) =>
      `put a copy of the file itself in place of the link, e.g. \`cp --remove-destination "${p.target}" ${p.file}\`.`,
    example: {
      file: 'content/images/products/smartplug2/hero.png',
      target: '/home/editor/Pictures/hero.png',
    },
  }),
  HtmlInText: kind<{ tag: string }>({
    code: 'html-in-text',
    title: 'HTML typed into a text',
    message: (p) =>
      `The text holds ${tagInWords(p.tag)}: the page shows text exactly as typed, so visitors would see the tag itself.`,
    hint: (p) => textInstead(p.tag),
    example: { tag: 'script' },
  }),
  HtmlInMarkdown: kind<{ tag: string }>({
    code: 'html-in-text',
    title: 'HTML typed into Markdown',
    message: (p) =>
      `The Markdown holds ${tagInWords(p.tag)}: content cannot carry markup, so the page would show it as text, tags and all.`,
    hint: (p) => markdownInstead(p.tag),
    example: { tag: 'b' },
  }),
  MissingImage: kind<{ ref: string }>({
    code: 'missing-image',
    title: 'An image that does not exist',
    message: (p) => `The image "${p.ref}" does not exist in content/images/.`,
    hint: (p) => `add the file content/images/${p.ref}, or correct the path.`,
    example: { ref: 'products/smartplug2/hero.svg' },
  }),
  DeadLink: kind<{ link: string; nearest: string }>({
    code: 'dead-link',
    title: 'A link to no page',
    message: (p) => `The link "${p.link}" leads to no page of the site.`,
    hint: (p) => `link to a page the site has, e.g. ${p.nearest}.`,
    example: { link: '/railway', nearest: '/railways' },
  }),
  LinkToDraft: kind<{ link: string }>({
    code: 'dead-link',
    title: 'A link to a draft',
    message: (p) =>
      `The link "${p.link}" leads to a draft product; a build leaves drafts out, so the link would be dead.`,
    hint: () => 'publish the product (remove `draft: true`), or link to another page.',
    example: { link: '/products/smartplug2' },
  }),

  // Images, as the encoder reads them (cli/images/)
  UnreadableImage: kind<{ ref: string; reason: string }>({
    code: 'unreadable-image',
    title: 'An image that cannot be read',
    message: (p) =>
      `The image "${p.ref}" cannot be read: ${p.reason.replace(/\.$/, '') || 'its header cannot be decoded'}.`,
    hint: () =>
      'open it in an image editor and save it again as a valid SVG, PNG or JPEG (a file cut short by a failed copy looks like this).',
    example: { ref: 'products/szephyr/hero.svg', reason: 'Premature end of data in tag svg' },
  }),
  ImageWithoutSize: kind<{ ref: string }>({
    code: 'unreadable-image',
    title: 'An SVG without a size',
    message: (p) => `The image "${p.ref}" has no size.`,
    hint: () => 'give the SVG width and height attributes (or a viewBox).',
    example: { ref: 'partners/ce.svg' },
  }),
  ImageNotEncodable: kind<{ ref: string; reason: string }>({
    code: 'unreadable-image',
    title: 'An image the encoder cannot encode',
    message: (p) => `The image "${p.ref}" cannot be encoded: ${p.reason.replace(/\.$/, '')}.`,
    hint: () => 'open it in an image editor and save it again as a valid SVG, PNG or JPEG.',
    example: { ref: 'products/szephyr/hero.png', reason: 'Input buffer contains unsupported image format' },
  }),
  ImageTooSmall: kind<{ ref: string; width: number; smallest: number; largest: number }>({
    code: 'image-too-small',
    title: 'An image too small for its slot',
    message: (p) => `The image "${p.ref}" is ${p.width} px wide; this slot needs at least ${p.smallest} px.`,
    hint: (p) => `export it at ${p.largest} px wide or more, or use an SVG.`,
    example: { ref: 'products/szephyr/hero.png', width: 200, smallest: 480, largest: 1600 },
  }),

  ImageOversized: kind<{ ref: string; width: number; height: number; bytes: number; widest: number }>({
    code: 'image-too-large',
    title: 'An image far larger than its slots need',
    message: (p) =>
      `The image "${p.ref}" is ${p.width} × ${p.height} px (${megabytes(p.bytes)}); the widest its slots show is ${p.widest} px.`,
    hint: (p) =>
      `export it at ${p.widest} px wide (${p.widest * 2} at most): every build that encodes it decodes the whole picture, about ${megabytes(p.width * p.height * 4)} of memory for this one, and the repository keeps all of the file.`,
    example: {
      ref: 'products/smartplug2/hero.png',
      width: 12000,
      height: 9000,
      bytes: 412_000_000,
      widest: 1600,
    },
  }),

  // What a release refuses (cli/release/)
  ExampleValue: kind<{ value: string; holds?: string | undefined }>({
    code: 'example-value',
    title: 'An example value',
    message: (p) =>
      `"${p.value.length > 60 ? `${p.value.slice(0, 57)}...` : p.value}" is an example value, not one the company supplied.`,
    hint: (p) =>
      `write the company's own value${p.holds ? ` (the field holds: ${p.holds.replace(/\.$/, '')})` : ''}, then remove the !example tag.`,
    example: { value: 'sales@example.com', holds: 'The address enquiries go to.' },
  }),
  BadgeWithoutEvidence: kind<{ name: string }>({
    code: 'badge-without-evidence',
    title: 'A compliance badge without evidence',
    message: (p) => `The compliance badge "${p.name}" has no evidence.`,
    hint: () =>
      'write who certified it and the certificate or report number (`evidence: { issuer: ..., reference: ... }`), mark the badge `kind: feature` if it claims no certification, or remove it.',
    example: { name: 'CE certified' },
  }),
  BadgeEvidencePlaceholder: kind<{ name: string; fault: string }>({
    code: 'badge-evidence-placeholder',
    title: 'Placeholder evidence for a compliance badge',
    message: (p) => `The evidence for the compliance badge "${p.name}" is a placeholder (${p.fault}).`,
    hint: () =>
      'write who certified it and the certificate or report number (`evidence: { issuer: ..., reference: ... }`), mark the badge `kind: feature` if it claims no certification, or remove it.',
    example: { name: 'IP67', fault: 'reference "TBD"' },
  }),
  InsecureUrl: kind<{ value: string }>({
    code: 'insecure-url',
    title: 'A plain http:// address',
    message: (p) =>
      `"${p.value.length > 60 ? `${p.value.slice(0, 57)}...` : p.value}" is a plain http:// address.`,
    hint: (p) =>
      `use the https:// address (${p.value.replace(/^http:/i, 'https:').slice(0, 60)}); every public site it could point at serves https.`,
    example: { value: 'http://maps.example.com/chennai' },
  }),
  PlaceholderBrochure: kind<{ id: string; title: string; url: string }>({
    code: 'placeholder-brochure',
    title: 'A stand-in brochure',
    message: (p) =>
      `The ${p.id} brochure ("${p.title}") is the stand-in PDF tools/make-brochures.mjs writes.`,
    hint: (p) => `put the company's PDF at ${p.url}.`,
    example: { id: 'UHF', title: 'UHF Radio Modem', url: '/storage/brochures/UHF.pdf' },
  }),
  ReleaseOrigin: kind<{
    variable: string
    key: string
    what: string
    value: string
    fault: OriginFault
    source: 'environment' | 'content/site.yaml' | 'built site'
  }>({
    code: 'release-origin',
    title: 'An origin that cannot go live',
    message: (p) => `${p.variable} (the ${p.what}) is ${p.value}: ${originFaultInWords(p.fault)}.`,
    hint: (p) => {
      const example = p.key === 'siteUrl' ? 'https://www.yourcompany.in' : 'https://cdn.yourcompany.in/...'
      if (p.source === 'built site')
        return `build again with ${p.variable} set to the public https address (e.g. ${example}); this site was built with ${p.value}.`
      return p.source === 'environment'
        ? `set ${p.variable} to the public https address (e.g. ${example}); it is set in the environment, which overrides ${p.key} in content/site.yaml.`
        : `set ${p.variable}=${p.key === 'siteUrl' ? example : '<https base>'} for the build, or change ${p.key} in content/site.yaml.`
    },
    example: {
      variable: 'SITE_URL',
      key: 'siteUrl',
      what: 'public origin of the site',
      value: 'http://localhost:4173',
      fault: { kind: 'this-machine', host: 'localhost' },
      source: 'content/site.yaml',
    },
  }),
} as const
