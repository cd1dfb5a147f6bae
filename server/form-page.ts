import { createHash } from 'node:crypto'
import { FORM_PAGE_WORDS as WORDS } from '../lib/api-messages.ts'
import { FIELD_LABELS } from '../lib/forms/fields.ts'
import { type FieldOutline, FORM_OUTLINES } from '../lib/forms/outlines.ts'
import { RECEIVED, REFERENCE_LABEL } from '../lib/forms/received.ts'
import { escapeHtml } from '../lib/html.ts'
import type { Kind } from './storage.ts'

/** What the intake API answered, as its JSON body says it: a 201's id, a 422's messages, or a refusal. */
export interface AnswerBody {
  id?: unknown
  errors?: unknown
  error?: unknown
}

/** What a page about one form's answer is made from. */
export interface FormPageInput {
  kind: Kind
  status: number
  body: AnswerBody
  /** The fields as they were sent, when the body could be read: the form is shown again with them. */
  values: Record<string, string> | undefined
  /** Every product's slug and name, in menu order, for the warranty's product list. */
  products: readonly { slug: string; name: string }[]
  /** The site's pages: '' when the API shares the site's origin, else the site's origin. */
  siteBase: string
}

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1c2733;background:#f4f7fb}
main{box-sizing:border-box;max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
a{color:#0a58ca}h1{color:#0b1f3a;font-size:1.75rem;line-height:1.2;margin:1rem 0 .5rem}
.card{background:#fff;border:1px solid #d5dde8;border-radius:.75rem;padding:1.25rem;margin:1rem 0}
.summary{border:3px solid #b3261e}.summary h2{font-size:1.2rem;margin:0 0 .5rem}
.summary ul{margin:0;padding-left:1.2rem}.summary a{color:#b3261e;font-weight:600}
.eyebrow{margin:0;color:#007373;font-size:.8rem;font-weight:700;letter-spacing:.12em;text-transform:uppercase}
.reference strong{display:block;font:700 1.15rem ui-monospace,monospace;overflow-wrap:anywhere}
.field{margin:0 0 1rem}label{display:block;font-weight:600}
input,select,textarea{box-sizing:border-box;width:100%;font:inherit;padding:.6rem;border:1px solid #8593a5;border-radius:.4rem;background:#fff}
[aria-invalid=true]{border:2px solid #b3261e}.error{color:#b3261e;font-weight:600;margin:.25rem 0}
.honeypot{position:absolute;left:-10000px}
button{font:inherit;font-weight:700;color:#fff;background:#0b1f3a;border:0;border-radius:999px;padding:.75rem 1.75rem;cursor:pointer}`

/**
 * The answer pages' own Content-Security-Policy: the one stylesheet above by its hash, the form sent
 * back to this endpoint, nothing else (no script runs on them).
 */
export const FORM_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** Where the visitor goes after a received form: the product of an enquiry (as the spec's navigate), else home. */
function onwards(input: FormPageInput): string {
  const slug = input.values?.product_name
  if (input.kind === 'enquiry' && slug && input.products.some((p) => p.slug === slug))
    return `${input.siteBase}/products/${encodeURIComponent(slug)}`
  return `${input.siteBase}/`
}

/** The form page a visitor came from, for a refusal that carried no values. */
function formAddress(input: FormPageInput): string {
  const slug = input.values?.product_name
  if (input.kind === 'enquiry')
    return slug
      ? `${input.siteBase}/productenquiry/${encodeURIComponent(slug)}`
      : `${input.siteBase}/products`
  return `${input.siteBase}${input.kind === 'contact' ? '/support' : '/productregistration'}`
}

const messagesOf = (errors: unknown): Record<string, string> =>
  typeof errors === 'object' && errors !== null && !Array.isArray(errors)
    ? Object.fromEntries(
        Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    : {}

/**
 * The page the intake API answers an HTML form posted without JavaScript, in place of its JSON and
 * with the same status: received, with the reference the API gave it; or the spec's messages for the
 * fields at fault (linked to them), over the form again with what was typed; or the catalogue's
 * sentence for a refusal, with the form again when its values could be read. Every value is escaped.
 */
export function formPage(input: FormPageInput): string {
  const { status, body } = input
  if (status === 201 && typeof body.id === 'string') {
    const words = RECEIVED[input.kind]
    return document(
      words.title,
      `${eyebrow(input)}<h1>${escapeHtml(words.title)}</h1>
<div class="card" role="status"><p>${escapeHtml(words.next)}</p>
<p class="reference">${escapeHtml(REFERENCE_LABEL)}: <strong>${escapeHtml(body.id)}</strong></p></div>
<p><a href="${escapeHtml(onwards(input))}">${escapeHtml(WORDS.home)}</a></p>`,
    )
  }
  const errors = messagesOf(body.errors)
  const outlines = FORM_OUTLINES[input.kind]
  const atFault = outlines.filter((f) => errors[f.name])
  if (status === 422 && atFault.length > 0) {
    const summary = atFault
      .map(
        (f) =>
          `<li><a href="#f-${f.name}">${escapeHtml(FIELD_LABELS[f.name])}: ${escapeHtml(errors[f.name] ?? '')}</a></li>`,
      )
      .join('')
    return document(
      WORDS.invalidTitle,
      `${eyebrow(input)}<h1>${escapeHtml(WORDS.invalidTitle)}</h1>
<p>${escapeHtml(WORDS.invalidLead)}</p>
<div class="card summary" role="alert" aria-labelledby="summary-title"><h2 id="summary-title">${escapeHtml(WORDS.summaryTitle)}</h2><ul>${summary}</ul></div>
${formAgain(input, errors, WORDS.send)}`,
    )
  }
  const sentence = typeof body.error === 'string' ? body.error : Object.values(errors).join(' ')
  const rest = input.values
    ? `<p>${escapeHtml(WORDS.refusedWithValues)}</p>${formAgain(input, errors, WORDS.sendAgain)}`
    : `<p>${escapeHtml(WORDS.refusedWithoutValues)}</p><p><a href="${escapeHtml(formAddress(input))}">${escapeHtml(WORDS.formAgain)}</a></p>`
  return document(
    WORDS.refusedTitle,
    `${eyebrow(input)}<h1>${escapeHtml(WORDS.refusedTitle)}</h1>
<div class="card summary" role="alert"><p>${escapeHtml(sentence)}</p></div>
${rest}`,
  )
}

/** Which form the page is about: its name, and for an enquiry the product's. */
function eyebrow(input: FormPageInput): string {
  const slug = input.values?.product_name
  const product = input.kind === 'enquiry' ? input.products.find((p) => p.slug === slug)?.name : undefined
  return `<p class="eyebrow">${escapeHtml(WORDS.forms[input.kind])}${product ? `: ${escapeHtml(product)}` : ''}</p>`
}

/** The form again, with the values as typed and each field's message under its label. */
function formAgain(input: FormPageInput, errors: Record<string, string>, send: string): string {
  const values = input.values ?? {}
  const fields = FORM_OUTLINES[input.kind].map((f) => field(f, values[f.name] ?? '', errors[f.name], input))
  const hidden = [
    input.kind === 'enquiry' ? hiddenInput('product_name', values.product_name ?? '') : '',
    // A value in the honeypot stays there, so a bot's second try is marked as spam like its first.
    `<div class="honeypot" aria-hidden="true"><label for="f-website">Website</label><input id="f-website" name="website" type="text" tabindex="-1" autocomplete="off" value="${escapeHtml(values.website ?? '')}"></div>`,
  ]
  // No action: the form goes back to the address that answered, whatever a proxy calls it.
  return `<form class="card" method="post" novalidate>
<p>${escapeHtml(WORDS.required)}</p>
${fields.join('\n')}
${hidden.join('')}
<button type="submit">${escapeHtml(send)}</button>
</form>
<p><a href="${escapeHtml(`${input.siteBase}/`)}">${escapeHtml(WORDS.home)}</a></p>`
}

const hiddenInput = (name: string, value: string) =>
  `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`

/** One labelled field: its error tied to it (aria-describedby, aria-invalid), as the browser's forms do. */
function field(f: FieldOutline, value: string, error: string | undefined, input: FormPageInput): string {
  const id = `f-${f.name}`
  const star = f.required ? '<span aria-hidden="true"> *</span>' : ''
  const wiring = [
    `id="${id}"`,
    `name="${f.name}"`,
    f.required ? 'aria-required="true"' : '',
    error ? `aria-invalid="true" aria-describedby="${id}-error"` : '',
  ]
    .filter(Boolean)
    .join(' ')
  const control =
    f.kind === 'textarea'
      ? `<textarea ${wiring} rows="4">${escapeHtml(value)}</textarea>`
      : f.kind === 'product'
        ? `<select ${wiring}><option value="">${escapeHtml(WORDS.chooseProduct)}</option>${input.products
            .map(
              (p) =>
                `<option value="${escapeHtml(p.slug)}"${p.slug === value ? ' selected' : ''}>${escapeHtml(p.name)}</option>`,
            )
            .join('')}</select>`
        : `<input ${wiring} type="${f.kind === 'date' ? 'date' : 'text'}" value="${escapeHtml(value)}">`
  const message = error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''
  return `<div class="field"><label for="${id}">${escapeHtml(FIELD_LABELS[f.name])}${star}</label>${message}${control}</div>`
}

function document(title: string, main: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>
${main}
</main></body></html>
`
}
