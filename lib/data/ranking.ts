// Rankings and screens over the series a slice already holds: "top 5 by revenue in fiscal 2023",
// "peers by net income", "companies with revenue over $100 billion". Pure: it reads Series and their
// exact decimal strings (decimal.js comparisons), so it ranks a derived metric's series exactly like a
// filed one. Like is compared with like: one kind of period (fiscal years, quarters, dates or trading
// days), either the same fiscal period for every company or each company's latest, and always one
// currency; each value carries the period it is for, and the universe (who was considered, who had
// data, who lacked it and why) comes with the result.
import { companyGroups, type StructuredDataRequest } from "@/lib/agent/schema";
import { metricByKey } from "@/lib/catalog/metrics";
import type { MetricDefinition } from "@/lib/catalog/types";
import { fiscalPeriodLabel, periodKindOf, periodLabel, type PeriodKind as AnyPeriodKind } from "@/lib/format/periods";
import { parseThreshold } from "@/lib/format/threshold";
import { Decimal } from "@/lib/core/decimal";
import { parseDecimal } from "@/lib/format/values";
import { metricPhrase } from "./missing";
import type {
  DataPoint,
  MissingData,
  PerShareFigure,
  Ranking,
  RankingEntry,
  RankingGap,
  ResolvedGroup,
  Series,
} from "./types";

// Year-to-date spans (H1, 9M) are never ranked: they compare with nothing else.
type PeriodKind = Exclude<AnyPeriodKind, "interim">;
const KIND_PREFERENCE: readonly PeriodKind[] = ["annual", "quarterly", "dated", "daily"];

export interface RankInput {
  request: StructuredDataRequest;
  /** The companies the slice read (named ones and group members), in slice order. */
  companies: readonly { ticker: string; name: string }[];
  groups: readonly ResolvedGroup[];
  series: readonly Series[];
  missing: readonly MissingData[];
  /** Company–metric pairs the question's time budget left unread: not ranked, and not said to lack data. */
  unread?: readonly { ticker: string; metricKey: string }[];
}

/** The ranking the request asks for (or null), and the slice's missing list without the entries the
 * ranking now states as its universe's gaps. */
