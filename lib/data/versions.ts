// Which of a period's stored versions a series reads (issue 30, items 3 and 4). A company × metric is read
// on ONE XBRL concept across the periods asked, so a ratio or growth rate never divides net sales by
// total revenues; and a value is either the latest one (restatements included) or, for a question about
// one past fiscal period, the one its own filing reported. Pure: works on the snapshot's stored values.
import { Decimal } from "@/lib/core/decimal";
import type { FiscalPeriod } from "@/lib/core/types";
import type { StoredMetricValue } from "@/lib/db/queries/metric-values";

/** One company × metric × period: ticker, metric, start, end. */
export function versionKey(v: Pick<StoredMetricValue, "ticker" | "metricKey" | "periodStart" | "periodEnd">): string {
  return `${v.ticker}\u0000${v.metricKey}\u0000${v.periodStart ?? ""}\u0000${v.periodEnd}`;
}

/**
 * Whether two reports of one period say the same, allowing for a coarser rounding in one of them
 * (Tesla's FY2017 revenue: 11,758,751 thousand in its 2017 10-K, 11,759 million in its 2019 10-K). The
 * coarser report's precision is its stated decimals, else its trailing zeros (at most millions: a
 * value of whole billions is no rounding), and the two must also agree to one part in a thousand.
 */
export function sameUpToRounding(
  a: Pick<StoredMetricValue, "value" | "decimals">,
  b: Pick<StoredMetricValue, "value" | "decimals">,
): boolean {
  let x: Decimal;
  let y: Decimal;
  try {
    x = new Decimal(a.value);
    y = new Decimal(b.value);
  } catch {
    return a.value === b.value;
  }
  if (x.eq(y)) return true;
  const coarser = Math.max(roundingExponent(a.value, a.decimals), roundingExponent(b.value, b.decimals));
  if (coarser === Number.NEGATIVE_INFINITY) return false;
  const unit = new Decimal(10).pow(coarser);
  const round = (d: Decimal) => d.div(unit).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  if (!round(x).eq(round(y))) return false;
  const scale = Decimal.max(x.abs(), y.abs());
  return scale.isZero() || x.minus(y).abs().div(scale).lte(MAX_ROUNDING_SHARE);
}

const MAX_ROUNDING_SHARE = new Decimal("0.001");
const MAX_ROUNDING_EXPONENT = 6;
const TRAILING_ZEROS = /0+$/;
const SIGN = /^[+-]/;
const ALL_ZEROS = /^0*$/;

/** The power of ten a value is rounded to: from its decimals (XBRL's "-6" is millions), else its digits. */
function roundingExponent(value: string, decimals: number | null): number {
  if (decimals !== null) return Math.min(-decimals, MAX_ROUNDING_EXPONENT);
  const [whole = "", fraction = ""] = value.replace(SIGN, "").split(".");
  const digits = fraction.replace(TRAILING_ZEROS, "");
  if (digits !== "") return -digits.length;
  if (ALL_ZEROS.test(whole)) return Number.NEGATIVE_INFINITY;
  return Math.min(whole.length - whole.replace(TRAILING_ZEROS, "").length, MAX_ROUNDING_EXPONENT);
}

/** Versions in the order they became known (filing time, then insertion order, which the input keeps). */
function byKnown(versions: readonly StoredMetricValue[]): StoredMetricValue[] {
  return [...versions].sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : 0));
}

/**
 * One row per period of one company × metric: every period read on the same concept where it can be.
 * `periods` holds each period's versions (all known by the slice's date). A restatement is a later value
 * of the same concept; another concept is another measure (net sales beside total revenues), so each
 * concept's latest version is its value for the period. The concept held for the most periods wins, ties
 * by the catalog's order (`preference`, most preferred first). A period without a value of that concept
 * keeps its latest version: the series then mixes concepts, which the slice reports (concepts.ts).
 */
export function oneConceptRows(
  periods: readonly (readonly StoredMetricValue[])[],
  preference: readonly string[],
): { rows: StoredMetricValue[]; concept: string | null } {
  const ordered = periods.map(byKnown);
  const cover = new Map<string, number>();
  for (const versions of ordered) {
    for (const concept of new Set(versions.map(conceptOf))) cover.set(concept, (cover.get(concept) ?? 0) + 1);
  }
  const rank = (concept: string) => {
    const i = preference.indexOf(concept);
    return i === -1 ? preference.length : i;
  };
  let concept: string | null = null;
  for (const [candidate, count] of cover) {
    const best = concept === null ? -1 : cover.get(concept)!;
    if (count > best || (count === best && concept !== null && rank(candidate) < rank(concept))) concept = candidate;
  }
  const rows = ordered.map((versions) => versions.filter((v) => conceptOf(v) === concept).at(-1) ?? versions.at(-1)!);
  return { rows, concept: concept === "" ? null : concept };
}

