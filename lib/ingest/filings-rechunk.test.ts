// Filings stored before 10-Q items were coded as their 10-K counterparts (chunking version 1), on real
// databases (PGlite, and PostgreSQL when DATABASE_URL is set): the migration that adds filings.chunking
// marks the 10-Qs coded the old way (and only those) as outdated, and ingesting their input again
// replaces them with the current codes, keeping each unchanged chunk's vector, in one run and once. The
// start path ingests a data-folder input again while a filing it stored is outdated.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentProgress } from "@/lib/core/progress";
import type { Database } from "@/lib/db/client";
import { migrate, readMigrations } from "@/lib/db/migrate";
import type { FilingForm } from "@/lib/documents/filings/types";
import { chunkFiling, FILING_CHUNKING_VERSION, type FilingSection, findSections } from "@/lib/ingest/filing-chunks";
import { loadStartFilings } from "@/lib/ingest/start-documents";
import { prepareSchema } from "@/lib/ingest/prepare";
import { runIngest } from "@/lib/ingest/run";
import { installTestConfig } from "@/test/config";
import { testBackends, type TestDatabase } from "@/test/db";

const TEN_Q_PAGES = [
  "FORM 10-Q\nFor the quarterly period ended June 30, 2023\n3M COMPANY",
  "PART I. FINANCIAL INFORMATION\nItem 1. Financial Statements\n\nConsolidated Statement of Income\n(Millions)          Q2 2023     Q2 2022\nNet sales        $ 8,325    $ 8,702\nNet income          (6,841)    78",
  "Item 2. Management's Discussion and Analysis\nSales fell as consumer demand softened in the quarter.",
  "PART II. OTHER INFORMATION\nItem 1. Legal Proceedings\n\nAccruals for claims\n(Millions)          2023       2022\nEarplug claims     $ 5,000    $ 1,000\nPFAS claims         10,300       900",
];

const EDGARTOOLS_ITEMS = {
  item_1: "Item 1. Financial Statements\n\nNet sales grew in the quarter.",
  item_2: "Item 2. Management's Discussion and Analysis\n\nServices revenue drove the increase.",
  item_1a: "Item 1A. Risk Factors\n\nTariffs could raise costs.",
};

const EDGARTOOLS_LINE = JSON.stringify({
  ticker: "AAPL",
  company: "Apple Inc.",
  form: "10-Q",
  document_period_end: "June 28, 2025",
  fiscal_year_focus: "2025",
  fiscal_period_focus: "Q3",
  source_path: "tests/aapl-10-q-2025-08-01.html",
  sections: EDGARTOOLS_ITEMS,
});

function writeInputs(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fg-rechunk-"));
  mkdirSync(path.join(dir, "financebench", "docs_text"), { recursive: true });
  writeFileSync(
    path.join(dir, "financebench", "financebench_document_information.jsonl"),
    JSON.stringify({ doc_name: "3M_2023Q2_10Q", company: "3M", doc_type: "10q", doc_period: 2023 }),
  );
  writeFileSync(
    path.join(dir, "financebench", "docs_text", "3M_2023Q2_10Q.json"),
    JSON.stringify({ doc_name: "3M_2023Q2_10Q", num_pages: TEN_Q_PAGES.length, pages: TEN_Q_PAGES }),
  );
  writeFileSync(path.join(dir, "filing_sections.jsonl"), EDGARTOOLS_LINE);
  return dir;
}

interface OldFiling {
  ticker: string;
  companyName: string;
  form: FilingForm;
  fiscalYear: number;
  fiscalPeriod: "FY" | "Q2" | "Q3";
  sourceKey: string;
  source: "financebench" | "edgartools";
  pages: string[];
  /** As stored: version 1's 10-Q items by their own numbers, or already coded as 10-K items. */
  sections: FilingSection[];
}

const OLD_VECTOR = `[${new Array(512).fill(0.5).join(",")}]`;

/** Writes a filing as stored before filings.chunking existed: chunks as its sections cut them, a table
 * of any section coded "1" flagged as a statement (version 1 flagged both parts' Item 1), every chunk
 * embedded. */
