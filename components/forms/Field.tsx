import type { ReactNode } from 'react'
import type { FieldControl } from './useForm.ts'

interface FieldProps {
  control: FieldControl
  /** The visible label, e.g. 'Phone Number'. */
  label: string
  /** Marks the label with * and tells assistive technology the field is required. */
  required?: boolean
  /** A short line under the label that helps fill the field in. */
  hint?: string
  /** Takes the whole row of the form grid on wide screens. */
  wide?: boolean
}

/** The attributes that tie an input to its label, hint and error. */
interface Wiring {
  id: string
  name: string
  'aria-invalid': boolean
  'aria-describedby': string | undefined
  'aria-required': boolean | undefined
}

/**
 * Label, hint and error around one input. The error has an id the input names in
 * `aria-describedby` (read when the field is focused), and the input carries `aria-invalid`.
 */
function FieldShell({
  control,
  label,
  required = false,
  hint,
  wide = false,
  extra,
  children,
}: FieldProps & { extra?: ReactNode; children: (wiring: Wiring) => ReactNode }) {
  const hintId = `${control.id}-hint`
  const errorId = `${control.id}-error`
  const describedBy = [control.error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ')
  const invalid = control.error !== undefined
  return (
    <div className={`field${wide ? ' field--wide' : ''}${invalid ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={control.id}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children({
        id: control.id,
        name: control.name,
        'aria-invalid': invalid,
        'aria-describedby': describedBy || undefined,
        'aria-required': required || undefined,
      })}
      {invalid && (
        <p className="field__error" id={errorId}>
          <svg className="field__error-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <circle cx="8" cy="8" r="7" fill="currentColor" />
            <path d="M8 4.2v4.6" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
            <circle cx="8" cy="11.4" r="1" fill="#fff" />
          </svg>
          {control.error}
        </p>
      )}
      {(hint || extra) && (
        <div className="field__meta">
          {hint && (
            <p className="field__hint" id={hintId}>
              {hint}
            </p>
          )}
          {extra}
        </div>
      )}
    </div>
  )
}

interface TextFieldProps extends FieldProps {
  type?: 'text' | 'tel' | 'date'
  autoComplete?: string
  inputMode?: 'text' | 'email' | 'tel' | 'numeric'
  /** For dates: the earliest and latest allowed, YYYY-MM-DD. */
  min?: string | undefined
  max?: string | undefined
  spellCheck?: boolean
  autoCapitalize?: 'none' | 'words' | 'characters'
}

/**
 * A one-line field. Email fields are `type="text"` with the email keyboard: `type="email"` would let
 * the browser strip edge spaces the rules must see and report.
 */
export function TextField({
  type = 'text',
  autoComplete,
  inputMode,
  min,
  max,
  spellCheck,
  autoCapitalize,
  ...field
}: TextFieldProps) {
  const { control } = field
  return (
    <FieldShell {...field}>
      {(wiring) => (
        <input
          {...wiring}
          ref={control.ref}
          className="field__input"
          type={type}
          value={control.value}
          onChange={control.onChange}
          onBlur={control.onBlur}
          autoComplete={autoComplete}
          inputMode={inputMode}
          min={min}
          max={max}
          spellCheck={spellCheck}
          autoCapitalize={autoCapitalize}
        />
      )}
    </FieldShell>
  )
}

interface TextAreaFieldProps extends FieldProps {
  rows?: number
  /** Shows a running character count against this limit (the rule itself lives in lib/forms). */
  limit?: number
}

/** A multi-line field, with an optional character count. */
export function TextAreaField({ rows = 4, limit, ...field }: TextAreaFieldProps) {
  const { control } = field
  const count = [...control.value].length
  return (
    <FieldShell
      {...field}
      extra={
        limit !== undefined && (
          <p className={`field__count${count > limit ? ' field__count--over' : ''}`}>
            {count} / {limit}
          </p>
        )
      }
    >
      {(wiring) => (
        <textarea
          {...wiring}
          ref={control.ref}
          className="field__input field__input--area"
          rows={rows}
          value={control.value}
          onChange={control.onChange}
          onBlur={control.onBlur}
        />
      )}
    </FieldShell>
  )
}

interface SelectFieldProps extends FieldProps {
  options: readonly { value: string; label: string }[]
  /** The first, empty choice, e.g. 'Choose your product'. */
  placeholder: string
}

/** A choice from a fixed list, starting on an empty placeholder choice. */
export function SelectField({ options, placeholder, ...field }: SelectFieldProps) {
  const { control } = field
  return (
    <FieldShell {...field}>
      {(wiring) => (
        <select
          {...wiring}
          ref={control.ref}
          className="field__input field__input--select"
          value={control.value}
          onChange={control.onChange}
          onBlur={control.onBlur}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  )
}

/** The fields every form asks for, set up the same way everywhere: a person's name, email and phone. */
export function NameField({ control, wide = false }: { control: FieldControl; wide?: boolean }) {
  return (
    <TextField
      control={control}
      label="Name"
      required
      wide={wide}
      autoComplete="name"
      autoCapitalize="words"
    />
  )
}

export function EmailField({ control }: { control: FieldControl }) {
  return (
    <TextField
      control={control}
      label="Email"
      required
      autoComplete="email"
      inputMode="email"
      spellCheck={false}
      autoCapitalize="none"
    />
  )
}

export function PhoneField({ control }: { control: FieldControl }) {
  return (
    <TextField
      control={control}
      label="Phone Number"
      required
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      hint="10 digits, no spaces or country code."
    />
  )
}
