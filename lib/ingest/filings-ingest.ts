// `npm run ingest -- filings <paths…>`: filing texts (files, or folders read recursively) into the
// filings tables. Each file is recognised by its content (see ./sources/filings.ts), its company
// resolved to a catalog ticker (unknown companies are reported, not stored), its text sectioned and
// chunked, and each filing stored with its chunks in one transaction: a killed run leaves whole
// filings only, and a rerun stores what is missing and nothing twice, replacing what an older version
// of the chunker cut (filings.chunking below FILING_CHUNKING_VERSION).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Database } from "@/lib/db/client";
import type { Embedder } from "@/lib/documents/embeddings";
import { embedPendingFilingChunks, insertFiling, tidyFilingTablesAfter } from "@/lib/documents/filings/store";
import type { FilingInput } from "@/lib/documents/filings/types";
import { chunkFiling, FILING_CHUNKING_VERSION, findSections, sectionsFound } from "./filing-chunks";
import { companyResolver, coverFilingCompanies, fiscalYearEndMonths } from "./filing-companies";
import { companyByTicker } from "@/lib/catalog/companies";
import { fiscalQuarterOfDay } from "./fiscal";
import {
  type FilingDraft,
  type FinancebenchDocument,
  parseEdgartoolsSections,
  parseFinancebenchDocumentInformation,
  parseFinancebenchText,
  parseNeo4jSections,
} from "./sources/filings";
import { keepValid, reject, type RunContext } from "./write";

const DOCUMENT_LIST = "financebench_document_information.jsonl";

/** Every .json and .jsonl file under the paths, in name order (folders read recursively). */
function filesUnder(paths: readonly string[], run: RunContext): string[] {
  const files: string[] = [];
  const visit = (p: string) => {
    if (!existsSync(p)) {
      reject(run, { where: p, reason: "no such file or folder" });
      return;
    }
    if (statSync(p).isDirectory()) {
      for (const entry of readdirSync(p).sort()) visit(path.join(p, entry));
    } else if (/\.jsonl?$/.test(p)) files.push(p);
  };
  for (const p of paths) visit(p);
  return files;
}

/** FinanceBench's document list: the one given, else the one beside or above its text folders. */
function documentList(files: readonly string[], textFiles: readonly string[], run: RunContext) {
  const lists = new Set(files.filter((f) => path.basename(f) === DOCUMENT_LIST));
  for (const file of textFiles) {
    for (const dir of [path.dirname(file), path.dirname(path.dirname(file))]) {
      const candidate = path.join(dir, DOCUMENT_LIST);
      if (existsSync(candidate)) lists.add(candidate);
    }
  }
  const documents = new Map<string, FinancebenchDocument>();
  for (const list of lists) {
    // The list describes documents; it is not itself a filing, so its lines do not count as read.
    for (const parsed of parseFinancebenchDocumentInformation(readFileSync(list, "utf8"), { file: list }))
      if (parsed.ok) documents.set(parsed.record.docName, parsed.record);
      else reject(run, parsed.problem);
  }
  return documents;
}

