// Percentiles of the benchmarks' timings: the value below which p % of them fall (nearest rank).
export function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

export function stats(values: number[]) {
  return { p50: pct(values, 50), p99: pct(values, 99), n: values.length };
}
