// The FinBloom evaluation's fixed parts (eval/finbloom): the question file's schema and hand-checked
// answers, the scoring rule (exact within the rounding an answer states), and the chunk-RAG reader,
// by the rules and with a model proposing the program (the fake OpenAI-compatible server). With the
// data folder, every printed input is checked against its page and row.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Decimal } from "@/lib/core/decimal";
import type { FilingChunkHit } from "@/lib/documents/filings/types";
import { dataDir, hasDataDir } from "@/lib/ingest/data-dir";
import { modelProgramProposer } from "@/lib/reasoning/llm-program";
import { readChunks } from "@/eval/finbloom/paths";
import {
  exactAnswer,
  type FinbloomQuestion,
  parseFinbloomQuestions,
  scoreStated,
  TEXT_DIRS,
} from "@/eval/finbloom/questions";
import { FakeOpenAIServer } from "@/test/fake-openai-server";

const FILE = JSON.parse(readFileSync(path.join(process.cwd(), "eval/finbloom/questions.json"), "utf8")) as {
  about: string;
  questions: FinbloomQuestion[];
};

describe("eval/finbloom/questions.json", () => {
  const questions = parseFinbloomQuestions(FILE);

  it("holds at least 60 questions of every kind, over companies with several filings' worth of questions", () => {
    expect(questions.length).toBeGreaterThanOrEqual(60);
    const kinds = new Map<string, number>();
    for (const q of questions) kinds.set(q.kind, (kinds.get(q.kind) ?? 0) + 1);
    for (const kind of ["value", "ratio", "growth", "average"]) expect(kinds.get(kind)).toBeGreaterThanOrEqual(8);
    // A ratio "across two statements" reads its inputs from two pages.
    const twoStatements = questions.filter((q) => q.kind === "ratio" && q.inputs[0]!.page !== q.inputs[1]!.page);
    expect(twoStatements.length).toBeGreaterThanOrEqual(8);
  });

  it("computes each exact answer from the printed inputs", () => {
    const byId = new Map(questions.map((q) => [q.id, q]));
    expect(exactAnswer(byId.get("aapl-sales-2022")!).equals(new Decimal("394328000000"))).toBe(true);
    expect(exactAnswer(byId.get("ba-net-loss-2022")!).equals(new Decimal("-4935000000"))).toBe(true);
    expect(exactAnswer(byId.get("nflx-revenue-2021")!).equals(new Decimal("29697844000"))).toBe(true);
    expect(exactAnswer(byId.get("aapl-sales-growth-2022")!).toFixed(6)).toBe("0.077938");
    expect(exactAnswer(byId.get("aapl-avg-profit-2020-2022")!).toFixed(0)).toBe("83964666667");
  });

  it("rejects a written answer that is not its inputs' result rounded, a wrong count of inputs, repeated ids", () => {
    const first = FILE.questions[0]!;
    const ratio = FILE.questions.find((q) => q.kind === "ratio")!;
    const parse = (questions: unknown[]) => () => parseFinbloomQuestions({ about: "", questions });
    expect(parse([{ ...first, answer: "$394,329.0 million" }])).toThrow(/is not/);
    expect(parse([{ ...ratio, inputs: ratio.inputs.slice(0, 1) }])).toThrow(/number of inputs/);
    expect(parse([first, first])).toThrow(/repeat/);
    expect(parse([{ ...first, inputs: [{ ...first.inputs[0], printed: "394.328.1" }] }])).toThrow();
  });

  it.skipIf(!hasDataDir())("reads every printed input on its page, in its row (data folder)", () => {
    for (const q of questions) {
      const file = TEXT_DIRS.map((dir) => path.join(dataDir(), dir, `${q.document}.json`)).find(existsSync);
      expect(file, q.document).toBeDefined();
      const pages = (JSON.parse(readFileSync(file!, "utf8")) as { pages: string[] }).pages;
      for (const input of q.inputs) {
        const lines = pages[input.page - 1]!.split("\n");
        expect(
          lines.some((line) => line.includes(input.row) && line.includes(input.printed.replace(/[()]/g, ""))),
          `${q.id}: "${input.row}" ${input.printed} on page ${input.page}`,
        ).toBe(true);
      }
    }
  });
});

