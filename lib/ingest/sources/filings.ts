// Parsers for the filing texts of ../shared/data (pure: text in, drafts out; the company is resolved
// and the text sectioned and chunked by the ingester):
// - FinanceBench: financebench_document_information.jsonl (doc_name, company, doc_type, doc_period,
//   doc_link) and one JSON per document, docs_text/*.json and extra_10k_text_2020_2022/*.json
//   ({doc_name, num_pages, pages[]}: pdftotext -layout text, page i 0-based);
// - edgartools filing_sections.jsonl: one 10-K/10-Q per line, its items already split (sections{}; a
//   10-Q's by item number without their part, coded as their 10-K counterparts like any 10-Q's);
// - neo4j 10-K sections, <accession>.json: item1, item1a, item7, item7a, cik, names[], source (EDGAR index).
// Inputs that come split into items keep one "page" per item, so a chunk's page is its item's text.
import path from "node:path";
import { z } from "zod";
import { parseJsonLines } from "./json-lines";
import { addDays, isoDateOf, isCalendarDay, MONTH_NAMES, quarterOfMonth } from "@/lib/core/dates";
import type { FiscalPeriod, Parsed } from "@/lib/core/types";
import type { FilingDocument, FilingForm } from "@/lib/documents/filings/types";
import { type FilingSection, tenQItemAsTenK } from "@/lib/ingest/filing-chunks";
import { matchesOf } from "@/lib/core/regex";

/** A filing as read, before its company is resolved to a catalog ticker and its text is cut into chunks. */
export interface FilingDraft extends FilingDocument {
  ticker: string | null;
  cik: string | null;
  /** The sections when the source gives them; null: found in the text. */
  sections: FilingSection[] | null;
  /** An 8-K named by its date alone: the ingester labels it with the fiscal year and quarter of that
   * date on the company's calendar (fiscalYear/fiscalPeriod here are the calendar's until then). */
  dated: string | null;
}

const documentInformationSchema = z.object({
  doc_name: z.string().min(1),
  company: z.string().min(1),
  doc_type: z.string().min(1),
  doc_period: z.number().int(),
  doc_link: z.string().nullish(),
});

/** What FinanceBench's document list says of a document. */
export interface FinancebenchDocument {
  docName: string;
  company: string;
  form: FilingForm;
  fiscalYear: number;
  link: string | null;
}

const FINANCEBENCH_FORMS: Record<string, FilingForm> = {
  "10k": "10-K",
  "10k_annualreport": "10-K",
  "10q": "10-Q",
  "8k": "8-K",
  earnings: "earnings",
};

/** financebench_document_information.jsonl: one document per line. */
export function* parseFinancebenchDocumentInformation(
  text: string,
  options: { file: string },
): Generator<Parsed<FinancebenchDocument>> {
  yield* parseJsonLines(text, options.file, (value): FinancebenchDocument | string => {
    const parsed = documentInformationSchema.safeParse(value);
    if (!parsed.success) return z.prettifyError(parsed.error);
    const form = FINANCEBENCH_FORMS[parsed.data.doc_type.toLowerCase()];
    if (!form) return `unknown doc_type "${parsed.data.doc_type}"`;
    return {
      docName: parsed.data.doc_name,
      company: parsed.data.company,
      form,
      fiscalYear: parsed.data.doc_period,
      link: parsed.data.doc_link ?? null,
    };
  });
}

const pagedDocumentSchema = z.object({
  doc_name: z.string().min(1),
  num_pages: z.number().int().nonnegative().optional(),
  pages: z.array(z.string()),
});

/** "Month D, YYYY" (any case, non-breaking spaces allowed) as an ISO date. */
export function parseLongDate(text: string): string | null {
  const match = /([A-Za-z]+)\s+(\d{1,2}),?\s+(\d{4})/.exec(text.replace(/\u00a0/g, " "));
  if (!match) return null;
  const month = MONTH_NAMES.indexOf(match[1]!.toLowerCase() as (typeof MONTH_NAMES)[number]) + 1;
  const day = Number(match[2]);
  const year = Number(match[3]);
  if (month === 0 || !isCalendarDay(year, month, day)) return null;
  return isoDateOf({ year, month, day });
}

// "years ended May 31, 2023, 2022 and 2021": the first year is the period's (NIKE's MD&A says no other).
const PERIOD_ENDED = /(?:fiscal\s+year|quarterly\s+period|period|years?)\s+ended:?\s+([A-Za-z]+\s+\d{1,2},?\s+\d{4})/gi;

/** The period end a filing's cover states ("for the fiscal year ended December 31, 2018"): the first. */
export function statedPeriodEnd(text: string): string | null {
  const [first] = matchesOf(text.replace(/\u00a0/g, " "), PERIOD_ENDED);
  return first ? parseLongDate(first[1]!) : null;
}

