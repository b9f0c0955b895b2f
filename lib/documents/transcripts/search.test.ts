// The transcript store and chunk search on real databases (PGlite, and PostgreSQL when DATABASE_URL is
// set) with the real sentence encoder, and `npm run ingest -- transcripts` through runIngest: a call
// stored once (the full call replacing the prepared remarks alone, never the reverse), keyword ranking
// while vectors are missing, filters by ticker, quarter, section and role, top k per quarter, and an
// analyst's question returned with the answer that followed it.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentProgress } from "@/lib/core/progress";
import { DEFAULT_RANKING } from "@/lib/documents/config";
import { useLiteEmbedder } from "@/lib/documents/embeddings";
import { prepareSchema } from "@/lib/ingest/prepare";
import { runIngest } from "@/lib/ingest/run";
import { type TestDatabase, testBackends } from "@/test/db";
import { searchTranscriptChunks, type TranscriptFilters, transcriptFiltersSchema } from "./search";
import { embedPendingTranscriptChunks, readCallChunks } from "./store";

const embedder = useLiteEmbedder();

// Calls written for the test (never text from the data folder), in both source shapes.
const KO_PREPARED = {
  id: "KO_q3_2021",
  ticker: "KO",
  fiscal_quarter: 3,
  fiscal_year: 2021,
  split: "test",
  transcript: "Organic revenue grew 14% in the quarter.\nWe are raising full-year guidance for earnings per share.",
  summary_bullets: ["raises full-year guidance."],
};
const KO_FULL = {
  id: "KO_q3_2021",
  ticker: "KO",
  fiscal_quarter: 3,
  fiscal_year: 2021,
  prepared_remarks: [
    { speaker: "Operator", speech: "Welcome to the third quarter call." },
    {
      speaker: "Jane Chief",
      speech: "Organic revenue grew 14%. We are raising full-year guidance for earnings per share.",
    },
  ],
  q_and_a: [
    { speaker: "Operator", speech: "Our first question comes from Sam Asker." },
    {
      speaker: "Sam Asker",
      speech: "Can you talk about pricing in Latin America and the commodity inflation outlook?",
    },
    {
      speaker: "Jane Chief",
      speech: "Pricing in Latin America stayed ahead of inflation, and we expect commodity costs to rise next year.",
    },
  ],
  participants: ["Jane Chief--Chairman and Chief Executive Officer", "Sam Asker--Big Bank -- Analyst"],
};
const KO_Q2 = {
  ...KO_PREPARED,
  id: "KO_q2_2021",
  fiscal_quarter: 2,
  transcript: "Unit case volume grew 18% as markets reopened.",
};
const PG_PREPARED = {
  ...KO_PREPARED,
  id: "PG_q1_2022",
  ticker: "PG",
  fiscal_year: 2022,
  fiscal_quarter: 1,
  transcript: "Organic sales grew 4%, and commodity inflation weighed on gross margin.",
};