const conceptOf = (v: StoredMetricValue): string => measureOf(v.sourceConcept ?? "");

const TABLE_PLACE = /^page \d+, (?=row )/;

/** What a value measures, for comparing two: its XBRL concept, or a table value's row label ("row 'Total
 * equity'"); the page a table value sits on is where it was found, and changes from filing to filing. */
export function measureOf(concept: string): string {
  return concept.replace(TABLE_PLACE, "");
}

/** Where a period's value was changed by a later filing: its first report and its latest one. */
export interface VersionChange {
  first: StoredMetricValue;
  latest: StoredMetricValue;
}

/** A period's first and latest versions when a later filing changed the value (beyond rounding); else null. */
export function changeOf(versions: readonly StoredMetricValue[]): VersionChange | null {
  if (versions.length < 2) return null;
  const ordered = byKnown(versions);
  const first = ordered[0]!;
  const latest = ordered.at(-1)!;
  return sameUpToRounding(first, latest) ? null : { first, latest };
}

/** One filing as the stored values know it: the period it reports as its own (its latest fiscal year or
 * quarter), its form and when it became known. */
export interface FilingOfValues {
  fiscalYear: number;
  fiscalPeriod: FiscalPeriod;
  periodEnd: string;
  form: string | null;
  filedAt: string | null;
  /** The day its values became known (updated_at), what `knownBy` compares. */
  knownOn: string;
  /** Which source stored its values: XBRL, or the facts extracted from its statement tables. */
  fromTables: boolean;
}

/** The filing a value came from, per source (a 10-K's XBRL and its tables' facts are read apart): its
 * accession or document key, else (XBRL instance files carry none) the day it was known. */
export function filingKeyOf(v: Pick<StoredMetricValue, "sourceKind" | "sourceAccession" | "updatedAt">): string {
  return `${v.sourceKind === TABLE_SOURCE ? "table" : "xbrl"}:${v.sourceAccession ?? `known:${v.updatedAt.slice(0, 10)}`}`;
}

const OWN_PERIODS: ReadonlySet<string> = new Set(["FY", "Q1", "Q2", "Q3", "Q4"]);
const TABLE_SOURCE = "filing_table";

/**
 * Every filing among a company's values with the period it reports as its own: the latest fiscal year
 * or quarter it states (a 10-K's comparatives end earlier; at one end the fiscal year wins over its
 * fourth quarter). Filings that state only comparatives of earlier periods are left out.
 */
export function filingsOfValues(facts: readonly StoredMetricValue[]): Map<string, FilingOfValues> {
  const filings = new Map<string, FilingOfValues>();
  for (const fact of facts) {
    if (fact.periodStart === null || !OWN_PERIODS.has(fact.fiscalPeriod)) continue;
    const key = filingKeyOf(fact);
    const held = filings.get(key);
    const knownOn = fact.updatedAt.slice(0, 10);
    const later =
      !held ||
      fact.periodEnd > held.periodEnd ||
      (fact.periodEnd === held.periodEnd && fact.fiscalPeriod === "FY" && held.fiscalPeriod !== "FY");
    if (later)
      filings.set(key, {
        fiscalYear: fact.fiscalYear,
        fiscalPeriod: fact.fiscalPeriod,
        periodEnd: fact.periodEnd,
        form: fact.sourceForm,
        filedAt: fact.sourceFiledAt,
        knownOn: held && held.knownOn < knownOn ? held.knownOn : knownOn,
        fromTables: fact.sourceKind === TABLE_SOURCE,
      });
  }
  return filings;
}

/**
 * The filing whose own period is this fiscal period (the FY2022 10-K for FY2022, before any 10-K/A), and
 * the day by which all it reported was known. One 10-K can be held twice, as XBRL and as the facts of its
 * tables, and the two carry different days (a table's is its period end when the source gives no filing
 * date): the first of each source is the filing's, so its values are read as known by the later of the
 * two, and the XBRL one names it.
 */
export function ownFilingOf(
  filings: ReadonlyMap<string, FilingOfValues>,
  fiscalYear: number,
  fiscalPeriod: FiscalPeriod,
): FilingOfValues | null {
  const first = (fromTables: boolean): FilingOfValues | null => {
    let own: FilingOfValues | null = null;
    for (const filing of filings.values()) {
      if (filing.fromTables !== fromTables) continue;
      if (filing.fiscalYear !== fiscalYear || filing.fiscalPeriod !== fiscalPeriod) continue;
      if (!own || filing.knownOn < own.knownOn) own = filing;
    }
    return own;
  };
  const xbrl = first(false);
  const tables = first(true);
  if (!xbrl || !tables) return xbrl ?? tables;
  return tables.knownOn > xbrl.knownOn ? { ...xbrl, knownOn: tables.knownOn } : xbrl;
}
