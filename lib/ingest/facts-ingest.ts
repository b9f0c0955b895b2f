// `npm run ingest -- facts`: the statement tables of every stored 10-K and 10-Q (the filings tables,
// filled by `ingest filings`) into filing_facts, one triplet per cell, and their catalog rows into
// metric_values as source kind "filing_table". Each filing's facts land in one transaction and a filing
// whose facts are stored is skipped, so a killed run resumes and a rerun writes nothing twice. XBRL
// stays preferred: a table value is written only for a company, metric and period XBRL has no value for.
import type { Database } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { companyFiscalYearEnds } from "@/lib/db/queries/companies";
import { silentProgress } from "@/lib/core/progress";
import type { MetricFact } from "@/lib/core/types";
import { metricByKey } from "@/lib/catalog/metrics";
import { type MappedFact, mapTriplets } from "./facts/mapping";
import {
  extractFiling,
  type FilingExtraction,
  type FilingRef,
  textLayoutOfSource,
  type Triplet,
} from "./facts/triplets";
import { type RunContext, reject, writeFacts } from "./write";

/** Rows per INSERT: one statement stays well under the parameter and message limits. */
const FACT_INSERT_BATCH = 2000;

export interface StoredFiling {
  id: bigint;
  ticker: string;
  company_name: string;
  form: string;
  source_key: string;
  period_end: string | null;
  filed_date: string | null;
  fiscal_year: number;
  source: string;
  pages: string[];
}

const STATEMENT_TITLE = /statements? of|balance sheets?|income statements?/i;

const keyOf = (ticker: string, metricKey: string, fiscalYear: number, fiscalPeriod: string): string =>
  `${ticker}|${metricKey}|${fiscalYear}|${fiscalPeriod}`;

/** Who read a fact: the table reader, or an LLM reading a table the reader could not (facts-llm.ts). */
export type FactSource = "parser" | "llm";

/** One filing's facts, in the caller's transaction (a fact already stored for its cell is left alone). */
export async function insertFilingFacts(
  tx: Prisma.TransactionClient,
  filingId: bigint,
  facts: readonly { triplet: Triplet; mapped: MappedFact | undefined }[],
  runId: number,
  source: FactSource,
) {
  for (let start = 0; start < facts.length; start += FACT_INSERT_BATCH) {
    const rows = facts.slice(start, start + FACT_INSERT_BATCH).map(({ triplet: t, mapped }) => ({
      ticker: t.attributes.ticker,
      subject: t.subject,
      relation: t.relation,
      label: t.attributes.label,
      normalized_label: t.attributes.normalizedLabel,
      statement: t.attributes.statement,
      is_subtotal: t.attributes.isSubtotal,
      fiscal_year: t.attributes.fiscalYear,
      fiscal_period: t.attributes.fiscalPeriod,
      period_end: t.attributes.periodEnd,
      period_end_is_exact: t.attributes.periodEndIsExact,
      is_instant: t.attributes.isInstant,
      value: t.value,
      value_as_written: t.attributes.valueAsWritten,
      unit: t.unit,
      scale: String(t.attributes.scale),
      currency: t.attributes.currency,
      page_index: t.provenance.page,
      line: t.provenance.line,
      table_title: t.provenance.tableTitle,
      column_header: t.provenance.columnHeader,
      column_index: t.provenance.column,
      metric_key: mapped?.metricKey ?? null,
      mapping_confidence: mapped ? String(mapped.confidence) : null,
    }));
    await tx.$executeRaw`
      INSERT INTO filing_facts (filing_id, ticker, subject, relation, label, normalized_label, statement, is_subtotal,
                                fiscal_year, fiscal_period, period_end, period_end_is_exact, is_instant, value,
                                value_as_written, unit, scale, currency, page_index, line, table_title, column_header,
                                column_index, metric_key, mapping_confidence, ingest_run_id, source)
      SELECT ${filingId}::bigint, r.ticker, r.subject, r.relation, r.label, r.normalized_label, r.statement, r.is_subtotal,
             r.fiscal_year, r.fiscal_period, r.period_end::date, r.period_end_is_exact, r.is_instant, r.value::numeric,
             r.value_as_written, r.unit, r.scale::numeric, r.currency, r.page_index, r.line, r.table_title,
             r.column_header, r.column_index, r.metric_key, r.mapping_confidence::numeric, ${runId}::int, ${source}
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS r(ticker text, subject text, relation text, label text, normalized_label text, statement text,
             is_subtotal boolean, fiscal_year int, fiscal_period text, period_end text, period_end_is_exact boolean,
             is_instant boolean, value text, value_as_written text, unit text, scale text, currency text,
             page_index int, line int, table_title text, column_header text, column_index int, metric_key text,
             mapping_confidence text)
      ON CONFLICT DO NOTHING`;
  }
  // Each distinct label once, for label search by vector (embedded later, in the background).
  const labels = [...new Set(facts.map(({ triplet }) => triplet.attributes.normalizedLabel))];
  await tx.$executeRaw`
    INSERT INTO filing_fact_labels (normalized_label) SELECT unnest(${labels}::text[]) ON CONFLICT DO NOTHING`;
}

