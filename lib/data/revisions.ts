// As reported or restated, on purpose (issue 30, item 4): every filed value the slice uses (directly or as
// a formula's input) whose period another filing states differently, beyond rounding. A question about
// one past fiscal period reads its own filing's values (filed.ts) and learns of the later restatement; any
// other question reads the latest values and learns what was first reported. A restatement is a later value
// of the same XBRL concept (another concept is another measure: concepts.ts). Why, when the data says: a
// stock split between the two reports (per-share values and share counts move by its ratio); else only
// which filing restated it.
import { metricByKey } from "@/lib/catalog/metrics";
import { Decimal } from "@/lib/core/decimal";
import type { StoredMetricValue } from "@/lib/db/queries/metric-values";
import { fiscalPeriodLabel, formatDate, periodLabel } from "@/lib/format/periods";
import type { CompanySnapshot } from "./fact-store";
import { filingsOf } from "./filed";
import type { DataPoint, ReportedValue, Revision, Series } from "./types";
import { changeOf, filingKeyOf, measureOf, sameUpToRounding, versionKey } from "./versions";

/** At most this many revisions per company and metric are listed (a ten-year EPS trend after a split). */
const MAX_PER_METRIC = 6;

export function revisionsOf(
  snapshots: readonly CompanySnapshot[],
  series: readonly Series[],
  knownBy: string | null,
): Revision[] {
  const byTicker = new Map(snapshots.map((s) => [s.info.ticker, s]));
  const found = new Map<string, Revision>();
  const perMetric = new Map<string, number>();
  const visit = (s: Series, metricKey: string, point: DataPoint) => {
    if (point.source.kind === "derived") {
      for (const input of point.source.inputs) visit(s, input.metricKey, input.point);
      return;
    }
    const source = point.source;
    if (source.kind !== "sec_filing") return;
    const snapshot = byTicker.get(s.ticker);
    if (!snapshot) return;
    const key = versionKey({ ticker: s.ticker, metricKey, periodStart: point.periodStart, periodEnd: point.periodEnd });
    if (found.has(key)) return;
    const versions = (snapshot.factsByMetric.get(metricKey) ?? []).filter(
      (v) =>
        versionKey(v) === key &&
        (knownBy === null || v.updatedAt.slice(0, 10) <= knownBy) &&
        (v.periodStart === null) === (point.periodStart === null),
    );
    const used =
      versions.find((v) => v.value === point.value && v.sourceAccession === source.accession) ??
      versions.find((v) => v.value === point.value);
    if (!used) return;
    // A restatement is a later value of the same concept; another concept is another measure (concepts.ts).
    const measure = measureOf(used.sourceConcept ?? "");
    const change = changeOf(versions.filter((v) => measureOf(v.sourceConcept ?? "") === measure));
    if (!change) return;
    // An earlier report used (the question's own filing): compare with the latest. The latest used: with the first.
    const other = sameUpToRounding(used, change.latest) ? change.first : change.latest;
    if (sameUpToRounding(used, other)) return;
    const count = perMetric.get(`${s.ticker}\u0000${metricKey}`) ?? 0;
    if (count >= MAX_PER_METRIC) return;
    perMetric.set(`${s.ticker}\u0000${metricKey}`, count + 1);
    const metric = metricByKey(metricKey);
    const [original, restated] = other === change.latest ? [used, other] : [other, used];
    found.set(key, {
      ticker: s.ticker,
      companyName: s.companyName,
      metricKey,
      metricName: metric?.name ?? metricKey,
      unitKind: metric?.unitKind ?? s.unitKind,
      currency: s.currency,
      period: periodLabel(point),
      basis: other === change.latest ? "as-reported" : "latest",
      used: reported(snapshot, used),
      other: reported(snapshot, other),
      reason: reasonOf(original, restated, metric?.unitKind ?? null, snapshot.splitDates),
    });
  };
  for (const s of series) {
    if (s.frequency === "daily") continue;
    for (const point of s.points) visit(s, s.metricKey, point);
  }
  return [...found.values()];
}

function reported(snapshot: CompanySnapshot, v: StoredMetricValue): ReportedValue {
  const filing = filingsOf(snapshot).get(filingKeyOf(v));
  const form = v.sourceForm ?? filing?.form ?? null;
  return {
    value: v.value,
    concept: v.sourceConcept,
    form,
    filedAt: v.sourceFiledAt,
    filing: filing
      ? `${fiscalPeriodLabel(filing.fiscalYear, filing.fiscalPeriod)} ${form ?? "filing"}`
      : `${form ?? "filing"}${v.sourceFiledAt ? ` filed ${formatDate(v.sourceFiledAt)}` : ""}`,
  };
}

const SPLIT_TOLERANCE = new Decimal("0.02");

/** A split between the two reports whose ratio the values moved by; else null (the data says no more). */
function reasonOf(
  original: StoredMetricValue,
  restated: StoredMetricValue,
  unitKind: string | null,
  splitDates: readonly string[],
): string | null {
  if (unitKind === "per_share" || unitKind === "shares") {
    const ratio = splitRatio(original.value, restated.value, unitKind);
    const from = original.updatedAt.slice(0, 10);
    const to = restated.updatedAt.slice(0, 10);
    const split = splitDates.find((d) => d > from && d <= to);
    if (ratio !== null && split !== undefined) return `the ${ratio}-for-1 stock split of ${formatDate(split)}`;
  }
  return null;
}

/** A whole ratio of at least 2 the value moved by (per share: down; share counts: up), else null. */
function splitRatio(original: string, restated: string, unitKind: string): number | null {
  try {
    const [before, after] = [new Decimal(original), new Decimal(restated)];
    if (before.isZero() || after.isZero() || before.isNegative() !== after.isNegative()) return null;
    const ratio = unitKind === "per_share" ? before.div(after) : after.div(before);
    const whole = ratio.toDecimalPlaces(0);
    if (whole.lt(2) || ratio.minus(whole).abs().div(whole).gt(SPLIT_TOLERANCE)) return null;
    return whole.toNumber();
  } catch {
    return null;
  }
}
