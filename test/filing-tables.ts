// A data folder holding one financebench filing whose pages are written by the test (invented
// figures), for `ingest filings` and then `ingest facts` to read its statement tables.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PrismaClient } from "@/lib/db/generated/client";
import { upsertCompanies } from "@/lib/db/queries/companies";

export interface WrittenFiling {
  /** "INTEL_2020_10K" */
  docName: string;
  company: string;
  /** The fiscal year the filing reports. */
  period: number;
  pages: readonly string[];
}

/** The data folder's path. */
export function writeFinancebenchFiling(filing: WrittenFiling): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fg-facts-"));
  const financebench = path.join(dir, "financebench");
  mkdirSync(path.join(financebench, "docs_text"), { recursive: true });
  writeFileSync(
    path.join(financebench, "financebench_document_information.jsonl"),
    JSON.stringify({ doc_name: filing.docName, company: filing.company, doc_type: "10k", doc_period: filing.period }),
  );
  writeFileSync(
    path.join(financebench, "docs_text", `${filing.docName}.json`),
    JSON.stringify({ doc_name: filing.docName, num_pages: filing.pages.length, pages: filing.pages }),
  );
  return dir;
}

/** Stores the one company a test's filing belongs to (the seed is not loaded in these tests). */
export function storeFilingCompany(
  prisma: PrismaClient,
  company: { ticker: string; name: string; fiscalYearEndMonth: number },
): Promise<void> {
  return upsertCompanies(prisma, [
    { ...company, cik: null, sector: null, industry: null, exchange: null, currency: "USD", aliases: [] },
  ]);
}