/** The latest period end a text states: an MD&A compares the year with earlier ones. */
function latestStatedPeriodEnd(text: string): string | null {
  const dates = matchesOf(text.replace(/\u00a0/g, " "), PERIOD_ENDED).flatMap((m) => parseLongDate(m[1]!) ?? []);
  return dates.length > 0 ? dates.sort().at(-1)! : null;
}

/** The key's parts: "AMCOR_2023Q2_10Q" → Q2; "PEPSICO_2023_8K_dated-2023-05-05" → the 8-K's date. */
function docNameParts(docName: string): { quarter: FiscalPeriod | null; dated: string | null; prefix: string } {
  const quarter = /_\d{4}(Q[1-4])_/.exec(docName)?.[1] as FiscalPeriod | undefined;
  const dated = /dated[-_](\d{4}-\d{2}-\d{2})/.exec(docName)?.[1] ?? null;
  return { quarter: quarter ?? null, dated, prefix: docName.replace(/_\d{4}(Q[1-4])?_.*$/, "") };
}

/** One FinanceBench document JSON. Its entry in the document list gives company, form, year and link;
 * a document missing from the list (extra 10-Ks) is read from its name, with the company the list
 * gives other documents of the same name prefix. */
export function parseFinancebenchText(
  text: string,
  options: { file: string; documents: ReadonlyMap<string, FinancebenchDocument> },
): Parsed<FilingDraft> {
  const where = options.file;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: { where, reason: `invalid JSON: ${(error as Error).message}` } };
  }
  const parsed = pagedDocumentSchema.safeParse(json);
  if (!parsed.success) return { ok: false, problem: { where, reason: z.prettifyError(parsed.error) } };
  const { doc_name: docName, pages } = parsed.data;
  const parts = docNameParts(docName);
  const listed = options.documents.get(docName);
  let info = listed;
  if (!info) {
    const sibling = [...options.documents.values()].find((d) => docNameParts(d.docName).prefix === parts.prefix);
    const name = /^(.+)_(\d{4})_10K$/.exec(docName);
    if (!sibling || !name) {
      return { ok: false, problem: { where, reason: `document ${docName} is not in the document list` } };
    }
    info = { docName, company: sibling.company, form: "10-K", fiscalYear: Number(name[2]), link: null };
  }
  const filedDate = parts.dated;
  const datedEightK = parts.quarter === null && info.form === "8-K" && filedDate !== null;
  const fiscalPeriod: FiscalPeriod =
    parts.quarter ?? (datedEightK ? (`Q${quarterOfMonth(Number(filedDate.slice(5, 7)))}` as FiscalPeriod) : "FY");
  return {
    ok: true,
    record: {
      companyName: info.company,
      ticker: null,
      cik: null,
      form: info.form,
      fiscalYear: info.fiscalYear,
      fiscalPeriod,
      // A dated 8-K reports an event of its date (filed within days of it): the date stands for its period,
      // so a question naming the day finds it.
      periodEnd:
        info.form === "10-K" || info.form === "10-Q"
          ? statedPeriodEnd(pages.slice(0, 3).join("\n"))
          : datedEightK
            ? filedDate
            : null,
      filedDate,
      sourceUrl: info.link,
      sourceKey: docName,
      source: "financebench",
      pages,
      pageCount: parsed.data.num_pages ?? pages.length,
      sections: null,
      dated: datedEightK ? filedDate : null,
    },
  };
}

/** "item_1a" → "1A". */
function itemCode(key: string): string | null {
  const match = /^item_?(\d{1,2}[a-c]?)$/i.exec(key);
  return match ? match[1]!.toUpperCase() : null;
}

/** Items given as texts: one page each, in filing order, skipping empty ones. */
function givenSections(items: readonly [string, string][]): { pages: string[]; sections: FilingSection[] } {
  const order = (code: string) => {
    const m = /^(\d+)([A-C]?)$/.exec(code)!;
    return Number(m[1]) * 10 + (m[2] ? m[2].charCodeAt(0) - 64 : 0);
  };
  const kept = items.filter(([, text]) => text.trim().length > 0).sort(([a], [b]) => order(a) - order(b));
  return {
    pages: kept.map(([, text]) => text),
    sections: kept.map(([code, text], pageIndex) => {
      // The title is the item's first line when it reads like one ("Item 1A. Risk Factors").
      const firstLines = text
        .replace(/^[>\s]+/, "")
        .split("\n")
        .map((l) => l.replace(/\u00a0/g, " ").trim())
        .filter(Boolean)
        .slice(0, 2);
      const heading = /^item\s+\d{1,2}[a-c]?\.?$/i.test(firstLines[0] ?? "")
        ? `${firstLines[0]} ${firstLines[1] ?? ""}`
        : (firstLines[0] ?? "");
      const title =
        /^item\s/i.test(heading) && heading.length <= 120 ? heading.replace(/\s+/g, " ").trim() : `Item ${code}`;
      return { code, title, pageIndex, charStart: 0 };
    }),
  };
}

