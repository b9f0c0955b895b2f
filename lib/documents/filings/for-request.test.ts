// The filing retrieval of an answer on real databases (PGlite, and PostgreSQL when DATABASE_URL is
// set), from requests the built-in parser makes: one search per company, widened round by round until
// each finds something (sections dropped, then years), what stays missing reported, 8-Ks found by
// their date, a derived metric's inputs searched as tables, the limits, and the reranker seam.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseQuestion } from "@/lib/agent/parse-question";
import { readConfig } from "@/lib/core/config";
import { DEFAULT_RANKING, newsConfigFromEnv } from "@/lib/documents/config";
import {
  filingsForRequest,
  MAX_FILING_COMPANIES,
  planFilingSearches,
  type Reranker,
  searchRouted,
  type SectionRouting,
} from "@/lib/documents/filings/for-request";
import { heldFilingsOf, insertFiling } from "@/lib/documents/filings/store";
import type {
  FilingChunkHit,
  FilingChunkInput,
  FilingForm,
  FilingInput,
  FilingQuery,
} from "@/lib/documents/filings/types";
import { prepareSchema } from "@/lib/ingest/prepare";
import { filingSearchFor } from "@/lib/documents/filings/elasticsearch";
import { testBackends, type TestDatabase } from "@/test/db";

const ask = (question: string) => parseQuestion(question, { today: "2026-12-01" });

function chunk(sectionCode: string, text: string): FilingChunkInput {
  return {
    sectionCode,
    sectionTitle: `Item ${sectionCode}`,
    pageIndex: 0,
    charStart: 0,
    charEnd: text.length,
    isTable: sectionCode === "8",
    isFinancialStatement: sectionCode === "8",
    text,
    header: `Item ${sectionCode}`,
    summary: null,
  };
}

function filing(ticker: string, form: FilingForm, fiscalYear: number, periodEnd: string, chunks: FilingChunkInput[]) {
  return {
    ticker,
    companyName: `${ticker} Inc.`,
    form,
    fiscalYear,
    fiscalPeriod: "FY",
    periodEnd,
    filedDate: periodEnd,
    sourceUrl: `https://example.com/${ticker}-${form}-${periodEnd}`,
    sourceKey: `${ticker}_${form}_${periodEnd}`,
    source: "financebench",
    pages: ["the page"],
    pageCount: 1,
    sectionsFound: chunks.map((c) => c.sectionCode),
    chunking: 1,
    chunks,
  } satisfies FilingInput;
}

const FILINGS = [
  filing("NKE", "10-K", 2023, "2023-05-31", [
    chunk("1A", "Risks: we rely on contract factories abroad, and a disruption there could delay product deliveries."),
    chunk("8", "Total current assets 25,202 Total current liabilities 9,256"),
    chunk("7", "Gross margin fell: contract factories raised prices, a risk we flagged."),
  ]),
  // Microsoft has risks on file for 2022 only: a 2023 question finds them once the year is dropped.
  filing("MSFT", "10-K", 2022, "2022-06-30", [
    chunk("1A", "Risks: competition in cloud services and security threats."),
  ]),
  filing("AMZN", "8-K", 2023, "2023-02-02", [
    chunk("2.02", "Amazon announced fourth quarter results: net sales rose."),
  ]),
];

