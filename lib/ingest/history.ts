// Filings repeat earlier periods as comparatives, so the same value arrives many times. A metric's
// history keeps the first report of each value and every later change (restatements), and drops
// the repeats.
import { Decimal } from "@/lib/core/decimal";
import type { MetricFact } from "@/lib/core/types";

/** XBRL concept ("us-gaap:Revenues") → catalog metric, priority 0 = preferred. */
export type ConceptIndex = ReadonlyMap<string, { readonly metricKey: string; readonly priority: number }>;

/** Canonical text of an exact decimal, so "6.080" and "6.08" (or "-0" and "0") compare equal. */
export function canonicalDecimal(value: string): string {
  const m = /^([+-]?)0*(\d*?)(?:\.(\d*?)0*)?$/.exec(value);
  if (!m) return value;
  const int = m[2] === "" ? "0" : (m[2] ?? "0");
  const frac = m[3] ?? "";
  const digits = frac === "" ? int : `${int}.${frac}`;
  return m[1] === "-" && digits !== "0" ? `-${digits}` : digits;
}

/**
 * Whether a later report says the same as the kept one. Filings often repeat a figure rounded more
 * coarsely (Apple's 10-K: debt 96,662 million, decimals -6; the next 10-Q: 96.7 billion, decimals
 * -8); when both state their precision and the values agree to the coarser one, that is no
 * restatement. Without decimals (companyfacts) only equal values are the same.
 */
function sameValue(kept: MetricFact, next: MetricFact): boolean {
  if (canonicalDecimal(kept.value) === canonicalDecimal(next.value)) return true;
  if (kept.decimals === null || next.decimals === null) return false;
  try {
    const coarser = Math.min(kept.decimals, next.decimals);
    const halfUnit = new Decimal(10).pow(-coarser).div(2);
    return new Decimal(kept.value).minus(next.value).abs().lte(halfUnit);
  } catch {
    return false; // not decimals at all: compared as text above
  }
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Same metric, same period. */
function periodKey(f: MetricFact): string {
  return JSON.stringify([f.ticker, f.metricKey, f.periodStart, f.periodEnd]);
}

/** One filing; sources without accession numbers (XBRL instance files) are told apart by date. */
function filingKey(f: MetricFact): string {
  return f.accession ?? `known:${f.knownAt}`;
}

/** One value per filing: the catalog's preferred concept wins; among equals, the first one read. */
function valuePerFiling(facts: readonly MetricFact[], concepts: ConceptIndex): MetricFact[] {
  const priority = (f: MetricFact): number => concepts.get(f.concept)?.priority ?? Number.POSITIVE_INFINITY;
  const best = new Map<string, MetricFact>();
  for (const fact of facts) {
    const key = filingKey(fact);
    const current = best.get(key);
    if (current === undefined || priority(fact) < priority(current)) best.set(key, fact);
  }
  return [...best.values()];
}

/** Filings in the order they became known; a value is kept when it differs from the last kept one
 * (compared with the earlier, so a run of coarse re-reports cannot drift away from it). */
function changes(filings: MetricFact[]): MetricFact[] {
  filings.sort((a, b) => compare(a.knownAt, b.knownAt) || compare(a.accession ?? "", b.accession ?? ""));
  const kept: MetricFact[] = [];
  for (const fact of filings) {
    const last = kept.at(-1);
    if (last === undefined || !sameValue(last, fact)) kept.push(fact);
  }
  return kept;
}

function outputOrder(a: MetricFact, b: MetricFact): number {
  return (
    compare(a.ticker, b.ticker) ||
    compare(a.metricKey, b.metricKey) ||
    compare(a.periodEnd, b.periodEnd) ||
    compare(a.periodStart ?? "", b.periodStart ?? "") ||
    compare(a.knownAt, b.knownAt) ||
    compare(a.accession ?? "", b.accession ?? "")
  );
}

/**
 * Reduces facts to each period's history: per (ticker, metricKey, periodStart, periodEnd), one value
 * per filing chosen by concept priority, then only the filings that changed the value. Sorted by
 * ticker, metricKey, periodEnd, periodStart, knownAt.
 */
export function collapseHistory(facts: Iterable<MetricFact>, concepts: ConceptIndex): MetricFact[] {
  const byPeriod = new Map<string, MetricFact[]>();
  for (const fact of facts) {
    const key = periodKey(fact);
    const group = byPeriod.get(key);
    if (group) group.push(fact);
    else byPeriod.set(key, [fact]);
  }
  const result: MetricFact[] = [];
  for (const group of byPeriod.values()) result.push(...changes(valuePerFiling(group, concepts)));
  return result.sort(outputOrder);
}