/** One stored filing with its pages, or undefined when it was deleted since its id was read. */
export async function storedFiling(db: Database, id: bigint): Promise<StoredFiling | undefined> {
  const [filing] = await db.prisma.$queryRaw<StoredFiling[]>`
    SELECT id, ticker, company_name, form, source_key, period_end::text AS period_end, filed_date::text AS filed_date,
           fiscal_year, source, pages
    FROM filings WHERE id = ${id}`;
  return filing;
}

/** The tables of one stored filing, read on the company's fiscal calendar. */
export function extractStoredFiling(
  filing: StoredFiling,
  fiscalYearEndMonth: number,
): { ref: FilingRef; extraction: FilingExtraction } {
  const ref: FilingRef = {
    filing: filing.source_key,
    ticker: filing.ticker,
    company: filing.company_name,
    form: filing.form,
    fiscalYearEndMonth,
    periodEnd: filing.period_end,
  };
  return { ref, extraction: extractFiling(filing.pages, ref, textLayoutOfSource(filing.source)) };
}

/**
 * The mapped values of one filing as metric facts: one per company, metric and period, dropped when
 * the filing's tables disagree on it (an ambiguous value is no value) or XBRL already has one.
 */
function metricFactsOf(
  filing: StoredFiling,
  mapped: readonly MappedFact[],
  xbrlKeys: ReadonlySet<string>,
): { facts: MetricFact[]; conflicting: number } {
  const byKey = new Map<string, MappedFact[]>();
  for (const m of mapped) {
    const a = m.triplet.attributes;
    const key = keyOf(a.ticker, m.metricKey, a.fiscalYear, a.fiscalPeriod);
    byKey.set(key, [...(byKey.get(key) ?? []), m]);
  }
  const knownAt = filing.filed_date ?? filing.period_end ?? `${filing.fiscal_year}-12-31`;
  const facts: MetricFact[] = [];
  let conflicting = 0;
  for (const [key, claims] of byKey) {
    if (xbrlKeys.has(key)) continue;
    // Tables of one filing that disagree: the most confident rows decide ("Net income attributable to
    // Verizon" on the income statement over the consolidated "Net Income" of comprehensive income).
    const top = Math.max(...claims.map((c) => c.confidence));
    const candidates = claims.filter((c) => c.confidence === top);
    if (new Set(candidates.map((c) => c.value)).size > 1) {
      conflicting++;
      continue;
    }
    // Cite the statement itself rather than an MD&A table repeating the same value.
    const { triplet, metricKey, value } =
      candidates.find((c) => STATEMENT_TITLE.test(c.triplet.provenance.tableTitle)) ?? candidates[0]!;
    const a = triplet.attributes;
    facts.push({
      ticker: a.ticker,
      metricKey,
      // The catalog says whether the metric is a balance (no start) or covers a period.
      periodStart: metricByKey(metricKey)?.periodType === "instant" ? null : a.periodStart,
      periodEnd: a.periodEnd,
      fiscalYear: a.fiscalYear,
      fiscalPeriod: a.fiscalPeriod,
      value,
      unit: triplet.unit,
      currency: triplet.unit === "shares" ? null : a.currency,
      decimals: null,
      sourceKind: "filing_table",
      // The UI's provenance: the row as printed and its page (1-based, as a reader counts pages).
      concept: `page ${triplet.provenance.page + 1}, row '${a.label}'`,
      form: filing.form,
      accession: filing.source_key,
      // No filing date here: filing alerts (sources/news-alerts.ts) read dated 10-K/10-Q values as SEC
      // accessions, and a document key is none; when the value became known is `knownAt`.
      filedAt: null,
      knownAt,
    });
  }
  return { facts, conflicting };
}

