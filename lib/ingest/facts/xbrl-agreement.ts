// Checks mapped table values against XBRL facts for the same company, metric and fiscal period: exact
// agreement after scale, per metric and overall, every disagreement with both sources, and the coverage
// the tables add where XBRL has nothing.
import { Decimal } from "@/lib/core/decimal";
import { type DisagreementKind, disagreementKindOf } from "@/lib/core/disagreement-kind";
import type { MappedFact } from "./mapping";

/** One XBRL value, as the seed or the companyfacts ingestion holds it (base units). */
export interface XbrlValue {
  ticker: string;
  metricKey: string;
  fiscalYear: number;
  fiscalPeriod: string;
  periodEnd: string;
  value: string;
  accession: string | null;
  /** When XBRL knew the value (the filing date or its best lower bound): shown beside a disagreement,
   * since a later filing's comparatives may be restated or split-adjusted. */
  knownAt: string;
  /** What the same XBRL filing reports for the period under the metric's other concepts, when known. */
  otherConceptValues?: readonly string[];
}

interface Disagreement {
  ticker: string;
  metricKey: string;
  period: string;
  tableValue: string;
  xbrlValue: string;
  filing: string;
  page: number;
  line: number;
  label: string;
  accession: string | null;
  xbrlKnownAt: string;
  /** Why they differ: a later filing's restatement or split (both sources shown), or unexplained. */
  kind: DisagreementKind;
}

export interface AgreementReport {
  perMetric: { metricKey: string; compared: number; agreed: number }[];
  compared: number;
  agreed: number;
  disagreements: Disagreement[];
  /** Disagreements per kind; only "unexplained" ones count against the extraction. */
  byKind: Record<DisagreementKind, number>;
  /** Per company: XBRL periods and values before, and what the tables add where XBRL has no value. */
  coverage: { ticker: string; xbrlValues: number; tableValues: number; added: number; periodsAdded: number }[];
}

const keyOf = (ticker: string, metricKey: string, fiscalYear: number, fiscalPeriod: string): string =>
  `${ticker}|${metricKey}|${fiscalYear}|${fiscalPeriod}`;

/** XBRL values of one key can differ by filing (restatements): a table value agrees with any of them. */
export function compareWithXbrl(mapped: readonly MappedFact[], xbrl: readonly XbrlValue[]): AgreementReport {
  const xbrlByKey = new Map<string, XbrlValue[]>();
  for (const x of xbrl) {
    const key = keyOf(x.ticker, x.metricKey, x.fiscalYear, x.fiscalPeriod);
    xbrlByKey.set(key, [...(xbrlByKey.get(key) ?? []), x]);
  }
  const perMetric = new Map<string, { compared: number; agreed: number }>();
  const disagreements: Disagreement[] = [];
  const seen = new Set<string>();
  // The period a filing reports is its latest column; a later filing's comparatives may restate.
  const filingPeriodEnd = new Map<string, string>();
  for (const m of mapped) {
    const { filing } = m.triplet.provenance;
    const end = m.triplet.attributes.periodEnd;
    if ((filingPeriodEnd.get(filing) ?? "") < end) filingPeriodEnd.set(filing, end);
  }
  const periodEndOf = (m: MappedFact) => filingPeriodEnd.get(m.triplet.provenance.filing) ?? "";
  const added = new Map<string, Set<string>>();
  for (const m of mapped) {
    const { ticker, fiscalYear, fiscalPeriod } = m.triplet.attributes;
    const key = keyOf(ticker, m.metricKey, fiscalYear, fiscalPeriod);
    // One comparison per key and table value: the same line repeated in MD&A counts once.
    const comparisonKey = `${key}|${m.value}`;
    if (seen.has(comparisonKey)) continue;
    seen.add(comparisonKey);
    const candidates = xbrlByKey.get(key);
    if (candidates === undefined) {
      added.set(ticker, (added.get(ticker) ?? new Set()).add(key));
      continue;
    }
    const counts = perMetric.get(m.metricKey) ?? { compared: 0, agreed: 0 };
    counts.compared++;
    if (candidates.some((x) => new Decimal(x.value).eq(m.value))) counts.agreed++;
    else {
      const latest = candidates.reduce((a, b) => (b.knownAt > a.knownAt ? b : a));
      const laterTablePrintsXbrl = mapped.some(
        (other) =>
          other.metricKey === m.metricKey &&
          other.triplet.attributes.ticker === ticker &&
          other.triplet.attributes.fiscalYear === fiscalYear &&
          other.triplet.attributes.fiscalPeriod === fiscalPeriod &&
          periodEndOf(other) > periodEndOf(m) &&
          candidates.some((x) => new Decimal(x.value).eq(other.value)),
      );
      disagreements.push({
        ticker,
        metricKey: m.metricKey,
        period: `${fiscalPeriod}${fiscalYear}`,
        tableValue: m.value,
        xbrlValue: candidates.map((x) => x.value).join(" / "),
        filing: m.triplet.provenance.filing,
        page: m.triplet.provenance.page,
        line: m.triplet.provenance.line,
        label: m.triplet.attributes.label,
        accession: latest.accession,
        xbrlKnownAt: latest.knownAt,
        kind: disagreementKindOf({
          unit: m.triplet.unit,
          tableValue: m.value,
          xbrlValue: latest.value,
          xbrlKnownAt: latest.knownAt,
          tableFilingPeriodEnd: periodEndOf(m),
          laterTablePrintsXbrl,
          otherConceptPrintsTable: candidates.some((x) =>
            (x.otherConceptValues ?? []).some((v) => new Decimal(v).eq(m.value)),
          ),
        }),
      });
    }
    perMetric.set(m.metricKey, counts);
  }
  const tickers = [...new Set(mapped.map((m) => m.triplet.attributes.ticker))].sort();
  const coverage = tickers.map((ticker) => {
    const addedKeys = added.get(ticker) ?? new Set<string>();
    const periodsBefore = new Set(
      xbrl.filter((x) => x.ticker === ticker).map((x) => `${x.fiscalYear}|${x.fiscalPeriod}`),
    );
    const periodsAdded = new Set(
      [...addedKeys].map((k) => k.split("|").slice(2).join("|")).filter((p) => !periodsBefore.has(p)),
    );
    return {
      ticker,
      xbrlValues: xbrl.filter((x) => x.ticker === ticker).length,
      tableValues: new Set(
        mapped
          .filter((m) => m.triplet.attributes.ticker === ticker)
          .map((m) => keyOf(ticker, m.metricKey, m.triplet.attributes.fiscalYear, m.triplet.attributes.fiscalPeriod)),
      ).size,
      added: addedKeys.size,
      periodsAdded: periodsAdded.size,
    };
  });
  const rows = [...perMetric.entries()]
    .map(([metricKey, c]) => ({ metricKey, ...c }))
    .sort((a, b) => a.metricKey.localeCompare(b.metricKey));
  const byKind: Record<DisagreementKind, number> = {
    other_concept: 0,
    split_adjusted: 0,
    restated_confirmed: 0,
    restated_later: 0,
    restated_by_table: 0,
    unexplained: 0,
  };
  for (const d of disagreements) byKind[d.kind]++;
  return {
    perMetric: rows,
    compared: rows.reduce((s, r) => s + r.compared, 0),
    agreed: rows.reduce((s, r) => s + r.agreed, 0),
    disagreements,
    byKind,
    coverage,
  };
}
