// Percentiles and the p50 / p95 / max table row the bench prints.

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export function row(name: string, values: number[]): string {
  return `| ${name.padEnd(18)} | ${percentile(values, 50).toFixed(2).padStart(8)} | ${percentile(values, 95).toFixed(2).padStart(8)} | ${Math.max(
    ...values,
  )
    .toFixed(2)
    .padStart(8)} |`;
}
