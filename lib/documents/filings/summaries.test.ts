// Contextual summaries against the fake OpenAI-compatible server on real databases: every chunk without
// a summary gets one and is set to be embedded again with it, a rerun asks nothing, failed answers
// (HTTP errors, answers too short to be a summary) leave the chunks for the next run, and the summary is
// searchable and joins the embedded header.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { silentProgress } from "@/lib/core/progress";
import { DEFAULT_RANKING } from "@/lib/documents/config";
import { pendingRows } from "@/lib/documents/embed-pending";
import { EMBEDDING_DIMENSIONS } from "@/lib/documents/embeddings";
import { searchFilingChunks } from "@/lib/documents/filings/search";
import { embedPendingFilingChunks, insertFiling } from "@/lib/documents/filings/store";
import { summarizeFilingChunks } from "@/lib/documents/filings/summaries";
import { filingFiltersSchema } from "@/lib/documents/filings/types";
import { prepareSchema } from "@/lib/ingest/prepare";
import { createLlmModel } from "@/lib/llm/llm";
import { testBackends, type TestDatabase } from "@/test/db";
import { FakeOpenAIServer } from "@/test/fake-openai-server";

const SUMMARY =
  "From 3M's fiscal 2022 10-K risk factors: the company describes the product liability lawsuits over " +
  "Combat Arms earplugs sold to the military, the bankruptcy of its Aearo subsidiary and the reserves it " +
  "recorded, and warns that the outcome of the multidistrict litigation could be material.";

const unitVector = Array.from({ length: EMBEDDING_DIMENSIONS }, (_, i) => (i === 0 ? 1 : 0));

const chunk = (charStart: number, text: string) => ({
  sectionCode: "1A",
  sectionTitle: "Item 1A. Risk Factors",
  pageIndex: 0,
  charStart,
  charEnd: charStart + text.length,
  isTable: false,
  isFinancialStatement: false,
  text,
  header: "3M Company 10-K FY2022 — Item 1A. Risk Factors",
  summary: null,
});

describe.each(testBackends())("contextual summaries on $name", (backend) => {
  let test: TestDatabase;
  const server = new FakeOpenAIServer({ mode: "ok", text: SUMMARY });
  const summaries = async () =>
    (
      await test.db.prisma.$queryRaw<{ summary: string | null; embedding_model: string | null }[]>`
        SELECT summary, embedding_model FROM filing_chunks ORDER BY id`
    ).map((r) => [r.summary, r.embedding_model]);
  const summarize = async () =>
    summarizeFilingChunks(
      test.db.prisma,
      await createLlmModel({ baseURL: server.baseURL, model: "fake-model", timeoutMs: 5000 }),
      silentProgress,
      { timeoutMs: 5000, concurrency: 2 },
    );

  beforeAll(async () => {
    await server.start();
    test = await backend.open();
    await prepareSchema(test.db);
    await insertFiling(
      test.db.prisma,
      {
        ticker: "MMM",
        companyName: "3M Company",
        form: "10-K",
        fiscalYear: 2022,
        fiscalPeriod: "FY",
        periodEnd: "2022-12-31",
        filedDate: null,
        sourceUrl: null,
        sourceKey: "3M_2022_10K",
        source: "financebench",
        pages: ["p"],
        pageCount: 1,
        sectionsFound: ["1A"],
        chunking: 1,
        chunks: [chunk(0, "We face lawsuits over products we sold."), chunk(50, "Reserves may not be enough.")],
      },
      null,
    );
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    await test?.dispose();
  });
  beforeEach(async () => {
    await embedPendingFilingChunks(
      test.db.prisma,
      { model: "fixed", embed: async (t) => t.map(() => unitVector) },
      silentProgress,
    );
    await test.db.prisma.$executeRaw`UPDATE filing_chunks SET summary = NULL`;
    server.requests.length = 0;
  });

  it("leaves every chunk for the next run when the endpoint fails or answers no summary", async () => {
    server.setMode("error");
    const failed = await summarize();
    expect(failed).toMatchObject({ summarized: 0, failed: 2 });
    server.setMode("ok", "OK.");
    const short = await summarize();
    expect(short).toMatchObject({ summarized: 0, failed: 2 });
    expect(short.firstFailure).toMatch(/not a 50–100 word summary/);
    expect(await summaries()).toEqual([
      [null, "fixed"],
      [null, "fixed"],
    ]);
  });

  it("summarizes every chunk once, sets it to be embedded again with the summary, and indexes it", async () => {
    server.setMode("ok", SUMMARY);
    expect(await summarize()).toEqual({ summarized: 2, failed: 0, firstFailure: null });
    expect(server.requests).toHaveLength(2);
    expect(JSON.stringify(server.requests[0]!.body)).toContain("We face lawsuits over products we sold.");
    expect(await summaries()).toEqual([
      [SUMMARY, null],
      [SUMMARY, null],
    ]);
    // Resumable: nothing is left to ask.
    expect(await summarize()).toEqual({ summarized: 0, failed: 0, firstFailure: null });
    expect(server.requests).toHaveLength(2);
    // The embedded text is the header with the summary joined to it, then the chunk's text.
    const [next] = await pendingRows(test.db.prisma, "filing_chunks").next("fixed", 1);
    expect(next!.text).toBe(
      `3M Company 10-K FY2022 — Item 1A. Risk Factors — ${SUMMARY}\nWe face lawsuits over products we sold.`,
    );
    // "earplugs" is in the summary only.
    const hits = await searchFilingChunks(test.db.prisma, {
      text: "earplugs",
      embedding: null,
      filters: filingFiltersSchema.parse({ tickers: ["MMM"] }),
      ranking: { ...DEFAULT_RANKING, mode: "keyword" },
    });
    expect(hits).toHaveLength(2);
  });
});
