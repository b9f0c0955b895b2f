// Computations over a retrieved filing table, through the whole pipeline on real databases (the seed,
// a 10-K written here with invented figures and ingested through `runIngest("filings")`): the engine
// (lib/reasoning) answers "the change in …", "what share of …", "in which year … largest" over the table
// chunk, the answer shows the program, the value with its scale and every input with its [F#], page,
// row and column; a question the engine cannot decide falls back to quoting; with an LLM configured the
// program's result is in its prompt as a computed fact.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createUIMessageStream, readUIMessageStream } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rulesAgent } from "@/lib/agent/rules-agent";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import { readConfig } from "@/lib/core/config";
import { silentProgress } from "@/lib/core/progress";
import type { Database } from "@/lib/db/client";
import { newsConfigFromEnv } from "@/lib/documents/config";
import { useLiteEmbedder } from "@/lib/documents/embeddings";
import type { LlmConfig } from "@/lib/llm/llm";
import { runIngest } from "@/lib/ingest/run";
import { sliceDatabase } from "@/test/data";
import { testBackends } from "@/test/db";
import { FakeOpenAIServer } from "@/test/fake-openai-server";
import { answerQuestion } from "./answer-question";

const CONTRACTS_TEXT =
  "Our customers buy under fixed-price and cost-plus contracts. Deferred revenue is recognized as we deliver.";

const CONTRACTS_TABLE = [
  "Revenue by contract type",
  "(In millions)                      2019        2018        2017",
  "Fixed-price contracts          $   3,150   $   2,900   $   2,700",
  "Cost-plus contracts                1,050       1,100       1,000",
  "Total sales                    $   4,200   $   4,000   $   3,700",
  "Deferred revenue                     452         380         310",
  "Impairment charges                    35          60          20",
].join("\n");

/** A FinanceBench-style 10-K: a cover page and a page of text with the table under it. */
function writeFiling(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fg-table-chat-"));
  const financebench = path.join(dir, "financebench");
  mkdirSync(path.join(financebench, "docs_text"), { recursive: true });
  writeFileSync(
    path.join(financebench, "financebench_document_information.jsonl"),
    JSON.stringify({ doc_name: "NIKE_2019_10K", company: "Nike", doc_type: "10k", doc_period: 2019 }),
  );
  const pages = [
    "FORM 10-K\nFor the fiscal year ended May 31, 2019\nNIKE, Inc.",
    `Item 7. Management's Discussion and Analysis\n\n${CONTRACTS_TEXT}\n\n${CONTRACTS_TABLE}\n`,
  ];
  writeFileSync(
    path.join(financebench, "docs_text", "NIKE_2019_10K.json"),
    JSON.stringify({ doc_name: "NIKE_2019_10K", num_pages: pages.length, pages }),
  );
  return dir;
}

async function addFiling(db: Database): Promise<void> {
  const summary = await runIngest(db, "filings", [writeFiling()], silentProgress, { embedder: null });
  expect(summary).toMatchObject({ inserted: 1, rejected: 0 });
}

async function ask(prisma: Parameters<typeof answerQuestion>[0]["prisma"], question: string, llm: LlmConfig | null) {
  const stream = createUIMessageStream<FinGroundUIMessage>({
    execute: async ({ writer }) => {
      await answerQuestion({
        prisma,
        agent: rulesAgent,
        question,
        today: "2026-12-01",
        llm,
        writer,
        news: { config: newsConfigFromEnv(readConfig({})), embedder: useLiteEmbedder() },
      });
    },
  });
  let message: FinGroundUIMessage | undefined;
  for await (const m of readUIMessageStream<FinGroundUIMessage>({ stream })) message = m;
  const parts = message!.parts;
  const text = parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");
  return {
    // The analyst escapes Markdown in filing text; the assertions read it as shown.
    text: text.replace(/\\(.)/g, "$1"),
    filings: parts.find((p) => p.type === "data-filings")?.data,
    prompt: parts.find((p) => p.type === "data-prompt")!.data.prompt,
  };
}

