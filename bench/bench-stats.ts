// Percentiles of the benchmarks' timings: the value below which p % of them fall (nearest rank).
export function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

export function stats(values: number[]) {
  return { p50: pct(values, 50), p99: pct(values, 99), n: values.length };
}

// The same on values already sorted ascending, ranked from 1 (p99 of 100 values is the 99th).
export const percentile = (sorted: number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