describe.each(testBackends())("filings for a request on $name", (backend) => {
  let test: TestDatabase;
  const retrieve = (question: string, reranker?: Reranker, sectionRouting?: SectionRouting) =>
    filingsForRequest({
      request: ask(question),
      search: filingSearchFor(test.db.prisma, newsConfigFromEnv(readConfig({}))),
      embed: async () => null,
      ranking: { ...DEFAULT_RANKING, mode: "keyword" },
      reranker,
      sectionRouting,
      held: (tickers) => heldFilingsOf(test.db.prisma, tickers),
    });

  beforeAll(async () => {
    test = await backend.open();
    await prepareSchema(test.db);
    for (const f of FILINGS) await insertFiling(test.db.prisma, f, null);
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it("searches each company of a comparison apart, widening until each finds its passages", async () => {
    const found = await retrieve("Compare the risks of Nike and Microsoft");
    expect(found?.searches.map((s) => [s.ticker, s.rounds, s.found > 0])).toEqual([
      ["NKE", 1, true],
      ["MSFT", 1, true],
    ]);
    const widened = await retrieve("Compare the risks of Nike and Microsoft in 2023");
    expect(widened?.searches.map((s) => [s.ticker, s.rounds, s.found > 0])).toEqual([
      ["NKE", 1, true],
      ["MSFT", 3, true],
    ]);
    expect(widened?.searches[1]?.filters).toMatchObject({ sections: [], fiscalYears: [] });
    expect(new Set(found?.hits.map((h) => h.ticker))).toEqual(new Set(["NKE", "MSFT"]));
    expect(found?.missing).toEqual([]);
    expect(found?.reranker).toBe("none");
    expect(found?.engine).toBe("postgres");
  });

  it("searches the 10-K a question names, or the nearest held under a notice: never another year silently", async () => {
    const held = await retrieve("What does Nike's FY2023 10-K say about risks?");
    expect(held?.notices).toEqual([]);
    expect(held?.hits.map((h) => [h.ticker, h.fiscalYear])).toContainEqual(["NKE", 2023]);

    const nearest = await retrieve("What does Microsoft's FY2023 10-K say about risks?");
    expect(nearest?.notices).toEqual([
      expect.objectContaining({
        ticker: "MSFT",
        asked: { form: "10-K", fiscalYear: 2023, fiscalQuarter: null },
        nearest: { form: "10-K", fiscalYear: 2022, fiscalQuarter: null },
      }),
    ]);
    expect(nearest?.hits.length).toBeGreaterThan(0);
    expect(nearest?.hits.every((h) => h.ticker === "MSFT" && h.fiscalYear === 2022)).toBe(true);
  });

  it("reports a company with no filing as missing, after every widening", async () => {
    const found = await retrieve("What are Nike's and Apple's biggest risks?");
    expect(found?.searches.find((s) => s.ticker === "AAPL")).toMatchObject({ rounds: 2, found: 0 });
    expect(found?.missing).toEqual(["AAPL: the question, Item 1A"]);
    expect(found?.hits.every((h) => h.ticker === "NKE")).toBe(true);
  });

  it("finds an earnings release by its date", async () => {
    const found = await retrieve("What did Amazon's earnings release on 2023-02-02 say?");
    expect(found?.searches[0]?.filters).toMatchObject({
      forms: ["8-K", "earnings"],
      sections: ["2.02"],
      periodEndFrom: "2023-01-26",
      periodEndTo: "2023-02-09",
    });
    expect(found?.hits.map((h) => [h.ticker, h.form, h.sectionCode, h.periodEnd])).toEqual([
      ["AMZN", "8-K", "2.02", "2023-02-02"],
    ]);
  });

  it("searches a derived metric's inputs as tables of Item 8", async () => {
    const request = ask("Why did Nike's current ratio change in fiscal 2023?");
    const { subQuestions } = planFilingSearches(request);
    expect(subQuestions.map((s) => [s.purpose, s.filters.sections])).toEqual([
      ["the question", ["7"]],
      ["input: Current Assets", ["8"]],
      ["input: Current Liabilities", ["8"]],
    ]);
    const found = await retrieve("Why did Nike's current ratio change in fiscal 2023?");
    expect(found?.hits.some((h) => h.isTable && h.sectionCode === "8")).toBe(true);
  });

  it("ranks the routed section first as a bonus, keeping the other sections' matches, or only it as a filter", async () => {
    const question = "What are the biggest risks Nike faces in fiscal 2023?";
    expect(planFilingSearches(ask(question)).subQuestions[0]?.filters.sections).toEqual(["1A"]);
    const boosted = await retrieve(question);
    expect(boosted?.hits.map((h) => h.sectionCode)).toEqual(["1A", "7"]);
    const filtered = await retrieve(question, undefined, "filter");
    expect(filtered?.hits.map((h) => h.sectionCode)).toEqual(["1A"]);
  });

  it("passes the merged hits through the reranker", async () => {
    const reverse: Reranker = { name: "reverse", rerank: async (_q, hits) => [...hits].reverse() };
    const plain = await retrieve("Compare the risks of Nike and Microsoft");
    const reranked = await retrieve("Compare the risks of Nike and Microsoft", reverse);
    expect(reranked?.hits.map((h) => h.chunkId)).toEqual(plain?.hits.map((h) => h.chunkId).reverse());
    expect(reranked?.reranker).toBe("reverse");
  });
});

describe("a search with its sections as a bonus", () => {
  const hit = (chunkId: string, sectionCode: string, score: number) =>
    ({ chunkId, sectionCode, score }) as FilingChunkHit;
  it("searches without the sections, k × 3 deep, and adds the bonus to the routed sections' chunks", async () => {
    const asked: FilingQuery[] = [];
    const search = async (query: FilingQuery) => {
      asked.push(query);
      return {
        engine: "postgres",
        hits: [hit("a", "7", 0.5), hit("b", "1A", 0.45), hit("c", "7", 0.3), hit("d", "1A", 0.1)],
      };
    };
    const query: FilingQuery = {
      text: "risks",
      embedding: null,
      filters: {
        tickers: ["NKE"],
        forms: [],
        fiscalYears: [2023],
        fiscalPeriods: [],
        sections: ["1A"],
        periodEndFrom: null,
        periodEndTo: null,
      },
      ranking: { ...DEFAULT_RANKING, k: 3 },
    };
    const found = await searchRouted(search, query, "boost");
    expect(asked[0]?.filters.sections).toEqual([]);
    expect(asked[0]?.ranking.k).toBe(9);
    expect(found.hits.map((h) => [h.chunkId, Number(h.score.toFixed(2))])).toEqual([
      ["b", 0.55],
      ["a", 0.5],
      ["c", 0.3],
    ]);
    expect((await searchRouted(search, query, "filter")).hits).toHaveLength(4);
    expect(asked[1]).toBe(query);
  });
});

describe("the filing search plan", () => {
  it("searches at most 8 companies and says which were left out", () => {
    const { subQuestions, skipped } = planFilingSearches(
      ask("Compare the risks of Apple, Microsoft, Nvidia, Amazon, Meta, Tesla, Nike, Intel, Pfizer and Boeing"),
    );
    expect(new Set(subQuestions.map((s) => s.ticker)).size).toBe(MAX_FILING_COMPANIES);
    expect(skipped).toEqual(["PFE", "BA"]);
  });

  it("plans nothing for a question the filings are not asked", () => {
    expect(planFilingSearches(ask("Apple revenue 2023")).subQuestions).toEqual([]);
  });
});