export function rankSlice(input: RankInput): { ranking: Ranking | null; missing: MissingData[] } {
  const { request } = input;
  const asked =
    request.rank !== null ||
    request.screen !== null ||
    companyGroups(request).length > 0 ||
    request.intent === "rank" ||
    request.intent === "screen";
  const metric = metricByKey(request.metrics[0]?.key ?? request.screen?.metricKey ?? "");
  if (!asked || !metric || input.companies.length === 0) return { ranking: null, missing: [...input.missing] };

  const references = new Set(input.groups.flatMap((g) => (g.reference ? [g.reference] : [])));
  const kind = periodKind(request, input.series, metric.key);
  const values = pickValues(input.series, metric.key, kind, request);
  const lacking: RankingGap[] = [];
  const notCompared: RankingGap[] = [];
  const notes: string[] = [];
  const reasonFor = (ticker: string, m: MetricDefinition) => gapReason(input, ticker, m, kind, request);

  const screenMetric = request.screen ? metricByKey(request.screen.metricKey) : undefined;
  const threshold = request.screen && screenMetric ? parseThreshold(request.screen.value, screenMetric.unitKind) : null;
  // One currency: the threshold's when it names one, else the most common among the values.
  const currency =
    (threshold?.ok ? threshold.currency : null) ?? commonCurrency([...values.values()].map((v) => v.currency));
  const unread = new Set((input.unread ?? []).filter((p) => p.metricKey === metric.key).map((p) => p.ticker));
  let compared = input.companies.flatMap((company) => {
    const v = values.get(company.ticker);
    if (!v && unread.has(company.ticker)) {
      lacking.push({
        ticker: company.ticker,
        companyName: company.name,
        reason: `${company.ticker} was not read: the question's time budget ran out first`,
      });
      return [];
    }
    if (!v) {
      lacking.push({ ticker: company.ticker, companyName: company.name, reason: reasonFor(company.ticker, metric) });
      return [];
    }
    if (v.currency !== currency) {
      notCompared.push({
        ticker: company.ticker,
        companyName: company.name,
        reason: `${company.ticker} reports ${metricPhrase(metric)} in ${v.currency ?? "no currency"}, not ${currency ?? "a currency"}; values in different currencies are not compared (no conversion)`,
      });
      return [];
    }
    return [{ company, ...v }];
  });

  // The screen, on its own metric's values for the same kind of period.
  let screen: Ranking["screen"] = null;
  if (request.screen && screenMetric && threshold) {
    if (!threshold.ok) {
      notes.push(`the threshold could not be applied: ${threshold.reason}`);
      compared = [];
    } else {
      if (threshold.note) notes.push(threshold.note);
      const screenValues =
        screenMetric.key === metric.key
          ? values
          : pickValues(input.series, screenMetric.key, periodKind(request, input.series, screenMetric.key), request);
      const bound = new Decimal(threshold.value);
      compared = compared.filter(({ company }) => {
        const v = screenValues.get(company.ticker);
        if (!v) {
          if (screenMetric.key !== metric.key)
            lacking.push({
              ticker: company.ticker,
              companyName: company.name,
              reason: reasonFor(company.ticker, screenMetric),
            });
          return false;
        }
        if (threshold.currency !== null && v.currency !== threshold.currency) {
          notCompared.push({
            ticker: company.ticker,
            companyName: company.name,
            reason: `${company.ticker} reports ${metricPhrase(screenMetric)} in ${v.currency ?? "no currency"}, the threshold is in ${threshold.currency}; values in different currencies are not compared (no conversion)`,
          });
          return false;
        }
        return passes(v.decimal, request.screen!.op, bound);
      });
      screen = {
        metricKey: screenMetric.key,
        metricName: screenMetric.name,
        op: request.screen.op,
        text: request.screen.value,
        threshold: threshold.value,
        passed: compared.length,
      };
    }
  }

  const order = request.rank?.order ?? "desc";
  const n = request.rank?.n ?? null;
  const sorted = [...compared].sort(
    (a, b) =>
      (order === "desc" ? b.decimal.cmp(a.decimal) : a.decimal.cmp(b.decimal)) ||
      a.company.ticker.localeCompare(b.company.ticker),
  );
  // Competition ranking: equal values share a rank and the next rank skips (1, 1, 3).
  const ranked = sorted.map((row) => ({ row, rank: 1 + sorted.findIndex((other) => other.decimal.eq(row.decimal)) }));
  const members = ranked.filter((r) => !references.has(r.row.company.ticker));
  const cutoff = n !== null && members.length > n ? members[n - 1]!.rank : null;
  const shown = ranked.filter((r) => references.has(r.row.company.ticker) || cutoff === null || r.rank <= cutoff);
  const shownMembers = shown.filter((r) => !references.has(r.row.company.ticker)).length;
  if (n !== null && shownMembers > n)
    notes.push(
      `${shownMembers} companies are shown for the top ${n}: companies tied at rank ${cutoff} are all included`,
    );

  const entries: RankingEntry[] = shown.map(({ row, rank }) => ({
    rank,
    ticker: row.company.ticker,
    companyName: row.company.name,
    value: row.point.value,
    currency: row.currency,
    period: {
      periodStart: row.point.periodStart,
      periodEnd: row.point.periodEnd,
      fiscalYear: row.point.fiscalYear,
      fiscalPeriod: row.point.fiscalPeriod,
    },
    tied: ranked.some((other) => other.rank === rank && other.row !== row),
    reference: references.has(row.company.ticker),
    ...perShareOf(row.point),
  }));
  const ties = [...new Set(entries.filter((e) => e.tied).map((e) => e.rank))].map((rank) => ({
    rank,
    tickers: entries.filter((e) => e.rank === rank).map((e) => e.ticker),
  }));

  const basis = basisOf(entries, kind);
  const ends = new Set(entries.map((e) => e.period.periodEnd));
  if (basis.kind === "same-period" && ends.size > 1) {
    notes.push(
      `the companies' ${basis.label} periods end on different dates (${entries.map((e) => `${e.ticker} ${e.period.periodEnd}`).join(", ")})`,
    );
  }
  if (basis.kind === "latest-per-company" && entries.length > 1) {
    const byEnd = [...entries].sort((a, b) => a.period.periodEnd.localeCompare(b.period.periodEnd));
    const oldest = byEnd[0]!;
    const newest = byEnd[byEnd.length - 1]!;
    notes.push(
      `each company's latest value is compared, and they are for different periods: from ${oldest.ticker}'s ${periodLabel(oldest.period)} (ended ${oldest.period.periodEnd}) to ${newest.ticker}'s ${periodLabel(newest.period)} (ended ${newest.period.periodEnd})`,
    );
  }
  const first = input.series.find((s) => s.metricKey === metric.key);
  const ranking: Ranking = {
    metricKey: metric.key,
    metricName: first?.metricName ?? metric.name,
    unitKind: first?.unitKind ?? metric.unitKind,
    unit: first?.unit ?? "",
    currency,
    order,
    n,
    basis,
    entries,
    ties,
    screen,
    universe: {
      description: universeDescription(input),
      considered: input.companies.length,
      withData: values.size,
      ...(unread.size > 0 ? { unread: unread.size } : {}),
      lacking: uniqueGaps(lacking),
      notCompared: uniqueGaps(notCompared),
    },
    notes,
  };
  // The gaps of the ranked metrics are stated with the ranking's universe; other missing data stays.
  const stated = new Set([...ranking.universe.lacking, ...ranking.universe.notCompared].map((g) => g.ticker));
  const rankedMetrics = new Set([metric.key, screenMetric?.key]);
  const missing = input.missing.filter(
    (m) => !(m.ticker !== null && stated.has(m.ticker) && m.metricKey !== null && rankedMetrics.has(m.metricKey)),
  );
  return { ranking, missing };
}

