// `ingest facts` with the LLM fallback, against the fake OpenAI-compatible server on real databases
// (PGlite, and PostgreSQL when DATABASE_URL is set): a table the reader cannot read is asked once, its
// checked triplets stored as LLM-read facts with page and line; a hallucinated number is dropped and
// counted; an answer that is no JSON is counted without a crash; an endpoint that is down stops the
// asking with a clear message and loses nothing. The filing text is written for the test, figures invented.
import { storeFilingCompany } from "@/test/filing-tables";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rulesAgent } from "@/lib/agent/rules-agent";
import { writeAnalysis } from "@/lib/answer/analysis";
import { buildContext } from "@/lib/context/build-context";
import type { Progress } from "@/lib/core/progress";
import { buildSlice } from "@/lib/data/build-slice";
import { prepareSchema } from "@/lib/ingest/prepare";
import { runIngest } from "@/lib/ingest/run";
import { createLlmModel } from "@/lib/llm/llm";
import { testBackends, type TestDatabase } from "@/test/db";
import { FakeOpenAIServer } from "@/test/fake-openai-server";
import type { LlmFactsSettings } from "./facts-llm";

const INCOME_STATEMENT = [
  "Consolidated Statements of Income",
  "Years Ended (In Millions, Except Per Share Amounts)   Dec 26, 2020   Dec 28, 2019",
  "Net revenue   $   1,200   $   1,000",
  "Net income   $   240   $   200",
].join("\n");

// A change column beside the two years on every row: the reader reads none of it.
const PRODUCT_LINES = [
  "Revenue by product line",
  "(In Millions)   2020   2019",
  "Data center   $   450   $   400   13 %",
  "Client computing   600   550   9 %",
].join("\n");

const triplet = (label: string, year: number, value: string, line: number) => ({
  subject: `${label}:INTC`,
  relation: `HAS_VALUE_IN_FY${year}`,
  object: { value, unit: "USD" },
  attributes: { label, column_header: String(year), period_end: `${year}-12-31`, period: "FY", is_instant: false },
  provenance: { line },
});

const ANSWER = JSON.stringify({
  triplets: [
    triplet("Data center", 2020, "450", 3),
    triplet("Client computing", 2019, "550", 4),
    // Not printed anywhere in the table: a hallucination.
    triplet("Data center", 2019, "410", 3),
    // A relation the period end does not fall in.
    { ...triplet("Client computing", 2020, "600", 4), relation: "HAS_VALUE_IN_FY2021" },
  ],
});

function writeInputs(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fg-facts-llm-"));
  const financebench = path.join(dir, "financebench");
  mkdirSync(path.join(financebench, "docs_text"), { recursive: true });
  writeFileSync(
    path.join(financebench, "financebench_document_information.jsonl"),
    JSON.stringify({ doc_name: "INTEL_2020_10K", company: "Intel", doc_type: "10k", doc_period: 2020 }),
  );
  const pages = [
    "FORM 10-K\nFor the fiscal year ended December 26, 2020\nINTEL CORPORATION",
    INCOME_STATEMENT,
    PRODUCT_LINES,
  ];
  writeFileSync(
    path.join(financebench, "docs_text", "INTEL_2020_10K.json"),
    JSON.stringify({ doc_name: "INTEL_2020_10K", num_pages: 3, pages }),
  );
  return dir;
}

function recordingProgress(): Progress & { logs: string[] } {
  const logs: string[] = [];
  return { logs, start() {}, advance() {}, finish() {}, log: (message) => void logs.push(message) };
}

