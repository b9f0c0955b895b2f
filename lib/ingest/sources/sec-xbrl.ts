// Parser for the non-dimensional XBRL fact tables extracted from 10-K/10-Q filings
// (ixbrl_facts_nondimensional.csv, xbrl_instance_facts_nondimensional.csv): one row per fact with
// ticker, cik, form, document_period_end, fiscal_year_focus, fiscal_period_focus, concept,
// period_type, start, end, unit, value, decimals (and source_path in the instance table).
import { readCsvRecords } from "@/lib/core/csv";
import { isIsoDate, MONTH_NAMES } from "@/lib/core/dates";
import { fiscalPeriodOf } from "@/lib/ingest/fiscal";
import type { ConceptIndex } from "@/lib/ingest/history";
import { currencyOf, KEPT_FORMS } from "@/lib/ingest/sources/sec-companyfacts";
import type { MetricFact, Parsed } from "@/lib/core/types";

const COLUMNS = [
  "ticker",
  "cik",
  "form",
  "document_period_end",
  "concept",
  "period_type",
  "start",
  "end",
  "unit",
  "value",
  "decimals",
] as const;
type Row = Record<(typeof COLUMNS)[number], string>;

/** Why a well-formed row was left out (unknown company, not a kept form, no standard period). */
export type XbrlSkipReason = "company" | "form" | "period";

export interface XbrlFactsOptions {
  file: string;
  /** Fiscal year end month of a ticker; rows of tickers it does not know are skipped. */
  fiscalYearEndMonth: (ticker: string) => number | undefined;
  concepts: ConceptIndex;
  onSkip?: (reason: XbrlSkipReason, where: string) => void;
}

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A cover-page date as ISO: filings write "September 28, 2024", "December\u00a031, 2024" (no-break
 * space) or "JUNE 30, 2025"; instance documents write "2010-09-25". Null when unreadable.
 */
export function documentDate(text: string): string | null {
  const trimmed = text.trim();
  if (isIsoDate(trimmed)) return trimmed;
  const m = /^([A-Za-z]+)\s+(\d{1,2}),?\s+(\d{4})$/.exec(trimmed); // \s includes U+00A0
  if (!m) return null;
  const month = (MONTH_NAMES as readonly string[]).indexOf((m[1] ?? "").toLowerCase()) + 1;
  if (month === 0) return null;
  const iso = `${m[3]}-${String(month).padStart(2, "0")}-${(m[2] ?? "").padStart(2, "0")}`;
  return isIsoDate(iso) ? iso : null;
}

/** XBRL decimals: an integer, or INF (exact) which says nothing about rounding, hence null. */
function decimalsOf(text: string): number | null | undefined {
  if (text === "INF" || text === "") return null;
  return /^-?\d+$/.test(text) ? Number(text) : undefined;
}

/** The first thing wrong with a row's fields, if any. */
function rowError(row: Row): string | null {
  if (row.ticker === "") return "empty ticker";
  if (row.unit === "") return "empty unit";
  if (!PLAIN_DECIMAL.test(row.value)) return `value "${row.value}" is not a plain decimal`;
  if (decimalsOf(row.decimals) === undefined) return `decimals "${row.decimals}" is not an integer or INF`;
  if (!isIsoDate(row.end)) return `end "${row.end}" is not a YYYY-MM-DD date`;
  if (row.period_type === "duration") {
    if (!isIsoDate(row.start)) return `start "${row.start}" is not a YYYY-MM-DD date`;
  } else if (row.period_type === "instant") {
    if (row.start !== "") return "an instant has a start date";
  } else {
    return `unknown period_type "${row.period_type}"`;
  }
  if (documentDate(row.document_period_end) === null) {
    return `document_period_end "${row.document_period_end}" is not a date`;
  }
  return null;
}

/** A checked row of a catalog concept as a MetricFact, or the reason it is skipped. */
function factOf(row: Row, metricKey: string, fiscalYearEndMonth: number): MetricFact | "period" {
  const start = row.period_type === "instant" ? null : row.start;
  const period = fiscalPeriodOf(start, row.end, fiscalYearEndMonth);
  if (period === null) return "period";
  // The tables do not give filing dates. A filing cannot be known before the period it reports on
  // ends, so the document period end is the best lower bound for when these values became known.
  const knownAt = documentDate(row.document_period_end) ?? row.end;
  return {
    ticker: row.ticker,
    metricKey,
    periodStart: start,
    periodEnd: row.end,
    ...period,
    value: row.value,
    unit: row.unit,
    currency: currencyOf(row.unit),
    decimals: decimalsOf(row.decimals) ?? null,
    sourceKind: "sec_xbrl",
    concept: row.concept,
    form: row.form === "" ? null : row.form,
    accession: null, // not in the tables
    filedAt: null,
    knownAt,
  };
}

/**
 * Yields a MetricFact for every row of a catalog concept, and a problem (file:line) for every
 * malformed row of one. Rows of other concepts are not checked: the tables hold hundreds of
 * company-specific concepts the catalog never reads. Fiscal periods come from each row's dates.
 */
export function* parseXbrlFactsCsv(text: string, opts: XbrlFactsOptions): Generator<Parsed<MetricFact>> {
  for (const record of readCsvRecords(text, COLUMNS)) {
    const where = `${opts.file}:${record.line}`;
    if (!record.ok) {
      yield { ok: false, problem: { where, reason: record.reason } };
      continue;
    }
    const row = record.values;
    const entry = opts.concepts.get(row.concept);
    if (entry === undefined) continue;
    const fiscalYearEndMonth = opts.fiscalYearEndMonth(row.ticker);
    if (fiscalYearEndMonth === undefined) {
      opts.onSkip?.("company", where);
      continue;
    }
    const error = rowError(row);
    if (error !== null) {
      yield { ok: false, problem: { where, reason: error } };
      continue;
    }
    if (!KEPT_FORMS.has(row.form)) {
      opts.onSkip?.("form", where);
      continue;
    }
    const fact = factOf(row, entry.metricKey, fiscalYearEndMonth);
    if (fact === "period") opts.onSkip?.("period", where);
    else yield { ok: true, record: fact };
  }
}

/** The distinct companies (ticker, 10-digit CIK) of a fact table, in order of first appearance. */
export function xbrlCompanies(text: string): { ticker: string; cik: string }[] {
  const seen = new Map<string, { ticker: string; cik: string }>();
  for (const record of readCsvRecords(text, ["ticker", "cik"] as const)) {
    if (!record.ok) continue;
    const { ticker, cik } = record.values;
    if (ticker === "" || !/^\d{1,10}$/.test(cik)) continue;
    const company = { ticker, cik: cik.padStart(10, "0") };
    const key = `${company.ticker} ${company.cik}`;
    if (!seen.has(key)) seen.set(key, company);
  }
  return [...seen.values()];
}
