// The filings store and chunk search on real databases (PGlite, and PostgreSQL when DATABASE_URL is
// set) with the real sentence encoder: a filing stored once with its chunks, filters, keyword ranking
// while vectors are missing (and the hit saying so), hybrid ranking once embedded, both search plans,
// and reading a page back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareSchema } from "@/lib/ingest/prepare";
import { testBackends, type TestDatabase } from "@/test/db";
import { silentProgress } from "@/lib/core/progress";
import { DEFAULT_RANKING } from "@/lib/documents/config";
import { useLiteEmbedder } from "@/lib/documents/embeddings";
import { embedPendingFilingChunks, insertFiling, readFilingPage } from "@/lib/documents/filings/store";
import { searchFilingChunks } from "@/lib/documents/filings/search";
import { filingFiltersSchema, type FilingChunkInput, type FilingInput } from "@/lib/documents/filings/types";

const embedder = useLiteEmbedder();

function chunk(sectionCode: string, pageIndex: number, text: string, over: Partial<FilingChunkInput> = {}) {
  return {
    sectionCode,
    sectionTitle: `Item ${sectionCode}`,
    pageIndex,
    charStart: 0,
    charEnd: text.length,
    isTable: false,
    isFinancialStatement: false,
    text,
    header: `Example ${sectionCode}`,
    summary: null,
    ...over,
  };
}

function filing(ticker: string, fiscalYear: number, chunks: FilingChunkInput[]): FilingInput {
  return {
    ticker,
    companyName: `${ticker} Inc.`,
    form: "10-K",
    fiscalYear,
    fiscalPeriod: "FY",
    periodEnd: `${fiscalYear}-12-31`,
    filedDate: null,
    sourceUrl: `https://example.com/${ticker}-${fiscalYear}`,
    sourceKey: `${ticker}_${fiscalYear}_10K`,
    source: "financebench",
    pages: ["cover page", "risk page", "statements page"],
    pageCount: 3,
    sectionsFound: ["1A", "8"],
    chunking: 1,
    chunks,
  };
}

const MMM_2022 = filing("MMM", 2022, [
  chunk("1A", 1, "Litigation over earplugs and PFAS chemicals could hurt results.", {
    header: "3M 10-K 2022 Risk Factors",
  }),
  chunk("8", 2, "Net sales 34,229 32,184\nCost of sales 19,232 16,605", {
    isTable: true,
    isFinancialStatement: true,
    header: "3M 10-K 2022 Financial Statements: Consolidated Statement of Income",
  }),
]);
const MMM_2021 = filing("MMM", 2021, [chunk("1A", 1, "Supply chain disruptions and raw material inflation.")]);
const AAPL_2022 = filing("AAPL", 2022, [chunk("1A", 1, "Smartphone competition and litigation risk in many markets.")]);

describe.each(testBackends())("filings store and chunk search on $name", (backend) => {
  let test: TestDatabase;
  const search = async (
    text: string,
    filters: Parameters<typeof filingFiltersSchema.parse>[0],
    options: { embed?: boolean; exactScanLimit?: number; mode?: "hybrid" | "vector" | "keyword" } = {},
  ) =>
    searchFilingChunks(
      test.db.prisma,
      {
        text,
        embedding: options.embed === false ? null : (await embedder.embed([text]))[0]!,
        filters: filingFiltersSchema.parse(filters),
        ranking: { ...DEFAULT_RANKING, mode: options.mode ?? "hybrid" },
      },
      { exactScanLimit: options.exactScanLimit },
    );

  beforeAll(async () => {
    test = await backend.open();
    await prepareSchema(test.db);
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it("stores a filing once with its chunks", async () => {
    for (const f of [MMM_2022, MMM_2021, AAPL_2022]) expect(await insertFiling(test.db.prisma, f, null)).not.toBeNull();
    expect(await insertFiling(test.db.prisma, MMM_2022, null)).toBeNull();
    const [{ n }] = await test.db.prisma.$queryRaw<[{ n: number }]>`SELECT count(*)::int AS n FROM filing_chunks`;
    expect(n).toBe(4);
  });

  it("ranks by keyword while vectors are missing, and says so", async () => {
    const hits = await search("litigation", {}, { embed: true });
    expect(hits.map((h) => h.ticker).sort()).toEqual(["AAPL", "MMM"]);
    expect(hits.every((h) => h.ranking === "keyword" && h.similarity === null)).toBe(true);
    const noVector = await search("litigation", { tickers: ["MMM"] }, { embed: false });
    expect(noVector).toHaveLength(1);
    expect(noVector[0]).toMatchObject({ ticker: "MMM", fiscalYear: 2022, sectionCode: "1A", page: 2, pageIndex: 1 });
  });

  it("filters by ticker, form, year, section and period end, and ranks hybrid once embedded", async () => {
    expect(await embedPendingFilingChunks(test.db.prisma, embedder, silentProgress)).toBe(4);
    expect(await embedPendingFilingChunks(test.db.prisma, embedder, silentProgress)).toBe(0);
    const statements = await search("net sales cost of sales", { tickers: ["MMM"], sections: ["8"] });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({
      isTable: true,
      isFinancialStatement: true,
      ranking: "hybrid",
      companyName: "MMM Inc.",
      fiscalPeriod: "FY",
      periodEnd: "2022-12-31",
      sourceUrl: "https://example.com/MMM-2022",
    });
    expect(statements[0]!.score).toBeCloseTo(0.7 * statements[0]!.similarity! + 0.3 * statements[0]!.keywordScore, 6);
    const years = await search("risks", { tickers: ["MMM"], fiscalYears: [2021] }, { mode: "vector" });
    expect(years.map((h) => h.fiscalYear)).toEqual([2021]);
    const range = await search("risks", { periodEndFrom: "2022-01-01", periodEndTo: "2022-12-31", forms: ["10-K"] });
    expect(new Set(range.map((h) => h.fiscalYear))).toEqual(new Set([2022]));
    expect(await search("risks", { forms: ["10-Q"] })).toEqual([]);
  }, 60_000);

  it("returns the same hits through the indexes as by the exact scan", async () => {
    const exact = await search("litigation risk", {});
    const indexed = await search("litigation risk", {}, { exactScanLimit: 1 });
    expect(indexed.map((h) => h.chunkId)).toEqual(exact.map((h) => h.chunkId));
  });

  it("reads one page of a filing by id and 0-based index", async () => {
    const [hit] = await search("earplugs", { tickers: ["MMM"] }, { embed: false });
    const page = await readFilingPage(test.db.prisma, hit!.filingId, hit!.pageIndex);
    expect(page).toMatchObject({ text: "risk page", pageCount: 3, ticker: "MMM", fiscalYear: 2022 });
    expect(await readFilingPage(test.db.prisma, hit!.filingId, 3)).toBeNull();
    expect(await readFilingPage(test.db.prisma, "999999", 0)).toBeNull();
  });
});
