// A data folder holding one financebench filing whose pages are written by the test (invented
// figures), for `ingest filings` and then `ingest facts` to read its statement tables.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

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