// ---------------------------------------------------------------------------------------------
// Values

interface Picked {
  point: DataPoint;
  decimal: Decimal;
  currency: string | null;
}

/** The kind of period compared: the one asked for, else the first of annual, quarterly, dated,
 * daily that any company has a value for. */
function periodKind(request: StructuredDataRequest, series: readonly Series[], metricKey: string): PeriodKind {
  const { fiscal, granularity } = request.dates;
  if (fiscal) return fiscal.period === "FY" ? "annual" : "quarterly";
  const held = new Set(
    series.filter((s) => s.metricKey === metricKey).flatMap((s) => s.points.map((p) => periodKindOf(s, p))),
  );
  if (granularity === "quarterly" && held.has("quarterly")) return "quarterly";
  return KIND_PREFERENCE.find((k) => held.has(k)) ?? "annual";
}

/** Per company, the value compared: the named fiscal period's, else the latest of the kind. */
function pickValues(
  series: readonly Series[],
  metricKey: string,
  kind: PeriodKind,
  request: StructuredDataRequest,
): Map<string, Picked> {
  const fiscal = request.dates.fiscal;
  const picked = new Map<string, Picked>();
  for (const s of series) {
    if (s.metricKey !== metricKey) continue;
    for (const point of s.points) {
      if (periodKindOf(s, point) !== kind) continue;
      if (fiscal && (point.fiscalYear !== fiscal.year || point.fiscalPeriod !== fiscal.period)) continue;
      const decimal = parseDecimal(point.value);
      if (decimal === null) continue;
      const current = picked.get(s.ticker);
      if (!current || point.periodEnd >= current.point.periodEnd)
        picked.set(s.ticker, { point, decimal, currency: s.currency });
    }
  }
  return picked;
}

/** The per-share figure a ratio at a trading day divided into (or by) the price: one filed per-share metric,
 * summed over the quarters read (or the one fiscal year). Nothing for other formulas. */
