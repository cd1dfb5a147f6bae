import type { ChangeEvent } from 'react'

interface HoneypotProps {
  id: string
  value: string
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
}

/**
 * A field people never see and bots fill in: `website`. It sits off screen (not `display: none`,
 * which many bots skip), out of the tab order, hidden from assistive technology and from autofill.
 * The intake API treats a value in it as spam.
 */
export function Honeypot({ id, value, onChange }: HoneypotProps) {
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label htmlFor={id}>Website</label>
      <input
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={onChange}
      />
    </div>
  )
}