const edgartoolsSchema = z.object({
  ticker: z.string().min(1),
  cik: z.string().nullish(),
  company: z.string().min(1),
  form: z.enum(["10-K", "10-Q"]),
  document_period_end: z.string().nullish(),
  fiscal_year_focus: z.union([z.string(), z.number()]),
  fiscal_period_focus: z.enum(["FY", "Q1", "Q2", "Q3", "Q4"]),
  source_path: z.string().min(1),
  sections: z.record(z.string(), z.string()),
});

/** edgartools filing_sections.jsonl: one filing per line. */
export function* parseEdgartoolsSections(text: string, options: { file: string }): Generator<Parsed<FilingDraft>> {
  yield* parseJsonLines(text, options.file, (value): FilingDraft | string => {
    const parsed = edgartoolsSchema.safeParse(value);
    if (!parsed.success) return z.prettifyError(parsed.error);
    const r = parsed.data;
    const fiscalYear = Number(r.fiscal_year_focus);
    if (!Number.isInteger(fiscalYear)) return `fiscal_year_focus "${r.fiscal_year_focus}" is not a year`;
    const items = Object.entries(r.sections).flatMap(([key, body]): [string, string][] => {
      const code = itemCode(key);
      return code ? [[code, body]] : [];
    });
    const { pages, sections } = givenSections(items);
    // Coded like a 10-Q whose items are found in the text: Item 2 (MD&A) is "7", Item 1A "1A", ….
    const coded = r.form === "10-Q" ? sections.map((s) => ({ ...s, code: tenQItemAsTenK(s.code, null) })) : sections;
    return {
      companyName: r.company,
      ticker: r.ticker.toUpperCase(),
      cik: r.cik ?? null,
      form: r.form,
      fiscalYear,
      fiscalPeriod: r.fiscal_period_focus,
      periodEnd: r.document_period_end ? parseLongDate(r.document_period_end) : null,
      filedDate: null,
      sourceUrl: `https://github.com/dgunning/edgartools/blob/main/${r.source_path}`,
      sourceKey: path.posix.basename(r.source_path),
      source: "edgartools",
      pages,
      pageCount: null,
      sections: coded,
      dated: null,
    };
  });
}

const neo4jSchema = z.object({
  item1: z.string().default(""),
  item1a: z.string().default(""),
  item7: z.string().default(""),
  item7a: z.string().default(""),
  cik: z.string().min(1),
  names: z.array(z.string()).default([]),
  source: z.string().min(1),
});

/** One neo4j 10-K sections file (<accession>.json). The fiscal year is the year of the latest period
 * end the text states ("fiscal year ended July 1, 2023"); without one, the filing is rejected. */
export function parseNeo4jSections(text: string, options: { file: string }): Parsed<FilingDraft> {
  const where = options.file;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: { where, reason: `invalid JSON: ${(error as Error).message}` } };
  }
  const parsed = neo4jSchema.safeParse(json);
  if (!parsed.success) return { ok: false, problem: { where, reason: z.prettifyError(parsed.error) } };
  const r = parsed.data;
  const accession = /(\d{10}-\d{2}-\d{6})/.exec(r.source)?.[1] ?? path.basename(options.file, ".json");
  const { pages, sections } = givenSections([
    ["1", r.item1],
    ["1A", r.item1a],
    ["7", r.item7],
    ["7A", r.item7a],
  ]);
  const periodEnd = latestStatedPeriodEnd(`${r.item7}\n${r.item1}`);
  if (!periodEnd) return { ok: false, problem: { where, reason: "no fiscal year end stated in items 1 or 7" } };
  return {
    ok: true,
    record: {
      companyName: r.names[0] ?? `CIK ${r.cik}`,
      ticker: null,
      cik: r.cik.padStart(10, "0"),
      form: "10-K",
      // 52/53-week years may end a few days into the next calendar year's January.
      fiscalYear: Number(addDays(periodEnd, -7).slice(0, 4)),
      fiscalPeriod: "FY",
      periodEnd,
      filedDate: null,
      sourceUrl: r.source,
      sourceKey: accession,
      source: "neo4j-sections",
      pages,
      pageCount: null,
      sections,
      dated: null,
    },
  };
}