async function storeBeforeChunkingColumn(db: Database, filing: OldFiling): Promise<void> {
  const chunks = chunkFiling(filing.pages, filing.sections, filing);
  const [row] = await db.prisma.$queryRaw<{ id: bigint }[]>`
    INSERT INTO filings (ticker, company_name, form, fiscal_year, fiscal_period, source_key, source, sections_found, pages)
    VALUES (${filing.ticker}, ${filing.companyName}, ${filing.form}, ${filing.fiscalYear}, ${filing.fiscalPeriod},
            ${filing.sourceKey}, ${filing.source}, ${[...new Set(filing.sections.map((s) => s.code))]}::text[],
            ${filing.pages}::text[])
    RETURNING id`;
  for (const [ordinal, c] of chunks.entries()) {
    await db.prisma.$executeRaw`
      INSERT INTO filing_chunks (filing_id, ordinal, ticker, form, fiscal_year, section_code, section_title, page_index,
                                 char_start, char_end, is_table, is_financial_statement, text, header,
                                 embedding_model, embedding)
      VALUES (${row!.id}::bigint, ${ordinal}::int, ${filing.ticker}, ${filing.form}, ${filing.fiscalYear}::int,
              ${c.sectionCode}, ${c.sectionTitle}, ${c.pageIndex}::int, ${c.charStart}::int, ${c.charEnd}::int,
              ${c.isTable}, ${c.isTable && (c.sectionCode === "1" || c.sectionCode === "8")}, ${c.text}, ${c.header},
              'old-model', ${OLD_VECTOR}::vector)`;
  }
}