export async function ingestFacts(db: Database, _paths: readonly string[], run: RunContext): Promise<void> {
  const fiscalYearEnds = await companyFiscalYearEnds(db.prisma);
  const pending = await db.prisma.$queryRaw<{ id: bigint }[]>`
    SELECT f.id FROM filings f
    WHERE f.form IN ('10-K', '10-Q') AND NOT EXISTS (SELECT 1 FROM filing_facts ff WHERE ff.filing_id = f.id)
    ORDER BY f.id`;
  const xbrlRows = await db.prisma.$queryRaw<
    { ticker: string; metric: string; fiscal_year: number; fiscal_period: string }[]
  >`
    SELECT DISTINCT c.ticker, m.key AS metric, mv.fiscal_year, mv.fiscal_period::text AS fiscal_period
    FROM metric_values mv JOIN companies c ON c.id = mv.company_id JOIN metrics m ON m.id = mv.metric_id
    WHERE mv.source_kind <> 'filing_table'`;
  const xbrlKeys = new Set(xbrlRows.map((r) => keyOf(r.ticker, r.metric, r.fiscal_year, r.fiscal_period)));
  run.progress.start("facts from filing tables", pending.length);
  let metricValues = 0;
  let triplets = 0;
  let conflicting = 0;
  for (const { id } of pending) {
    const filing = await storedFiling(db, id);
    if (filing === undefined) continue; // deleted since the list was read
    const fiscalYearEndMonth = fiscalYearEnds.get(filing.ticker);
    if (fiscalYearEndMonth === undefined) {
      reject(run, {
        where: filing.source_key,
        reason: `company ${filing.ticker} is not in the companies table (load the seed first)`,
      });
      run.progress.advance(1);
      continue;
    }
    const { extraction } = extractStoredFiling(filing, fiscalYearEndMonth);
    const mapped = mapTriplets(extraction.triplets);
    const mappedByTriplet = new Map(mapped.map((m) => [m.triplet, m]));
    const ofFiling = metricFactsOf(filing, mapped, xbrlKeys);
    // Metric values first: they are idempotent, so a run killed before the facts are stored redoes
    // this filing next time and writes nothing twice; facts last, as the filing's "done" mark.
    await writeFacts(db, ofFiling.facts, { ...run, progress: silentProgress }, `facts of ${filing.source_key}`);
    await db.prisma.$transaction(
      (tx) =>
        insertFilingFacts(
          tx,
          filing.id,
          extraction.triplets.map((t) => ({ triplet: t, mapped: mappedByTriplet.get(t) })),
          run.runId,
          "parser",
        ),
      { timeout: 120_000, maxWait: 60_000 },
    );
    metricValues += ofFiling.facts.length;
    conflicting += ofFiling.conflicting;
    triplets += extraction.triplets.length;
    run.progress.advance(1);
  }
  run.progress.finish();
  run.progress.log(
    `facts: ${pending.length} filings, ${triplets} triplets, ${metricValues} catalog values for periods XBRL lacks, ${conflicting} left out (the filing's tables disagree)`,
  );
}