function perShareOf(point: DataPoint): { perShare?: PerShareFigure } {
  if (point.source.kind !== "derived" || point.fiscalYear !== null) return {};
  const { inputs } = point.source;
  const prices = inputs.filter((i) => i.point.source.kind === "daily_prices");
  const filed = inputs.filter((i) => i.point.source.kind !== "daily_prices");
  const first = filed[0];
  const last = filed[filed.length - 1];
  if (prices.length !== 1 || !first || !last || filed.some((i) => i.metricKey !== first.metricKey)) return {};
  if (metricByKey(first.metricKey)?.unitKind !== "per_share") return {};
  const quarters = filed.length === 4;
  if (!quarters && !(filed.length === 1 && first.point.fiscalPeriod === "FY")) return {};
  const value = filed.reduce((sum, i) => sum.plus(i.point.value), new Decimal(0));
  return {
    perShare: {
      metricKey: first.metricKey,
      metricName: first.metricName,
      value: value.toString(),
      label: quarters ? "TTM" : first.label,
      through: last.point.periodEnd,
    },
  };
}

function passes(value: Decimal, op: "<" | "<=" | ">" | ">=", bound: Decimal): boolean {
  switch (op) {
    case ">":
      return value.gt(bound);
    case ">=":
      return value.gte(bound);
    case "<":
      return value.lt(bound);
    case "<=":
      return value.lte(bound);
  }
}

/** The most common currency (null counts as one: shares, ratios); on a tie USD, then alphabetical. */
function commonCurrency(currencies: readonly (string | null)[]): string | null {
  const counts = new Map<string | null, number>();
  for (const c of currencies) counts.set(c, (counts.get(c) ?? 0) + 1);
  const rank = (c: string | null) => (c === "USD" ? "" : (c ?? "~"));
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || rank(a[0]).localeCompare(rank(b[0])))[0]?.[0] ?? null;
}

function basisOf(entries: readonly RankingEntry[], kind: PeriodKind): Ranking["basis"] {
  const labels = new Set(
    entries.map((e) =>
      e.period.fiscalYear !== null && e.period.fiscalPeriod !== null
        ? fiscalPeriodLabel(e.period.fiscalYear, e.period.fiscalPeriod)
        : e.period.periodEnd,
    ),
  );
  const [label] = labels;
  return labels.size === 1 && label !== undefined
    ? { kind: "same-period", label }
    : { kind: "latest-per-company", periodKind: kind };
}

// ---------------------------------------------------------------------------------------------
// The universe

function universeDescription(input: RankInput): string {
  const groups = companyGroups(input.request).length;
  const named = input.request.companies.filter((c) => c.kind === "company").length;
  const parts = input.groups.map((g) => (g.reference ? `${g.label} (with ${g.reference} for comparison)` : g.label));
  if (groups === 0 || named > 0) parts.push(named === 1 ? "the company named" : "the companies named");
  return parts.join(" and ");
}

/** The slice's own reason for a company's missing value, else a plain one. */
function gapReason(
  input: RankInput,
  ticker: string,
  metric: MetricDefinition,
  kind: PeriodKind,
  request: StructuredDataRequest,
): string {
  const own =
    input.missing.find((m) => m.ticker === ticker && m.metricKey === metric.key) ??
    input.missing.find((m) => m.ticker === null && m.metricKey === metric.key);
  if (own) return own.reason;
  // It has values, of another kind of period than the one ranked (quarters only, year-to-date).
  const held = input.series.filter((s) => s.ticker === ticker && s.metricKey === metric.key).flatMap((s) => s.points);
  const latest = held.reduce<DataPoint | null>((a, p) => (a === null || p.periodEnd > a.periodEnd ? p : a), null);
  if (latest)
    return `${ticker} has ${metricPhrase(metric)} here only for other kinds of period (latest: ${periodLabel(latest)}), not comparable with the ${kind} values ranked`;
  const fiscal = request.dates.fiscal;
  const period = fiscal ? `for ${fiscalPeriodLabel(fiscal.year, fiscal.period)}` : "in the period asked";
  return `no ${metricPhrase(metric)} for ${ticker} ${period}`;
}

function uniqueGaps(gaps: readonly RankingGap[]): RankingGap[] {
  const seen = new Set<string>();
  return gaps.filter((g) => (seen.has(g.ticker) ? false : (seen.add(g.ticker), true)));
}
