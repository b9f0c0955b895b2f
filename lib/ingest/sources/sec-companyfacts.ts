// Parser for EDGAR companyfacts JSON (data.sec.gov/api/xbrl/companyfacts/CIK##########.json):
// { cik, entityName, facts: { taxonomy: { Concept: { label, description, units: { unit: [fact] } } } } }.
import { z } from "zod";
import { isIsoDate } from "@/lib/core/dates";
import { fiscalPeriodOf } from "@/lib/ingest/fiscal";
import type { ConceptIndex } from "@/lib/ingest/history";
import type { MetricFact, Parsed } from "@/lib/core/types";

/** Annual and quarterly reports and their amendments; 8-K, DEF 14A, S-1... repeat or preview them. */
export const KEPT_FORMS: ReadonlySet<string> = new Set(["10-K", "10-Q", "10-K/A", "10-Q/A"]);

/** Why a well-formed fact was left out: not from a kept form, or a period that fits no fiscal period. */
export type SkipReason = "form" | "period";

export interface CompanyFactsOptions {
  file: string;
  ticker: string;
  fiscalYearEndMonth: number;
  concepts: ConceptIndex;
  /** Told about each well-formed fact that is skipped, for counting. */
  onSkip?: (reason: SkipReason, where: string) => void;
}

const isoDate = z.string().refine(isIsoDate, "expected a YYYY-MM-DD date");

const EntitySchema = z.object({
  cik: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,10}$/)]),
  entityName: z.string().min(1),
});

const CompanyFactsSchema = EntitySchema.extend({
  facts: z.record(z.string(), z.record(z.string(), z.unknown())),
});

const ConceptSchema = z.object({
  units: z.record(z.string(), z.array(z.unknown())),
});

// fy/fp name the filing, not the period, so they are not used (and are null on some 8-K facts).
const FactSchema = z.object({
  start: isoDate.optional(),
  end: isoDate,
  val: z.number(),
  accn: z.string().min(1),
  form: z.string().min(1),
  filed: isoDate,
});

/** "USD" and "USD/shares" are in dollars; "shares" and "pure" have no currency. */
export function currencyOf(unit: string): string | null {
  const m = /^([A-Z]{3})(?:\/.+)?$/.exec(unit);
  return m?.[1] ?? null;
}

/** A JSON pointer segment (RFC 6901): "USD/shares" becomes "USD~1shares". */
const pointerSegment = (key: string): string => key.replaceAll("~", "~0").replaceAll("/", "~1");

function issuesText(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length > 0 ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ");
}

/** 1.5e-7 → "0.00000015", 1e21 → "1000000000000000000000": moves the point in the digit string. */
function withoutExponent(text: string): string {
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return text;
  const [, sign, lead, rest = "", exp] = m;
  const digits = `${lead}${rest}`;
  const point = 1 + Number(exp);
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Significant digits of a plain decimal string. */
function significantDigits(text: string): number {
  return text.replace(/[-.]/g, "").replace(/^0+/, "").replace(/0+$/, "").length || 1;
}

/**
 * The exact decimal a JSON number was written as, or null when that cannot be known.
 * JSON.parse has already turned the text into a double, so the written digits are recovered, not
 * the double's binary value: integers up to 2^53 are held exactly, so String(n) gives them back.
 * For fractions (EPS 6.08) String(n) is the shortest decimal that round-trips to the same double;
 * any decimal of at most 15 significant digits round-trips through a double unchanged, so when the
 * shortest form has at most 15 digits it is exactly the text that was written. Longer forms (16-17
 * digits) and integers beyond 2^53 may differ from the filing and are refused.
 */
export function exactDecimalOf(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  if (Number.isInteger(n)) return Number.isSafeInteger(n) ? String(n) : null;
  const text = withoutExponent(String(n));
  return significantDigits(text) <= 15 ? text : null;
}

/** CIK as EDGAR writes it in URLs and filings: 10 digits, zero padded. */
const paddedCik = (cik: number | string): string => String(cik).padStart(10, "0");

/** The company a companyfacts document is about; throws when the document has no valid cik/entityName. */
export function companyFactsEntity(json: unknown): { cik: string; name: string } {
  const parsed = EntitySchema.safeParse(json);
  if (!parsed.success) throw new Error(`Not a companyfacts document: ${issuesText(parsed.error)}`);
  return { cik: paddedCik(parsed.data.cik), name: parsed.data.entityName };
}

/** One fact of one concept and unit turned into a MetricFact, a problem, or null when skipped. */
function factOf(
  raw: unknown,
  ctx: { where: string; concept: string; metricKey: string; unit: string },
  opts: CompanyFactsOptions,
): Parsed<MetricFact> | null {
  const parsed = FactSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, problem: { where: ctx.where, reason: issuesText(parsed.error) } };
  const fact = parsed.data;
  if (!KEPT_FORMS.has(fact.form)) {
    opts.onSkip?.("form", ctx.where);
    return null;
  }
  const start = fact.start ?? null;
  const period = fiscalPeriodOf(start, fact.end, opts.fiscalYearEndMonth);
  if (period === null) {
    opts.onSkip?.("period", ctx.where);
    return null;
  }
  const value = exactDecimalOf(fact.val);
  if (value === null) {
    return { ok: false, problem: { where: ctx.where, reason: `val ${fact.val} cannot be reproduced exactly` } };
  }
  return {
    ok: true,
    record: {
      ticker: opts.ticker,
      metricKey: ctx.metricKey,
      periodStart: start,
      periodEnd: fact.end,
      ...period,
      value,
      unit: ctx.unit,
      currency: currencyOf(ctx.unit),
      decimals: null, // companyfacts does not carry XBRL decimals
      sourceKind: "sec_companyfacts",
      concept: ctx.concept,
      form: fact.form,
      accession: fact.accn,
      filedAt: fact.filed,
      knownAt: fact.filed,
    },
  };
}

/**
 * Yields a MetricFact for every fact of a catalog concept in a companyfacts document, and a problem
 * (located by JSON pointer) for every malformed part; the rest of the document still parses.
 * Each fact's fiscal year and period come from its own dates: companyfacts' fy/fp name the filing
 * that reported it (Apple's FY2022 revenue appears with fy 2024 in the FY2024 10-K).
 */
export function* parseCompanyFacts(json: unknown, opts: CompanyFactsOptions): Generator<Parsed<MetricFact>> {
  const doc = CompanyFactsSchema.safeParse(json);
  if (!doc.success) {
    const reason = `not a companyfacts document: ${issuesText(doc.error)}`;
    yield { ok: false, problem: { where: `${opts.file}#`, reason } };
    return;
  }
  for (const [taxonomy, concepts] of Object.entries(doc.data.facts)) {
    for (const [name, body] of Object.entries(concepts)) {
      const concept = `${taxonomy}:${name}`;
      const entry = opts.concepts.get(concept);
      if (entry === undefined) continue;
      const conceptWhere = `${opts.file}#/facts/${pointerSegment(taxonomy)}/${pointerSegment(name)}`;
      const parsedConcept = ConceptSchema.safeParse(body);
      if (!parsedConcept.success) {
        yield { ok: false, problem: { where: conceptWhere, reason: issuesText(parsedConcept.error) } };
        continue;
      }
      for (const [unit, facts] of Object.entries(parsedConcept.data.units)) {
        for (const [index, raw] of facts.entries()) {
          const where = `${conceptWhere}/units/${pointerSegment(unit)}/${index}`;
          const result = factOf(raw, { where, concept, metricKey: entry.metricKey, unit }, opts);
          if (result !== null) yield result;
        }
      }
    }
  }
}
