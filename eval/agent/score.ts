// Scoring a Structured Data Request against a gold label: set precision/recall/F1, date matching
// (fiscal labels compared as fiscal), and error kinds that say what to fix.
import { singleCompanies, type DateRange, type StructuredDataRequest } from "@/lib/agent/schema";
import type { EvalQuery, GoldDates, GoldLabel } from "./types";

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
}

/** True/false positives and false negatives of one prediction, as sets. */
export function setCounts(gold: readonly string[], predicted: readonly string[]): Counts {
  const g = new Set(gold);
  const p = new Set(predicted);
  let tp = 0;
  for (const x of p) if (g.has(x)) tp++;
  return { tp, fp: p.size - tp, fn: g.size - tp };
}

export function addCounts(a: Counts, b: Counts): Counts {
  return { tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn };
}

/** Micro-averaged precision, recall and F1. Nothing expected and nothing predicted counts as perfect. */
export function prf(c: Counts): Prf {
  const precision = c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp);
  const recall = c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/** The request's dates in the gold shape: fiscal when it names a fiscal period, "latest" when it
 * gives no interval and asks for the latest value, else the (possibly open) interval. */
export function datesOf(d: DateRange): GoldDates {
  if (d.fiscal) return { fiscal: { year: d.fiscal.year, period: d.fiscal.period } };
  if (d.start === null && d.end === null && d.latest) return "latest";
  return { start: d.start, end: d.end };
}

/** The request summarized in the gold shape. */
function labelOf(r: StructuredDataRequest): GoldLabel {
  const related: string[] = [];
  for (const m of r.metrics) for (const x of m.related) if (!related.includes(x.key)) related.push(x.key);
  return {
    tickers: singleCompanies(r).map((c) => c.ticker),
    metrics: r.metrics.map((m) => m.key),
    related,
    dates: datesOf(r.dates),
    intent: r.intent,
  };
}

type DateKind = "latest" | "fiscal" | "range";
function dateKind(d: GoldDates): DateKind {
  return d === "latest" ? "latest" : "fiscal" in d ? "fiscal" : "range";
}

function sameFiscal(a: GoldDates, b: GoldDates): boolean {
  return (
    a !== "latest" &&
    b !== "latest" &&
    "fiscal" in a &&
    "fiscal" in b &&
    a.fiscal.year === b.fiscal.year &&
    a.fiscal.period === b.fiscal.period
  );
}

/** Whether the start matches: an interval's start, or (fiscal and latest labels) the same fiscal
 * period / also the latest. */
export function startMatches(gold: GoldDates, predicted: GoldDates): boolean {
  if (gold === "latest") return predicted === "latest";
  if ("fiscal" in gold) return sameFiscal(gold, predicted);
  return predicted !== "latest" && "start" in predicted && predicted.start === gold.start;
}

export function endMatches(gold: GoldDates, predicted: GoldDates): boolean {
  if (gold === "latest") return predicted === "latest";
  if ("fiscal" in gold) return sameFiscal(gold, predicted);
  return predicted !== "latest" && "end" in predicted && predicted.end === gold.end;
}

export function datesMatch(gold: GoldDates, predicted: GoldDates): boolean {
  return startMatches(gold, predicted) && endMatches(gold, predicted);
}

function describeDates(d: GoldDates): string {
  if (d === "latest") return "latest";
  if ("fiscal" in d) return d.fiscal.period === "FY" ? `FY${d.fiscal.year}` : `${d.fiscal.period} FY${d.fiscal.year}`;
  return `${d.start ?? "…"}..${d.end ?? "…"}`;
}

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const c = setCounts(a, b);
  return c.fp === 0 && c.fn === 0;
};
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

interface ErrorItem {
  /** What went wrong, general enough to be counted ("metric missed: 'op income' → operating_income"). */
  kind: string;
  /** The question and what was expected and got. */
  example: string;
}

export interface QueryScore {
  companies: Counts;
  metrics: Counts;
  related: Counts;
  start: boolean;
  end: boolean;
  dates: boolean;
  intent: boolean;
  /** Companies (in order), metrics and related (as sets), dates and intent all right. */
  exact: boolean;
  errors: ErrorItem[];
}

const quote = (s: string) => `"${s.toLowerCase()}"`;

