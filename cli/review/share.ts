/** A share of pixels as people read it: `4.21%`, `<0.01%` for a change too small to show, `0%` for none. */
export function percent(share: number): string {
  if (share === 0) return '0%'
  if (share < 0.0001) return '<0.01%'
  return `${(share * 100).toFixed(2)}%`
}