describe.each(testBackends())("filings stored by an older chunking, on $name", (backend) => {
  let test: TestDatabase;
  const dir = writeInputs();
  const chunksOf = (sourceKey: string) =>
    test.db.prisma.$queryRaw<
      { section_code: string; is_table: boolean; is_statement: boolean; model: string | null }[]
    >`
      SELECT c.section_code, c.is_table, c.is_financial_statement AS is_statement, c.embedding_model AS model
      FROM filing_chunks c JOIN filings f ON f.id = c.filing_id WHERE f.source_key = ${sourceKey} ORDER BY c.ordinal`;

  beforeAll(async () => {
    test = await backend.open();
    const migrations = readMigrations();
    const at = migrations.findIndex((m) => m.name.endsWith("_filing_chunking"));
    await migrate(test.db, migrations.slice(0, at));
    await storeBeforeChunkingColumn(test.db, {
      ticker: "MMM",
      companyName: "3M Company",
      form: "10-Q",
      fiscalYear: 2023,
      fiscalPeriod: "Q2",
      sourceKey: "3M_2023Q2_10Q",
      source: "financebench",
      pages: TEN_Q_PAGES,
      sections: findSections(TEN_Q_PAGES),
    });
    const items = Object.values(EDGARTOOLS_ITEMS);
    await storeBeforeChunkingColumn(test.db, {
      ticker: "AAPL",
      companyName: "Apple Inc.",
      form: "10-Q",
      fiscalYear: 2025,
      fiscalPeriod: "Q3",
      sourceKey: "aapl-10-q-2025-08-01.html",
      source: "edgartools",
      // The order edgartools' items are stored in: by item number.
      pages: [items[0]!, items[2]!, items[1]!],
      sections: [
        { code: "1", title: "Item 1. Financial Statements", pageIndex: 0, charStart: 0 },
        { code: "1A", title: "Item 1A. Risk Factors", pageIndex: 1, charStart: 0 },
        { code: "2", title: "Item 2. Management's Discussion and Analysis", pageIndex: 2, charStart: 0 },
      ],
    });
    // Stored after 10-Q items were coded, before the column: its "3" is Part II Item 1, not Item 3.
    await storeBeforeChunkingColumn(test.db, {
      ticker: "MMM",
      companyName: "3M Company",
      form: "10-Q",
      fiscalYear: 2023,
      fiscalPeriod: "Q3",
      sourceKey: "3M_2023Q3_10Q",
      source: "financebench",
      pages: TEN_Q_PAGES,
      sections: findSections(TEN_Q_PAGES, "10-Q"),
    });
    const tenK = ["Item 1A. Risk Factors\nPFAS litigation could be costly."];
    await storeBeforeChunkingColumn(test.db, {
      ticker: "MMM",
      companyName: "3M Company",
      form: "10-K",
      fiscalYear: 2022,
      fiscalPeriod: "FY",
      sourceKey: "3M_2022_10K",
      source: "financebench",
      pages: tenK,
      sections: findSections(tenK),
    });
    await migrate(test.db, migrations);
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it("marks the 10-Qs coded the old way as cut by chunking 1, and every other filing as chunking 2", async () => {
    // 2 was current when the migration ran; later versions (3: cut sentences marked) replace them too.
    expect(await test.db.prisma.$queryRaw`SELECT source_key, chunking FROM filings ORDER BY source_key`).toEqual([
      { source_key: "3M_2022_10K", chunking: 2 },
      { source_key: "3M_2023Q2_10Q", chunking: 1 },
      { source_key: "3M_2023Q3_10Q", chunking: 2 },
      { source_key: "aapl-10-q-2025-08-01.html", chunking: 1 },
    ]);
    expect((await chunksOf("aapl-10-q-2025-08-01.html")).map((c) => c.section_code)).toEqual(["1", "1A", "2"]);
  });

  it("replaces them on the next ingest of their input with the 10-K codes, keeping unchanged chunks' vectors", async () => {
    const summary = await runIngest(test.db, "filings", [dir], silentProgress, { embedder: null });
    expect(summary).toMatchObject({ inserted: 2, unchanged: 0, rejected: 0 });
    const filings = await test.db.prisma.$queryRaw`
      SELECT source_key, chunking, sections_found FROM filings WHERE form = '10-Q' AND ingest_run_id IS NOT NULL
      ORDER BY source_key`;
    expect(filings).toEqual([
      { source_key: "3M_2023Q2_10Q", chunking: FILING_CHUNKING_VERSION, sections_found: ["8", "7", "3"] },
      { source_key: "aapl-10-q-2025-08-01.html", chunking: FILING_CHUNKING_VERSION, sections_found: ["8", "1A", "7"] },
    ]);
    const mmm = await chunksOf("3M_2023Q2_10Q");
    expect([...new Set(mmm.map((c) => c.section_code))]).toEqual(["front", "8", "7", "3"]);
    // Part II Item 1's table is legal accruals, no longer flagged as a statement.
    expect(mmm.filter((c) => c.is_table).map((c) => [c.section_code, c.is_statement])).toEqual([
      ["8", true],
      ["3", false],
    ]);
    expect((await chunksOf("aapl-10-q-2025-08-01.html")).map((c) => c.section_code)).toEqual(["8", "1A", "7"]);
    // Same text, same header: the vectors stay, so nothing waits to be embedded again.
    const models = [...mmm, ...(await chunksOf("aapl-10-q-2025-08-01.html"))].map((c) => c.model);
    expect(new Set(models)).toEqual(new Set(["old-model"]));
  });

  it("leaves them alone on a later ingest", async () => {
    const again = await runIngest(test.db, "filings", [dir], silentProgress, { embedder: null });
    expect(again).toMatchObject({ inserted: 0, unchanged: 2 });
    expect(await chunksOf("aapl-10-q-2025-08-01.html")).toHaveLength(3);
  });
});

describe.each(testBackends())("the start path's filings on $name", (backend) => {
  let test: TestDatabase;
  const dataFolder = mkdtempSync(path.join(tmpdir(), "fg-start-filings-"));
  mkdirSync(path.join(dataFolder, "sec_10k_10q_ixbrl_edgartools"));
  writeFileSync(path.join(dataFolder, "sec_10k_10q_ixbrl_edgartools", "filing_sections.jsonl"), EDGARTOOLS_LINE);

  beforeAll(async () => {
    installTestConfig({ FINGROUND_DATA_DIR: dataFolder });
    test = await backend.open();
    await prepareSchema(test.db);
  }, 60_000);
  afterAll(async () => {
    installTestConfig();
    await test?.dispose();
  });

  it("ingests an input once, and again while a filing it stored was cut by an older chunking", async () => {
    const input = "sec_10k_10q_ixbrl_edgartools/filing_sections.jsonl";
    expect(await loadStartFilings(test.db, silentProgress)).toEqual([input]);
    expect(await loadStartFilings(test.db, silentProgress)).toEqual([]);
    await test.db.prisma.$executeRaw`UPDATE filings SET chunking = chunking - 1`;
    expect(await loadStartFilings(test.db, silentProgress)).toEqual([input]);
    expect(await test.db.prisma.$queryRaw`SELECT chunking FROM filings`).toEqual([
      { chunking: FILING_CHUNKING_VERSION },
    ]);
    expect(await loadStartFilings(test.db, silentProgress)).toEqual([]);
  });
});