/** Scores one request against its query's gold label and explains each difference. */
export function scoreQuery(q: EvalQuery, r: StructuredDataRequest): QueryScore {
  const gold = q.gold;
  const pred = labelOf(r);
  const start = startMatches(gold.dates, pred.dates);
  const end = endMatches(gold.dates, pred.dates);
  const score: QueryScore = {
    companies: setCounts(gold.tickers, pred.tickers),
    metrics: setCounts(gold.metrics, pred.metrics),
    related: setCounts(gold.related, pred.related),
    start,
    end,
    dates: start && end,
    intent: gold.intent === pred.intent,
    exact: false,
    errors: [],
  };
  score.exact =
    sameList(gold.tickers, pred.tickers) &&
    sameSet(gold.metrics, pred.metrics) &&
    sameSet(gold.related, pred.related) &&
    score.dates &&
    score.intent;
  const ex = (detail: string) => `${q.question}   [today ${q.today}] ${detail}`;
  const errors = score.errors;

  // Companies.
  for (const ticker of gold.tickers) {
    if (pred.tickers.includes(ticker)) continue;
    const slot = q.meta?.companies.find((c) => c.ticker === ticker);
    const kind = slot ? `company missed: ${quote(slot.surface)} → ${ticker}` : `company missed: ${ticker}`;
    errors.push({ kind, example: ex(`expected [${gold.tickers.join(", ")}], got [${pred.tickers.join(", ")}]`) });
  }
  for (const c of singleCompanies(r)) {
    if (gold.tickers.includes(c.ticker)) continue;
    const from = c.span ? quote(c.span.text) : "(no span)";
    errors.push({
      kind: `company spurious: ${c.ticker} from ${from}`,
      example: ex(`expected [${gold.tickers.join(", ")}], got [${pred.tickers.join(", ")}]`),
    });
  }
  if (sameSet(gold.tickers, pred.tickers) && !sameList(gold.tickers, pred.tickers)) {
    errors.push({
      kind: "companies out of order of mention",
      example: ex(`expected [${gold.tickers.join(", ")}], got [${pred.tickers.join(", ")}]`),
    });
  }

  // Metrics: a gold metric whose words were read as another metric is "wrong", not missed + spurious.
  const lower = q.question.toLowerCase();
  const explained = new Set<string>();
  for (const key of gold.metrics) {
    if (pred.metrics.includes(key)) continue;
    const slot = q.meta?.metrics.find((m) => m.key === key);
    const detail = `expected [${gold.metrics.join(", ")}], got [${pred.metrics.join(", ")}]`;
    if (slot) {
      const at = lower.indexOf(slot.surface.toLowerCase());
      const overlapping =
        at < 0
          ? []
          : r.metrics.filter(
              (m) =>
                m.span && m.span.start < at + slot.surface.length && m.span.end > at && !gold.metrics.includes(m.key),
            );
      if (overlapping.length > 0) {
        overlapping.forEach((m) => explained.add(m.key));
        errors.push({
          kind: `metric wrong: ${quote(slot.surface)} → got ${overlapping.map((m) => m.key).join("+")}, expected ${key}`,
          example: ex(detail),
        });
      } else {
        errors.push({ kind: `metric missed: ${quote(slot.surface)} → expected ${key}`, example: ex(detail) });
      }
    } else if (q.meta?.defaults && q.meta.metrics.length === 0) {
      errors.push({ kind: `metric missed: default ${key} of an ${q.meta.defaults} question`, example: ex(detail) });
    } else if (q.meta) {
      errors.push({
        kind: `metric missed: ${key} named by the template's words (${q.meta.category})`,
        example: ex(detail),
      });
    } else {
      errors.push({ kind: `metric missed: ${key}`, example: ex(detail) });
    }
  }
  for (const m of r.metrics) {
    if (gold.metrics.includes(m.key) || explained.has(m.key)) continue;
    const from = m.span ? `from ${quote(m.span.text)}` : "(added as a default)";
    errors.push({
      kind: `metric spurious: ${m.key} ${from}`,
      example: ex(`expected [${gold.metrics.join(", ")}], got [${pred.metrics.join(", ")}]`),
    });
  }

  // Dates.
  if (!score.dates) {
    const form = q.meta ? `[${q.meta.dateForm}] ` : "";
    const gk = dateKind(gold.dates);
    const pk = dateKind(pred.dates);
    let what: string;
    if (gk !== pk) what = `expected ${gk}, got ${pk}`;
    else if (gk === "fiscal") what = "wrong fiscal period";
    else what = !start && !end ? "wrong start and end" : !start ? "wrong start" : "wrong end";
    errors.push({
      kind: `date ${form}${what}`,
      example: ex(
        `expected ${describeDates(gold.dates)}, got ${describeDates(pred.dates)} (expression ${JSON.stringify(r.dates.expression)})`,
      ),
    });
  }

  if (!score.intent) errors.push({ kind: `intent: expected ${gold.intent}, got ${pred.intent}`, example: ex("") });
  return score;
}

export interface Summary {
  queries: number;
  companies: Prf;
  metrics: Prf;
  related: Prf;
  start: number;
  end: number;
  dates: number;
  intent: number;
  exact: number;
}

export function summarize(scores: readonly QueryScore[]): Summary {
  const zero: Counts = { tp: 0, fp: 0, fn: 0 };
  const n = scores.length;
  const rate = (f: (s: QueryScore) => boolean) => (n === 0 ? 0 : scores.filter(f).length / n);
  return {
    queries: n,
    companies: prf(scores.reduce((a, s) => addCounts(a, s.companies), zero)),
    metrics: prf(scores.reduce((a, s) => addCounts(a, s.metrics), zero)),
    related: prf(scores.reduce((a, s) => addCounts(a, s.related), zero)),
    start: rate((s) => s.start),
    end: rate((s) => s.end),
    dates: rate((s) => s.dates),
    intent: rate((s) => s.intent),
    exact: rate((s) => s.exact),
  };
}

/** Error kinds by frequency, most frequent first, each with its first example. */
export function topErrors(
  scores: readonly QueryScore[],
  limit: number,
): Array<{ kind: string; count: number; example: string }> {
  const byKind = new Map<string, { count: number; example: string }>();
  for (const s of scores) {
    for (const e of s.errors) {
      const entry = byKind.get(e.kind);
      if (entry) entry.count++;
      else byKind.set(e.kind, { count: 1, example: e.example });
    }
  }
  return [...byKind.entries()]
    .map(([kind, v]) => ({ kind, ...v }))
    .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind))
    .slice(0, limit);
}

/** The p-th percentile (nearest rank) of some numbers. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
