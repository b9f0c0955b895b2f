// The filings and calls the e2e setup (load-documents.ts) stored, as the database holds them: the
// document specs compare what the cards show with it, and skip when the data folder was absent.
import { existsSync, readFileSync } from "node:fs";
import { E2E_DOCUMENTS_MANIFEST } from "./servers";

export interface DocumentsManifest {
  filings: Array<{
    id: string;
    ticker: string;
    form: string;
    fiscalYear: number;
    filedDate: string | null;
    /** Each page's text as readFilingPage returns it (0-based). */
    pages: string[];
  }>;
  filingChunks: Array<{
    id: string;
    filingId: string;
    pageIndex: number;
    charStart: number;
    charEnd: number;
    text: string;
  }>;
  transcriptChunks: Array<{ ticker: string; speaker: string | null; text: string }>;
  /** Every stored table cell's provenance (filing_facts): page 0-based, line 0-based on the page. */
  filingFacts: Array<{
    filingId: string;
    pageIndex: number;
    line: number;
    label: string;
    valueAsWritten: string | null;
  }>;
}

/** The manifest, or null when the setup stored nothing (no data folder). */
export function storedDocuments(): DocumentsManifest | null {
  if (!existsSync(E2E_DOCUMENTS_MANIFEST)) return null;
  return JSON.parse(readFileSync(E2E_DOCUMENTS_MANIFEST, "utf8")) as DocumentsManifest;
}