describe.each(testBackends())("transcript store and search on $name", (backend) => {
  let test: TestDatabase;
  let dir: string;
  const file = (name: string, calls: unknown[]) => {
    const p = path.join(dir, name);
    writeFileSync(p, calls.map((c) => JSON.stringify(c)).join("\n"));
    return p;
  };
  const search = async (
    text: string,
    filters: Partial<TranscriptFilters>,
    options: { embed?: boolean; k?: number } = {},
  ) =>
    searchTranscriptChunks(test.db.prisma, {
      text,
      embedding: options.embed === false ? null : (await embedder.embed([text]))[0]!,
      filters: transcriptFiltersSchema.parse({ tickers: ["KO"], ...filters }),
      ranking: { ...DEFAULT_RANKING, k: options.k ?? 15 },
    });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "transcripts-"));
    test = await backend.open();
    await prepareSchema(test.db);
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it("ingests calls idempotently; the full call replaces the prepared remarks, never the reverse", async () => {
    const prepared = file("ectsum.jsonl", [KO_PREPARED, KO_Q2, PG_PREPARED, { ...KO_PREPARED, ticker: "ZZZZQ" }]);
    const first = await runIngest(test.db, "transcripts", [prepared], silentProgress, { embedder: null });
    expect(first).toMatchObject({ read: 4, inserted: 3, unchanged: 0, rejected: 1 });
    expect((await runIngest(test.db, "transcripts", [prepared], silentProgress, { embedder: null })).unchanged).toBe(3);

    const full = file("full.jsonl", [KO_FULL]);
    expect(await runIngest(test.db, "transcripts", [full], silentProgress, { embedder: null })).toMatchObject({
      inserted: 1,
    });
    expect(await runIngest(test.db, "transcripts", [prepared], silentProgress, { embedder: null })).toMatchObject({
      inserted: 0,
      unchanged: 3,
    });
    const chunks = await readCallChunks(test.db.prisma, { ticker: "KO", fiscalYear: 2021, fiscalQuarter: 3 });
    expect(chunks.map((c) => [c.section, c.role, c.exchange])).toEqual([
      ["prepared_remarks", "operator", null],
      ["prepared_remarks", "executive", null],
      ["qa", "operator", null],
      ["qa", "analyst", 1],
      ["qa", "executive", 1],
    ]);
  }, 60_000);

  it("ranks by keyword while vectors are missing, and says so", async () => {
    const hits = await search("guidance", { quarters: [{ fiscalYear: 2021, fiscalQuarter: 3 }] }, { embed: false });
    expect(hits.map((h) => h.speaker)).toEqual(["Jane Chief"]);
    expect(hits[0]).toMatchObject({ ranking: "keyword", similarity: null, companyName: "The Coca-Cola Company" });
  });

  it("filters by ticker, quarter, section and role, keeps k per quarter, and pairs questions with answers", async () => {
    expect(await embedPendingTranscriptChunks(test.db.prisma, embedder, silentProgress)).toBe(7);
    const analysts = await search("commodity inflation", { sections: ["qa"], roles: ["analyst"] });
    expect(analysts).toHaveLength(1);
    expect(analysts[0]).toMatchObject({
      speaker: "Sam Asker",
      speakerTitle: "Big Bank -- Analyst",
      exchangePart: "question",
      ranking: "hybrid",
      counterpart: { speaker: "Jane Chief", role: "executive" },
    });
    expect(analysts[0]!.counterpart!.text).toContain("Pricing in Latin America");
    const answer = await search("pricing Latin America", { sections: ["qa"], roles: ["executive"] });
    expect(answer[0]!.counterpart).toMatchObject({ speaker: "Sam Asker", role: "analyst" });

    const quarters = [
      { fiscalYear: 2021, fiscalQuarter: 3 },
      { fiscalYear: 2021, fiscalQuarter: 2 },
    ];
    const perQuarter = await search("volume and revenue growth", { quarters, roles: ["executive"] }, { k: 1 });
    expect(perQuarter.map((h) => [h.ticker, h.fiscalQuarter])).toEqual([
      ["KO", 3],
      ["KO", 2],
    ]);
    const both = await search("commodity inflation", { tickers: ["KO", "PG"] }, { k: 1 });
    expect(both.map((h) => h.ticker)).toEqual(["KO", "PG"]);
  }, 60_000);

  it("refuses more than 8 companies or 12 quarters", () => {
    const tickers = ["A", "B", "C", "D", "E", "F", "G", "H", "I"];
    expect(transcriptFiltersSchema.safeParse({ tickers }).success).toBe(false);
    const quarters = Array.from({ length: 13 }, (_, i) => ({ fiscalYear: 2010 + i, fiscalQuarter: 1 }));
    expect(transcriptFiltersSchema.safeParse({ tickers: ["KO"], quarters }).success).toBe(false);
  });
});
