// `ingest filings` end to end on real databases (PGlite, and PostgreSQL when DATABASE_URL is set),
// from small inline inputs of each kind: companies resolved (an unknown one reported), sections and
// chunks stored, a rerun storing nothing new, a filing missing after an interrupted run stored on the
// next, and the chunks searchable by keyword before any vector exists. Then the data folder's neo4j
// filings, skipped without the folder.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentProgress } from "@/lib/core/progress";
import { DEFAULT_RANKING } from "@/lib/documents/config";
import { searchFilingChunks } from "@/lib/documents/filings/search";
import { filingFiltersSchema } from "@/lib/documents/filings/types";
import { dataDir, hasDataDir } from "@/lib/ingest/data-dir";
import { prepareSchema } from "@/lib/ingest/prepare";
import { runIngest } from "@/lib/ingest/run";
import { testBackends, type TestDatabase } from "@/test/db";

function writeInputs(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fg-filings-"));
  const financebench = path.join(dir, "financebench");
  mkdirSync(path.join(financebench, "docs_text"), { recursive: true });
  writeFileSync(
    path.join(financebench, "financebench_document_information.jsonl"),
    [
      { doc_name: "3M_2018_10K", company: "3M", doc_type: "10k", doc_period: 2018, doc_link: "https://x/3m.pdf" },
      { doc_name: "NOBODY_2018_10K", company: "Nobody Widgets Unlisted", doc_type: "10k", doc_period: 2018 },
    ]
      .map((d) => JSON.stringify(d))
      .join("\n"),
  );
  const pages = [
    "FORM 10-K\nFor the fiscal year ended December 31, 2018\n3M COMPANY",
    "Item 1. Business\n3M makes Post-it notes and abrasives.\n\nItem 1A. Risk Factors\nPFAS litigation could be costly.",
    "Item 8. Financial Statements\n\nConsolidated Statement of Income\n(Millions)          2018       2017\nNet sales        $ 32,765   $ 31,657\nNet income          5,349      4,858",
  ];
  writeFileSync(
    path.join(financebench, "docs_text", "3M_2018_10K.json"),
    JSON.stringify({ doc_name: "3M_2018_10K", num_pages: 3, pages }),
  );
  writeFileSync(
    path.join(financebench, "docs_text", "NOBODY_2018_10K.json"),
    JSON.stringify({ doc_name: "NOBODY_2018_10K", num_pages: 1, pages: ["Item 1. Business\nWidgets."] }),
  );
  writeFileSync(
    path.join(dir, "filing_sections.jsonl"),
    JSON.stringify({
      ticker: "AAPL",
      cik: "0000320193",
      company: "Apple Inc.",
      form: "10-K",
      document_period_end: "September 28, 2024",
      fiscal_year_focus: "2024",
      fiscal_period_focus: "FY",
      source_path: "tests/aapl-10-k-2024-11-01.html",
      sections: { item_1a: "Item 1A. Risk Factors\n\nThe iPhone faces intense competition." },
    }),
  );
  writeFileSync(
    path.join(dir, "0000096021-23-000117.json"),
    JSON.stringify({
      item1: "Item 1. Business\nSysco distributes food to restaurants.",
      item7: "Item 7. MD&A\nFor the fiscal year ended July 1, 2023, sales grew.",
      cik: "96021",
      names: ["Sysco Corp"],
      source: "https://www.sec.gov/Archives/edgar/data/96021/000009602123000117/0000096021-23-000117-index.htm",
    }),
  );
  return dir;
}

describe.each(testBackends())("ingest filings on $name", (backend) => {
  let test: TestDatabase;
  const dir = writeInputs();
  const count = async (table: "filings" | "filing_chunks") => {
    const [{ n }] = await test.db.prisma.$queryRawUnsafe<[{ n: number }]>(`SELECT count(*)::int AS n FROM ${table}`);
    return n;
  };

  beforeAll(async () => {
    test = await backend.open();
    await prepareSchema(test.db);
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it("stores each input's filing with its sections and chunks, reporting an unknown company", async () => {
    const summary = await runIngest(test.db, "filings", [dir], silentProgress, { embedder: null });
    expect(summary).toMatchObject({ inserted: 3, unchanged: 0, rejected: 1 });
    expect(summary.problems[0]!.reason).toContain('unknown company "Nobody Widgets Unlisted"');
    const filings = await test.db.prisma.$queryRaw<{ ticker: string; fiscal_year: number; sections_found: string[] }[]>`
      SELECT ticker, fiscal_year, sections_found FROM filings ORDER BY ticker`;
    expect(filings).toEqual([
      { ticker: "AAPL", fiscal_year: 2024, sections_found: ["1A"] },
      { ticker: "MMM", fiscal_year: 2018, sections_found: ["1", "1A", "8"] },
      { ticker: "SYY", fiscal_year: 2023, sections_found: ["1", "7"] },
    ]);
  });

  it("stores nothing twice on a rerun, and completes what an interrupted run left out", async () => {
    const chunks = await count("filing_chunks");
    const again = await runIngest(test.db, "filings", [dir], silentProgress, { embedder: null });
    expect(again).toMatchObject({ inserted: 0, unchanged: 3 });
    expect(await count("filing_chunks")).toBe(chunks);
    // As if a run had been killed before Sysco's transaction committed.
    await test.db.prisma.$executeRaw`DELETE FROM filings WHERE ticker = 'SYY'`;
    const resumed = await runIngest(test.db, "filings", [dir], silentProgress, { embedder: null });
    expect(resumed).toMatchObject({ inserted: 1, unchanged: 2 });
    expect(await count("filing_chunks")).toBe(chunks);
  });

  it("serves keyword search before any chunk is embedded", async () => {
    const hits = await searchFilingChunks(test.db.prisma, {
      text: "net sales",
      embedding: null,
      filters: filingFiltersSchema.parse({ tickers: ["MMM"] }),
      ranking: DEFAULT_RANKING,
    });
    expect(hits[0]).toMatchObject({
      ticker: "MMM",
      companyName: "3M Company",
      sectionCode: "8",
      page: 3,
      isTable: true,
      isFinancialStatement: true,
      ranking: "keyword",
      periodEnd: "2018-12-31",
    });
  });
});

describe.skipIf(!hasDataDir())("ingest filings from the data folder", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await testBackends()[0]!.open();
    await prepareSchema(test.db);
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it('stores the neo4j 10-K sections, each with its year end (NIKE\'s stated as "years ended May 31, …")', async () => {
    const summary = await runIngest(
      test.db,
      "filings",
      [path.join(dataDir(), "sec_10k_sections_neo4j")],
      silentProgress,
      {
        embedder: null,
      },
    );
    expect(summary).toMatchObject({ inserted: 13, rejected: 0 });
    const [row] = await test.db.prisma.$queryRaw<{ n: number; tickers: number }[]>`
      SELECT count(*)::int AS n, count(DISTINCT ticker)::int AS tickers FROM filing_chunks`;
    expect(row!.tickers).toBe(13);
    expect(row!.n).toBeGreaterThan(1000);
  }, 120_000);
});
