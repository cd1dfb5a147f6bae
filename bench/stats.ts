/** The middle value of a sample (the upper of the two middle ones for an even count); 0 for none. */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
}
