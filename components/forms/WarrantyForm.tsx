import { useEffect, useRef, useState } from 'react'
import { fetchJsonOnce } from '../../lib/fetch-json.ts'
import { EARLIEST_PURCHASE_DATE, warrantyFields } from '../../lib/forms/fields.ts'
import type { WarrantyPayload } from '../../lib/forms/index.ts'
import { RECEIVED, REFERENCE_LABEL } from '../../lib/forms/received.ts'
import type { ProductChoice } from '../../model/menu.ts'
import { useLazyList } from '../useLazyList.ts'
import { EmailField, NameField, PhoneField, SelectField, TextField } from './Field.tsx'
import { FormFrame } from './FormFrame.tsx'
import { loadRules } from './load-rules.ts'
import { formAction, postForm } from './submit.ts'
import { LONG_TOAST, toastError, toastSuccess } from './toasts.ts'
import { useForm } from './useForm.ts'

const WARRANTY_PATH = '/warrantyregistration'

/** Today in the visitor's own time zone, YYYY-MM-DD. */
function localToday(): string {
  const now = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

interface WarrantyFormProps {
  /** The product list, when the page carries it; null: load it once hydrated (a large catalogue). */
  products: readonly ProductChoice[] | null
  /** Where the whole list is (model/data-files.ts), for a catalogue too large for the page to carry. */
  productsUrl: string
}

/**
 * The warranty activation form → `POST <apiBase>/warrantyregistration`. `?product=<slug>` in the
 * address picks the product (links from a product page can pass it).
 */
export function WarrantyForm({ products: carried, productsUrl }: WarrantyFormProps) {
  const loadProducts = () => fetchJsonOnce<ProductChoice[]>(productsUrl)
  const loaded = useLazyList(carried ?? [], carried !== null, loadProducts)
  const products = loaded.whole ? loaded.list : null
  // The reference of the last activation: it stays on the page (the toast goes after 5 s).
  const [reference, setReference] = useState<string | null>(null)
  const receiptRef = useRef<HTMLDivElement>(null)
  const form = useForm({
    id: 'warranty',
    fields: warrantyFields,
    // The rules check the product against the list, as the server checks it against the content.
    rules: () =>
      Promise.all([loadRules(), carried ?? loadProducts()]).then(([loaded, list]) =>
        loaded.warrantyRules(list.map((p) => p.value)),
      ),
    submit: (payload: WarrantyPayload, honeypot: string) => postForm(WARRANTY_PATH, payload, honeypot),
    onSuccess: ({ id }) => {
      toastSuccess(RECEIVED.warranty.title, LONG_TOAST)
      setReference(id ?? null)
    },
    onFailure: () => toastError('Something went wrong. Please try again.', LONG_TOAST),
    pendingMessage: 'Activating your warranty…',
  })
  // The latest purchase date is the visitor's today, known only in the browser: the pre-rendered
  // HTML was made on another day.
  const [today, setToday] = useState<string | undefined>(undefined)
  const { setValue } = form
  useEffect(() => setToday(localToday()), [])
  // Declared after useForm's own focus: the confirmation, not the emptied form, takes the focus.
  useEffect(() => {
    if (reference) receiptRef.current?.focus()
  }, [reference])
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get('product')
    if (wanted && products?.some((p) => p.value === wanted)) setValue('product', wanted)
  }, [products, setValue])

  return (
    <FormFrame
      form={form}
      title="Your product details"
      intro={
        <p className="form-card__intro">
          You will find the serial number on the label under the device and on its box.
        </p>
      }
      pendingLabel="Activating your warranty…"
      action={formAction(WARRANTY_PATH)}
      receipt={
        reference && (
          <div className="form__receipt" ref={receiptRef} tabIndex={-1}>
            <p className="form__receipt-title">{RECEIVED.warranty.title}</p>
            <p>
              {REFERENCE_LABEL}: <strong className="form__reference">{reference}</strong>
            </p>
            <p>{RECEIVED.warranty.next}</p>
          </div>
        )
      }
    >
      <NameField control={form.field('name')} wide />
      <EmailField control={form.field('email')} />
      <PhoneField control={form.field('phone')} />
      <SelectField
        control={form.field('product')}
        label="Product"
        required
        options={products ?? []}
        placeholder={products ? 'Choose your product' : 'Loading the product list…'}
      />
      {loaded.failed && (
        <p className="field--wide form__list-failed" role="alert">
          The product list did not load: check your connection and{' '}
          <button type="button" className="link-button" onClick={loaded.retry}>
            try again
          </button>
          .
        </p>
      )}
      <TextField
        control={form.field('serial_number')}
        label="Serial Number"
        required
        autoCapitalize="characters"
        spellCheck={false}
        hint="4 to 40 letters, digits or hyphens."
      />
      <TextField
        control={form.field('purchase_date')}
        label="Purchase Date"
        required
        type="date"
        min={EARLIEST_PURCHASE_DATE}
        max={today}
      />
      <TextField
        control={form.field('invoice_number')}
        label="Invoice Number"
        spellCheck={false}
        hint="Optional: speeds up a claim later."
      />
    </FormFrame>
  )
}