describe.each(testBackends())("ingest facts --llm on $name", (backend) => {
  let test: TestDatabase;
  const server = new FakeOpenAIServer({ mode: "json", text: ANSWER });
  const settings = async (baseURL: string): Promise<LlmFactsSettings> => ({
    model: await createLlmModel({ baseURL, model: "fake-model", timeoutMs: 5000 }),
    modelName: "fake-model",
    baseURL,
    timeoutMs: 5000,
  });
  const facts = async (baseURL = server.baseURL, limits: Partial<LlmFactsSettings> = {}) => {
    const progress = recordingProgress();
    const summary = await runIngest(test.db, "facts", [], progress, {
      embedder: null,
      llmFacts: { ...(await settings(baseURL)), ...limits },
    });
    return { summary, logs: progress.logs };
  };
  const count = async (sql: "parser" | "llm" | "marks") => {
    const [{ n }] =
      sql === "marks"
        ? await test.db.prisma.$queryRaw<[{ n: number }]>`SELECT count(*)::int AS n FROM filing_llm_tables`
        : await test.db.prisma.$queryRaw<[{ n: number }]>`
            SELECT count(*)::int AS n FROM filing_facts WHERE source = ${sql}`;
    return n;
  };

  beforeAll(async () => {
    await server.start();
    test = await backend.open();
    await prepareSchema(test.db);
    await storeFilingCompany(test.db.prisma, { ticker: "INTC", name: "Intel Corporation", fiscalYearEndMonth: 12 });
    await runIngest(test.db, "filings", [writeInputs()], recordingProgress(), { embedder: null });
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    await test?.dispose();
  });

  it("asks no more tables of a filing than its limit, and says more remain", async () => {
    const asked = server.requests.length;
    const { logs } = await facts(server.baseURL, { maxTablesPerFiling: 0 });
    expect(server.requests.length).toBe(asked);
    expect(logs.at(-1)).toMatch(/0 of 0 unread tables asked \(limit reached: more next run\)/);
  });

  it("stops with a clear message when the endpoint is down, keeping the parsed facts and the table for later", async () => {
    const down = new FakeOpenAIServer();
    const { baseURL } = await down.start();
    await down.stop();
    const { summary } = await facts(baseURL);
    expect(summary.problems).toEqual([
      {
        where: "facts --llm",
        reason: expect.stringMatching(
          new RegExp(`LLM endpoint ${baseURL} cannot be reached \\(ECONNREFUSED\\): stopped asking, 1 tables left`),
        ),
      },
    ]);
    expect(await count("parser")).toBe(4);
    expect([await count("llm"), await count("marks")]).toEqual([0, 0]);
  });

  it("leaves the table for the next run when the endpoint answers an HTTP error", async () => {
    server.setMode("error");
    const { summary, logs } = await facts();
    expect(summary.problems).toEqual([]);
    expect(logs.at(-1)).toMatch(
      /1 of 1 unread tables asked; .* 1 tables left for the next run; first problem: .*page 3/,
    );
    expect(await count("marks")).toBe(0);
  });

  it("counts an answer that is no JSON, without a crash, and does not ask that table again", async () => {
    server.setMode("json", "Here are the triplets: {triplets: [");
    const { summary, logs } = await facts();
    expect(summary.problems).toEqual([]);
    expect(logs.at(-1)).toMatch(/1 of 1 unread tables asked; .* answers not valid JSON 1; 0 tables left/);
    expect([await count("llm"), await count("marks")]).toEqual([0, 1]);
    // The mark is what makes the next run skip it; cleared here so the same table can be read below.
    await test.db.prisma.$executeRaw`DELETE FROM filing_llm_tables`;
  });

  it("stores the checked triplets of the unread table as LLM-read facts, the hallucinated number dropped and counted", async () => {
    server.setMode("json", ANSWER);
    const asked = server.requests.length;
    const { logs } = await facts();
    expect(server.requests.length).toBe(asked + 1);
    expect(logs.at(-1)).toMatch(
      /triplets returned 4 \/ kept 2 \/ dropped \(number not in source\) 1 \/ dropped \(invalid\) 1; answers not valid JSON 0; 0 tables left/,
    );
    const stored = await test.db.prisma.$queryRaw<
      { label: string; relation: string; value: string; page_index: number; line: number; metric_key: string | null }[]
    >`
      SELECT label, relation, value::text AS value, page_index, line, metric_key FROM filing_facts
      WHERE source = 'llm' ORDER BY line`;
    expect(stored).toEqual([
      {
        label: "Data center",
        relation: "HAS_VALUE_IN_FY2020",
        value: "450000000.0000000000",
        page_index: 2,
        line: 2,
        metric_key: null,
      },
      {
        label: "Client computing",
        relation: "HAS_VALUE_IN_FY2019",
        value: "550000000.0000000000",
        page_index: 2,
        line: 3,
        metric_key: null,
      },
    ]);
    const [mark] = await test.db.prisma.$queryRaw<Record<string, unknown>[]>`
      SELECT page_index, line, model, outcome, returned, kept, dropped_not_in_source, dropped_invalid FROM filing_llm_tables`;
    expect(mark).toEqual({
      page_index: 2,
      line: 0,
      model: "fake-model",
      outcome: "read",
      returned: 4,
      kept: 2,
      dropped_not_in_source: 1,
      dropped_invalid: 1,
    });
    // The prompt: worked examples, then the table with its numbered lines.
    const body = server.requests.at(-1)!.body as {
      messages: { role: string; content: unknown }[];
      max_tokens?: number;
    };
    expect(JSON.stringify(body.messages.at(-1)!.content)).toContain("3| Data center   $   450   $   400   13 %");
    expect(body.messages.map((m) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "user",
      "assistant",
      "user",
      "assistant",
      "user",
    ]);
    expect(body.max_tokens).toBe(4000);
  });

  it("quotes an LLM-read line in answers as read by an LLM, with its filing, page and row", async () => {
    const request = await rulesAgent.parse("How much client computing did Intel have in fiscal 2019?", {
      today: "2026-11-30",
    });
    const slice = await buildSlice(test.db.prisma, request);
    expect(slice.filingLines).toEqual([
      expect.objectContaining({
        label: "Client computing",
        value: "550000000.0000000000",
        page: 3,
        line: 3,
        readBy: "llm",
      }),
    ]);
    expect(writeAnalysis(slice)).toMatch(/Client computing.*read by an LLM from a table the parser could not read/);
    expect(buildContext(slice).prompt).toMatch(
      /INTC FY2019 Client computing: 550000000.0000000000 USD .*read by an LLM/,
    );
  });

  it("asks nothing on a rerun, and writes nothing twice", async () => {
    const asked = server.requests.length;
    const { logs } = await facts();
    expect(server.requests.length).toBe(asked);
    expect(logs.at(-1)).toMatch(/0 of 0 unread tables asked/);
    expect([await count("parser"), await count("llm"), await count("marks")]).toEqual([4, 2, 1]);
  });
});
