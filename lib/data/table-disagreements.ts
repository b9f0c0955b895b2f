// "Show both when they differ": XBRL values stay preferred, but where a filing's statement table prints
// a different number for the same company, metric and period, the slice carries both, so the answer says
// so instead of choosing silently (the table value with its filing, page and row). A question read as its
// own filing reported it can use the table's value while a later XBRL filing restated it: both again.
// Read with each company's snapshot (fact-store.ts), so a slice asks the database nothing for them.
import type { CompanySnapshot } from "./fact-store";
import type { DataPoint, Series, UsedDisagreement } from "./types";

/** The disagreements behind the slice's filed values, directly or as a formula's inputs. */
export function disagreementsOf(snapshots: readonly CompanySnapshot[], series: readonly Series[]): UsedDisagreement[] {
  const used = new Map<string, UsedDisagreement["used"]>();
  const visit = (ticker: string, metricKey: string, point: DataPoint) => {
    if (point.source.kind === "derived") {
      for (const input of point.source.inputs) visit(input.ticker, input.metricKey, input.point);
    } else if (point.source.kind === "sec_filing") {
      used.set(
        keyOf(ticker, metricKey, point.fiscalYear, point.fiscalPeriod),
        point.source.via === "filing_table" ? "table" : "xbrl",
      );
    }
  };
  for (const s of series) for (const point of s.points) visit(s.ticker, s.metricKey, point);
  if (used.size === 0) return [];
  // In the order the query gives them for several companies: by ticker, then metric, period, filing, page, line.
  const found = [...snapshots]
    .sort((a, b) => (a.info.ticker < b.info.ticker ? -1 : a.info.ticker > b.info.ticker ? 1 : 0))
    .flatMap((s) => s.tableDisagreements);
  // One row per value: the filing that reports the period itself, else the first found.
  const byValue = new Map<string, UsedDisagreement>();
  for (const d of found) {
    const key = keyOf(d.ticker, d.metricKey, d.fiscalYear, d.fiscalPeriod);
    const source = used.get(key);
    if (!source) continue;
    const held = byValue.get(key);
    const own = d.filingFiscalYear === d.fiscalYear && d.filingFiscalPeriod === d.fiscalPeriod;
    if (!held || (own && held.filingFiscalYear !== held.fiscalYear)) byValue.set(key, { ...d, used: source });
  }
  return [...byValue.values()];
}

function keyOf(ticker: string, metricKey: string, fiscalYear: number | null, fiscalPeriod: string | null): string {
  return `${ticker}|${metricKey}|${fiscalYear}|${fiscalPeriod}`;
}
