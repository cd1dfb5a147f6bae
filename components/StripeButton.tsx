import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react'

/** The decorative stripes: seven, as the spec's stripe button has. */
export const STRIPE_COUNT = 7
const STRIPES = Array.from({ length: STRIPE_COUNT }, (_, i) => i)

type Common = { children: ReactNode; className?: string }
type AsLink = Common & { href: string } & Omit<
    AnchorHTMLAttributes<HTMLAnchorElement>,
    'children' | 'className'
  >
type AsButton = Common & { href?: undefined } & Omit<
    ButtonHTMLAttributes<HTMLButtonElement>,
    'children' | 'className'
  >

/**
 * A call-to-action with seven animated stripes that stream across it for 4.2 s when it appears and
 * again while it is hovered or focused (still under reduced motion; StripeButton.css says why not
 * endlessly). Renders a link when given `href`, otherwise a button.
 */
export function StripeButton(props: AsLink | AsButton) {
  const { children, className, ...rest } = props
  const classes = className ? `stripe-button ${className}` : 'stripe-button'
  const inner = (
    <>
      <span className="stripe-button__stripes" aria-hidden="true">
        {STRIPES.map((i) => (
          <span key={i} className="stripe-button__stripe" style={{ ['--i' as string]: i }} />
        ))}
      </span>
      <span className="stripe-button__label">{children}</span>
    </>
  )
  if (rest.href !== undefined)
    return (
      <a className={classes} {...(rest as Omit<AsLink, 'children' | 'className'>)}>
        {inner}
      </a>
    )
  return (
    <button type="button" className={classes} {...(rest as Omit<AsButton, 'children' | 'className'>)}>
      {inner}
    </button>
  )
}