describe.each(testBackends())("computations over a filing table on $name", (backend) => {
  const { prisma } = sliceDatabase(backend, addFiling);

  it.each([
    {
      question: "What was the change in deferred revenue between 2018 and 2019 in Nike's 10-K?",
      result: "**72 million** (difference: 452 − 380)",
      inputs: ['- 452: row "Deferred revenue", column "2019"', '- 380: row "Deferred revenue", column "2018"'],
    },
    {
      question: "What share of Nike's total sales came from fixed-price contracts in 2019, according to its 10-K?",
      result: "**75%** (ratio: 3,150 / 4,200 × 100)",
      inputs: ['- 3,150: row "Fixed-price contracts", column "2019"', '- 4,200: row "Total sales", column "2019"'],
    },
    {
      question: "In which year were Nike's impairment charges the largest, according to its filings?",
      result: "**2018** (compare: the largest of 35, 60, 20)",
      inputs: [
        '- 35: row "Impairment charges", column "2019"',
        '- 60: row "Impairment charges", column "2018"',
        '- 20: row "Impairment charges", column "2017"',
      ],
    },
  ])(
    "answers $question with the program and its cited inputs",
    async ({ question, result, inputs }) => {
      const { text, filings } = await ask(prisma(), question, null);
      const tableHit = filings!.hits.findIndex((hit) => hit.isTable);
      expect(tableHit).toBeGreaterThanOrEqual(0);
      const label = `F${tableHit + 1}`;
      const page = filings!.hits[tableHit]!.page;
      expect(page).toBe(2);
      expect(text).toContain(`Computed from the table in NIKE, Inc. (NKE), 10-K FY2019`);
      expect(text).toContain(result);
      for (const input of inputs) expect(text).toContain(`${input}, page ${page} [${label}]`);
    },
    60_000,
  );

  it("falls back to quoting the filing when the engine cannot decide", async () => {
    const { text, filings } = await ask(
      prisma(),
      "What was the change in goodwill between 2018 and 2019 in Nike's 10-K?",
      null,
    );
    expect(filings!.hits.some((hit) => hit.isTable)).toBe(true);
    expect(text).not.toContain("Computed from the table");
    expect(text).toContain("What the filings say (quoted as filed");
    expect(text).toMatch(
      /Our customers buy under fixed-price and cost-plus contracts\." \[F\d\] \(NIKE, Inc\. \(NKE\), 10-K FY2019, Item 7/,
    );
  }, 60_000);

  describe("with an LLM configured", () => {
    // The fake model's program is no JSON: the rules propose it, and the prompt carries the result.
    const server = new FakeOpenAIServer({ mode: "ok", chunkDelayMs: 0 });
    beforeAll(() => server.start());
    afterAll(() => server.stop());

    it("gets the program's result in the prompt as a computed fact", async () => {
      const llm = { baseURL: server.baseURL, model: "fake-model", timeoutMs: 10_000 };
      const { prompt } = await ask(
        prisma(),
        "What was the change in deferred revenue between 2018 and 2019 in Nike's 10-K?",
        llm,
      );
      expect(prompt).toMatch(/^Computed from a filing table \(\[F\d\], NIKE, Inc\. \(NKE\), 10-K FY2019/m);
      expect(prompt).toContain("Result: 72 million\nProgram: difference = 452 − 380\nInputs:");
      expect(prompt).toMatch(/^- 452: row "Deferred revenue", column "2019", page 2 \[F\d\]$/m);
      // The model was asked for the program first (structured output), then for the answer.
      const bodies = server.requests.map((r) => JSON.stringify(r.body));
      expect(bodies.some((b) => b.includes("table_program"))).toBe(true);
      expect(bodies.some((b) => b.includes("Result: 72 million"))).toBe(true);
    }, 60_000);
  });
});