/** The drafts of every input file (also what the data-folder check of quotes reads, no database needed). */
export function readFilingDrafts(paths: readonly string[], run: RunContext): FilingDraft[] {
  const files = filesUnder(paths, run);
  const jsonFiles = files.filter((f) => f.endsWith(".json"));
  const texts = new Map(jsonFiles.map((f) => [f, readFileSync(f, "utf8")]));
  // FinanceBench texts open with their doc_name; neo4j files with their items.
  const financebench = jsonFiles.filter((f) => /^\s*\{\s*"doc_name"/.test(texts.get(f)!.slice(0, 200)));
  const documents = financebench.length > 0 ? documentList(files, financebench, run) : new Map();
  const drafts: FilingDraft[] = [];
  for (const file of files) {
    if (path.basename(file) === DOCUMENT_LIST) continue;
    if (file.endsWith(".jsonl")) {
      drafts.push(...keepValid(parseEdgartoolsSections(readFileSync(file, "utf8"), { file }), run));
      continue;
    }
    const text = texts.get(file)!;
    const parsed = financebench.includes(file)
      ? parseFinancebenchText(text, { file, documents })
      : parseNeo4jSections(text, { file });
    drafts.push(...keepValid([parsed], run));
  }
  return drafts;
}

/** What a filings run adds to the run totals, for its summary line. */
interface FilingRunReport {
  chunks: number;
  /** Stored filings cut by an older chunking, replaced (counted in the run's inserted too). */
  replaced: number;
  sectionsFound: number;
  withoutSections: string[];
  unknownCompanies: Set<string>;
}

/** The fiscal year and period a filing is labelled with: an 8-K named by its date alone gets that
 * date's fiscal quarter on the company's calendar (`yearEndMonth`), not the calendar quarter. */
function fiscalLabelOf(draft: FilingDraft, yearEndMonth: number): Pick<FilingInput, "fiscalYear" | "fiscalPeriod"> {
  const fiscal = draft.dated ? fiscalQuarterOfDay(draft.dated, yearEndMonth) : null;
  return fiscal ?? { fiscalYear: draft.fiscalYear, fiscalPeriod: draft.fiscalPeriod };
}

function filingOf(draft: FilingDraft, company: { ticker: string; name: string }, yearEndMonth: number): FilingInput {
  const sections = draft.sections ?? findSections(draft.pages, draft.form);
  const { fiscalYear, fiscalPeriod } = fiscalLabelOf(draft, yearEndMonth);
  return {
    ticker: company.ticker,
    companyName: company.name,
    form: draft.form,
    fiscalYear,
    fiscalPeriod,
    periodEnd: draft.periodEnd,
    filedDate: draft.filedDate,
    sourceUrl: draft.sourceUrl,
    sourceKey: draft.sourceKey,
    source: draft.source,
    pages: draft.pages,
    pageCount: draft.pageCount,
    sectionsFound: sectionsFound(sections),
    chunking: FILING_CHUNKING_VERSION,
    chunks: chunkFiling(draft.pages, sections, {
      companyName: company.name,
      form: draft.form,
      fiscalYear,
      fiscalPeriod,
    }),
  };
}

export async function ingestFilings(
  db: Database,
  paths: readonly string[],
  run: RunContext & { embedder: Embedder | null; signal?: AbortSignal },
): Promise<void> {
  const drafts = readFilingDrafts(paths, run);
  const companies = companyResolver();
  const report: FilingRunReport = {
    chunks: 0,
    replaced: 0,
    sectionsFound: 0,
    withoutSections: [],
    unknownCompanies: new Set(),
  };
  const resolved = drafts.map((draft) => ({
    draft,
    company: companies.resolve({ ticker: draft.ticker, cik: draft.cik, name: draft.companyName }),
  }));
  // A company's fiscal calendar: the catalog's, else read off its 10-Ks and 10-Qs in this input, else December.
  const yearEnds = fiscalYearEndMonths(
    resolved.flatMap(({ draft, company }) => (company ? [{ ...draft, ticker: company.ticker }] : [])),
  );
  const yearEndOf = (ticker: string) => companyByTicker(ticker)?.fiscalYearEndMonth ?? yearEnds.get(ticker) ?? 12;
  run.progress.start("filings", drafts.length);
  for (const { draft, company } of resolved) {
    if (run.signal?.aborted) break;
    if (!company) {
      report.unknownCompanies.add(draft.companyName);
      reject(run, {
        where: draft.sourceKey,
        reason: `unknown company "${draft.companyName}": not in the catalog or the SEC company list`,
      });
      run.progress.advance(1);
      continue;
    }
    const filing = filingOf(draft, company, yearEndOf(company.ticker));
    run.totals.read += 1;
    const stored = await insertFiling(db.prisma, filing, run.runId);
    if (stored === null) run.totals.unchanged += 1;
    else {
      run.totals.inserted += 1;
      if (stored.replaced) report.replaced += 1;
      report.chunks += filing.chunks.length;
      report.sectionsFound += filing.sectionsFound.length;
      if (filing.sectionsFound.length === 0)
        report.withoutSections.push(`${filing.ticker} ${filing.form} ${filing.fiscalYear} ${filing.fiscalPeriod}`);
    }
    run.progress.advance(1);
  }
  run.progress.finish();
  // Recorded as failed, so the next start ingests the input again (stored filings are skipped).
  if (run.signal?.aborted) throw new Error("filings ingest interrupted by shutdown");
  const covered = await coverFilingCompanies(db.prisma);
  run.progress.log(
    [
      `filings: ${run.totals.inserted} stored (${report.replaced} replacing one cut by an older chunking), ` +
        `${run.totals.unchanged} already stored, ${report.chunks} chunks, ` +
        `${report.sectionsFound} sections found`,
      `filings with no section: ${report.withoutSections.length === 0 ? "none" : report.withoutSections.join("; ")}`,
      `skipped: ${run.totals.rejected}${report.unknownCompanies.size > 0 ? ` (unknown companies: ${[...report.unknownCompanies].join(", ")})` : ""}`,
      `companies covered from their filings alone: ${covered.length === 0 ? "none new" : covered.join(", ")}`,
    ].join("\n"),
  );
  const embedded = run.embedder ? await embedPendingFilingChunks(db.prisma, run.embedder, run.progress, run.signal) : 0;
  await tidyFilingTablesAfter(db, Math.max(report.chunks, embedded));
}
