import { type FormEvent, useState } from 'react'

interface Props {
  /** What the form sends: a product enquiry, a contact message or a warranty activation. */
  kind: 'enquiry' | 'contact' | 'warranty'
  product?: string
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A form checked in the browser before it posts to the intake API. */
export default function EnquiryForm({ kind, product }: Props) {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle')
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const data = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>
    const found: Record<string, string> = {}
    if (!data.name?.trim()) found.name = 'Enter your name.'
    if (!EMAIL.test(data.email ?? '')) found.email = 'Enter an e-mail address like name@example.com.'
    if (kind === 'warranty' && !data.serial?.trim()) found.serial = 'Enter the serial number on the label.'
    setErrors(found)
    if (Object.keys(found).length) return
    setState('sending')
    const response = await fetch(`/api/${kind}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...data, product }),
    }).catch(() => undefined)
    setState(response?.ok ? 'sent' : 'failed')
  }
  const field = (name: string, label: string, type = 'text') => (
    <label key={name}>
      {label}
      <input
        name={name}
        type={type}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={`${name}-error`}
      />
      <span id={`${name}-error`} className="form__error">
        {errors[name]}
      </span>
    </label>
  )
  if (state === 'sent') return <output>Thank you. We will write back within two working days.</output>
  return (
    <form className="form" noValidate onSubmit={submit}>
      {field('name', 'Your name')}
      {field('email', 'E-mail', 'email')}
      {field('phone', 'Phone (optional)', 'tel')}
      {kind === 'warranty' && field('serial', 'Serial number')}
      {kind === 'warranty' && field('purchased', 'Date of purchase', 'date')}
      <label>
        Message
        <textarea name="message" rows={5} />
      </label>
      <button type="submit" disabled={state === 'sending'}>
        {state === 'sending' ? 'Sending…' : 'Send'}
      </button>
      {state === 'failed' && <p role="alert">That did not reach us. Try again in a minute.</p>}
    </form>
  )
}