describe("scoreStated: exact within the rounding the answer states", () => {
  const revenue = new Decimal("394328000000");
  it.each([
    ["Apple's revenue was $394.3 billion in FY2022.", true],
    ["Apple's revenue was $394.4 billion in FY2022.", false],
    ["394,328 million", true],
    ["394,329 million", false],
    ["$394,328.0 million", true],
    // Too coarse to be exact, though it rounds.
    ["$0.4 trillion", false],
    ["no number here", false],
  ])("%s against 394,328 million: %s", (text, correct) => {
    expect(scoreStated(text, revenue).correct).toBe(correct);
  });

  it("reads percents as fractions, takes the first quantity (not a fiscal year) and ignores the sign", () => {
    expect(scoreStated("NIKE's gross margin ratio was 43.5% in FY2023.", new Decimal("0.43524")).correct).toBe(true);
    expect(scoreStated("43.6%", new Decimal("0.43524")).correct).toBe(false);
    expect(scoreStated("In FY2022 revenue was $198.3 billion; 17.96% up", new Decimal("198270000000")).correct).toBe(
      true,
    );
    expect(scoreStated("-4,935 million", new Decimal("-4935000000")).correct).toBe(true);
    expect(scoreStated("FY2022", new Decimal(2022)).stated).toBeNull();
  });
});

const STATEMENT = [
  "ACME CORP.",
  "CONSOLIDATED STATEMENTS OF OPERATIONS",
  "(In millions, except per share amounts)",
  "   Years ended   2022   2021",
  "Total net sales   $   394,328   $   365,817",
  "Net income   $   99,803   $   94,680",
  "Diluted   $   (6.11)   $   5.61",
  "Operating margin   30.3 %   29.8 %",
].join("\n");

const hit = (text: string, isTable: boolean): FilingChunkHit => ({
  chunkId: "1",
  filingId: "1",
  ticker: "ACME",
  companyName: "Acme Corp.",
  form: "10-K",
  fiscalYear: 2022,
  fiscalPeriod: "FY",
  periodEnd: "2022-12-31",
  filedDate: null,
  sectionCode: "8",
  sectionTitle: "Financial Statements and Supplementary Data",
  page: 32,
  pageIndex: 31,
  charStart: 0,
  charEnd: text.length,
  text,
  header: "",
  isTable,
  isFinancialStatement: isTable,
  sourceUrl: null,
  score: 1,
  similarity: null,
  keywordScore: 1,
  ranking: "keyword",
});

describe("readChunks: the chunk-RAG reader", () => {
  it("states a cell with its table's scale and sign, traced to the passage's page and row", async () => {
    const hits = [hit("Net income rose on higher sales of every product.", false), hit(STATEMENT, true)];
    const read = await readChunks(hits, "What was Acme's net income in 2022?");
    expect(read).toEqual({ text: "99,803 million", traced: true, basis: "page 32, 'Net income'" });
    expect(scoreStated(read.text, new Decimal("99803000000")).correct).toBe(true);
    const loss = await readChunks(hits, "What was Acme's diluted EPS in 2022?");
    expect(loss.text).toBe("-6.11 million");
    // The page splits the cell "30.3%" as "30.3 %": still the passage's text.
    const margin = await readChunks(hits, "What was Acme's operating margin in 2022?");
    expect(margin).toEqual({ text: "30.3%", traced: true, basis: "page 32, 'Operating margin'" });
  });

  it("answers nothing without a table among the hits", async () => {
    const read = await readChunks([hit("Net income was strong.", false)], "What was Acme's net income in 2022?");
    expect(read).toEqual({ text: "", traced: false, basis: null });
  });

  describe("with an LLM configured (the fake OpenAI-compatible server)", () => {
    const server = new FakeOpenAIServer({ mode: "json" });
    beforeAll(async () => {
      await server.start();
    });
    afterAll(async () => {
      await server.stop();
    });

    it("the model reads the best table chunk: its program is executed exactly, its inputs traced", async () => {
      server.setMode(
        "json",
        JSON.stringify({
          op: "ratio",
          operands: [
            { row: 2, column: 1 },
            { row: 1, column: 1 },
          ],
          percent: true,
        }),
      );
      const proposer = modelProgramProposer({ baseURL: server.baseURL, model: "fake-model", timeoutMs: 5000 });
      const read = await readChunks([hit(STATEMENT, true)], "What was Acme's net margin in 2022?", proposer);
      expect(read).toEqual({ text: "25.31%", traced: true, basis: "page 32, 'Net income' and 'Total net sales'" });
      expect(scoreStated(read.text, new Decimal(99803).dividedBy(394328)).correct).toBe(true);
      const request = server.requests.at(-1)?.body as { messages: { content: unknown }[] };
      expect(JSON.stringify(request.messages)).toContain("99,803");
    });
  });
});
