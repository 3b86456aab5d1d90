/**
 * The `p`-th percentile (0–100) of `values`, by the nearest-rank method: the ⌈p/100 · n⌉-th smallest of the n
 * values (the smallest for p = 0), so every figure is a value that was measured, never an interpolation, and at
 * least p % of the values are at or below it. p50 of an even count is the lower of the two middle values; p99 of
 * 100 values is the 99th, not the largest. `values` need not be sorted (a sorted copy is read). No values: 0,
 * so a table prints 0 ms for a kind of answer that never came.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] as number;
}
