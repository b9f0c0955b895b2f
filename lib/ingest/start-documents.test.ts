// The start path's documents on real databases (PGlite, and PostgreSQL when DATABASE_URL is set): a data folder
// with a filing and both kinds of earnings-call file is loaded in one pass — filings, then the facts of their
// tables, then the calls (the full call replacing the prepared remarks of its quarter) — and a second pass loads
// nothing.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentProgress } from "@/lib/core/progress";
import { loadStartDocuments } from "@/lib/ingest/start-documents";
import { prepareSchema } from "@/lib/ingest/prepare";
import { installTestConfig } from "@/test/config";
import { testBackends, type TestDatabase } from "@/test/db";

// A section-split 10-K (edgartools' shape) with a statement table, invented figures.
const TEN_K = {
  ticker: "INTC",
  cik: null,
  company: "Intel Corporation",
  form: "10-K",
  document_period_end: "December 31, 2024",
  fiscal_year_focus: 2024,
  fiscal_period_focus: "FY",
  source_path: "tests/fixtures/html/intc/10k/intc-10-k-2025-01-31.html",
  sections: {
    item_1: "Item 1. Business\n\nWe make chips.",
    item_8: [
      "Item 8. Financial Statements",
      "CONSOLIDATED STATEMENTS OF OPERATIONS",
      "(In millions) Years ended",
      "December 31,",
      "2024 December 31,",
      "2023",
      "Net sales $ 1,200 $ 1,000",
      "Cost of sales 700 650",
    ].join("\n\n"),
  },
};

const PREPARED_REMARKS = {
  id: "KO_q3_2021",
  ticker: "KO",
  fiscal_quarter: 3,
  fiscal_year: 2021,
  split: "test",
  transcript: "Revenue grew 14% in the quarter.\nWe now expect EPS growth of 15% to 17%.\n",
  summary_bullets: ["q3 revenue up 14%."],
};

const FULL_CALL = {
  id: "KO_q3_2021",
  ticker: "KO",
  fiscal_quarter: 3,
  fiscal_year: 2021,
  prepared_remarks: [
    { speaker: "Operator", speech: "Welcome to the call." },
    { speaker: "Pat Chief", speech: "Revenue grew 14% in the quarter." },
  ],
  q_and_a: [
    { speaker: "Dana Guest", speech: "How are margins?" },
    { speaker: "Pat Chief", speech: "Margins expanded." },
  ],
  participants: ["Pat Chief--President and Chief Executive Officer", "Dana Guest--Big Bank -- Analyst"],
};

function dataFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fg-start-documents-"));
  const write = (relative: string, line: object) => {
    mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    writeFileSync(path.join(dir, relative), `${JSON.stringify(line)}\n`);
  };
  write("sec_10k_10q_ixbrl_edgartools/filing_sections.jsonl", TEN_K);
  write("ectsum/ectsum_sp500_transcripts.jsonl", PREPARED_REMARKS);
  write("transcripts_full_la83la/transcripts_core.jsonl", FULL_CALL);
  return dir;
}

describe.each(testBackends())("the start path's documents on $name", (backend) => {
  let test: TestDatabase;

  beforeAll(async () => {
    installTestConfig({ FINGROUND_DATA_DIR: dataFolder() });
    test = await backend.open();
    await prepareSchema(test.db);
  }, 60_000);
  afterAll(async () => {
    installTestConfig();
    await test?.dispose();
  });

  it("loads filings, their table facts and the calls once, without vectors", async () => {
    expect(await loadStartDocuments(test.db, silentProgress)).toEqual([
      "sec_10k_10q_ixbrl_edgartools/filing_sections.jsonl",
      "facts from filing tables",
      "ectsum/ectsum_sp500_transcripts.jsonl",
      "transcripts_full_la83la/transcripts_core.jsonl",
    ]);
    const [counts] = await test.db.prisma.$queryRaw<
      { filings: number; facts: number; calls: number; sections: string[] }[]
    >`
      SELECT (SELECT count(*)::int FROM filings) AS filings,
             (SELECT count(*)::int FROM filing_facts) AS facts,
             (SELECT count(*)::int FROM transcripts) AS calls,
             (SELECT array_agg(DISTINCT section ORDER BY section) FROM transcript_chunks) AS sections`;
    expect(counts).toMatchObject({ filings: 1, calls: 1 });
    expect(counts?.facts).toBeGreaterThan(0);
    // The full call (with its Q&A) replaced the quarter's prepared remarks.
    expect(counts?.sections).toContain("qa");
    const [vectors] = await test.db.prisma.$queryRaw<{ embedded: number }[]>`
      SELECT (SELECT count(*)::int FROM transcript_chunks WHERE embedding IS NOT NULL)
           + (SELECT count(*)::int FROM filing_chunks WHERE embedding IS NOT NULL) AS embedded`;
    expect(vectors?.embedded).toBe(0);
  });

  it("loads nothing the second time", async () => {
    expect(await loadStartDocuments(test.db, silentProgress)).toEqual([]);
  });

  it("stops before loading anything once its signal has aborted", async () => {
    await test.db.prisma.$executeRaw`DELETE FROM ingest_runs`;
    expect(await loadStartDocuments(test.db, silentProgress, AbortSignal.abort())).toEqual([]);
  });
});
