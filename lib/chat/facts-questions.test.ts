// Numeric questions over companies whose figures come only from filing tables (eval/facts/questions.json),
// answered through the chat pipeline (rules agent, Data Module, built-in analyst) on a database holding
// the seed and the question's 10-K/10-Qs from the data folder, ingested by `ingest filings` and `ingest
// facts`. Each answer must equal, exactly, the formula applied to the values read by hand from the
// filing pages, and each input must come from the page and row the annotation names. Skips without the
// data folder (the filings' text is read from it at run time, never copied).
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createUIMessageStream, readUIMessageStream } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { rulesAgent } from "@/lib/agent/rules-agent";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import { Decimal } from "@/lib/core/decimal";
import { silentProgress } from "@/lib/core/progress";
import type { DataPoint, DataSlice, DerivedInput } from "@/lib/data/types";
import { dataDir, hasDataDir } from "@/lib/ingest/data-dir";
import { runIngest } from "@/lib/ingest/run";
import { testBackends, type TestDatabase } from "@/test/db";
import { answerQuestion } from "./answer-question";

const inputSchema = z.object({
  metric: z.string(),
  fiscalYear: z.number().int(),
  printed: z.string().regex(/^[\d,.]+$/),
  page: z.number().int().positive(),
  row: z.string(),
});
const questionSchema = z.object({
  id: z.string(),
  question: z.string(),
  document: z.string(),
  ticker: z.string(),
  metric: z.string(),
  fiscalYear: z.number().int(),
  op: z.enum(["ratio", "average_denominator", "period_mean"]),
  inputs: z.array(inputSchema).min(2),
});
type Question = z.infer<typeof questionSchema>;

const QUESTIONS = z
  .object({ questions: z.array(questionSchema) })
  .parse(JSON.parse(readFileSync(path.join(process.cwd(), "eval/facts/questions.json"), "utf8"))).questions;

const MILLION = new Decimal(1_000_000);
const SIGNIFICANT_DIGITS = 18;
const printedValue = (printed: string) => new Decimal(printed.replaceAll(",", "")).times(MILLION);

/** The answer the hand-read values give, in the catalog's exact arithmetic. */
function expectedValue(q: Question): Decimal {
  const values = q.inputs.map((i) => printedValue(i.printed));
  if (q.op === "period_mean") return values.reduce((sum, v) => sum.plus(v), new Decimal(0)).dividedBy(values.length);
  const [a, b, c] = values;
  if (q.op === "ratio") return a!.dividedBy(b!);
  return a!.dividedBy(b!.plus(c!).dividedBy(2));
}

/** The data folder's document list and texts of these documents only, linked into a scratch folder. */
function linkDocuments(documents: readonly string[]): string {
  const source = path.join(dataDir(), "financebench");
  const dir = mkdtempSync(path.join(tmpdir(), "fg-facts-questions-"));
  mkdirSync(path.join(dir, "financebench", "docs_text"), { recursive: true });
  const wanted = new Set(documents);
  const lines = readFileSync(path.join(source, "financebench_document_information.jsonl"), "utf8")
    .split("\n")
    .filter(
      (line) => line.trim() !== "" && wanted.has(z.object({ doc_name: z.string() }).parse(JSON.parse(line)).doc_name),
    );
  writeFileSync(path.join(dir, "financebench", "financebench_document_information.jsonl"), `${lines.join("\n")}\n`);
  for (const doc of wanted) {
    symlinkSync(
      path.join(source, "docs_text", `${doc}.json`),
      path.join(dir, "financebench", "docs_text", `${doc}.json`),
    );
  }
  return dir;
}

async function answerParts(test: TestDatabase, question: string): Promise<FinGroundUIMessage["parts"]> {
  const stream = createUIMessageStream<FinGroundUIMessage>({
    execute: async ({ writer }) => {
      await answerQuestion({
        prisma: test.db.prisma,
        agent: rulesAgent,
        question,
        today: "2026-12-01",
        llm: null,
        writer,
      });
    },
  });
  let message: FinGroundUIMessage | undefined;
  for await (const m of readUIMessageStream<FinGroundUIMessage>({ stream })) message = m;
  return message?.parts ?? [];
}

function annualPoint(slice: DataSlice, ticker: string, metric: string, fiscalYear: number): DataPoint | undefined {
  return slice.series
    .find((s) => s.ticker === ticker && s.metricKey === metric)
    ?.points.find((p) => p.fiscalYear === fiscalYear && p.fiscalPeriod === "FY");
}

function inputsOf(point: DataPoint): DerivedInput[] {
  return point.source.kind === "derived" ? point.source.inputs : [];
}

describe.skipIf(!hasDataDir()).each(testBackends())("numeric questions over filing tables on $name", (backend) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await backend.openSeeded();
    const dir = linkDocuments([...new Set(QUESTIONS.map((q) => q.document))]);
    await runIngest(test.db, "filings", [dir], silentProgress, { embedder: null });
    await runIngest(test.db, "facts", [], silentProgress);
  }, 900_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it.each(QUESTIONS)(
    "$id: $question",
    async (q) => {
      const parts = await answerParts(test, q.question);
      const request = parts.find((p) => p.type === "data-request")?.data;
      expect(request?.metrics.map((m) => m.key)).toEqual([q.metric]);
      const slice = parts.find((p) => p.type === "data-slice")?.data;
      if (q.op === "period_mean") {
        // A multi-year average: the series' exact mean over every year asked, each year's value the one
        // read by hand, from the page and row named.
        const series = slice?.series.find((s) => s.ticker === q.ticker && s.metricKey === q.metric);
        expect(series?.periodMean?.periods, `missing: ${JSON.stringify(slice?.missing)}`).toBe(q.inputs.length);
        expect(new Decimal(series!.periodMean!.value).equals(expectedValue(q)), series!.periodMean!.value).toBe(true);
        for (const hand of q.inputs) {
          const used = series!.points.find((p) => p.fiscalYear === hand.fiscalYear && p.fiscalPeriod === "FY");
          expect(new Decimal(used?.value ?? "0").equals(printedValue(hand.printed)), `FY${hand.fiscalYear}`).toBe(true);
          expect(used!.source).toMatchObject({
            kind: "sec_filing",
            via: "filing_table",
            concept: `page ${hand.page}, row '${hand.row}'`,
          });
        }
        return;
      }
      const point = slice ? annualPoint(slice, q.ticker, q.metric, q.fiscalYear) : undefined;
      expect(point, `the answer's value; missing: ${JSON.stringify(slice?.missing)}`).toBeDefined();
      // Exact: the Data Module's decimals keep 20 significant digits.
      const expected = expectedValue(q).toSignificantDigits(SIGNIFICANT_DIGITS);
      expect(
        new Decimal(point!.value).toSignificantDigits(SIGNIFICANT_DIGITS).equals(expected),
        `${point!.value} = ${expected}`,
      ).toBe(true);
      // Every hand-read input is the one the answer used, from the page and row named.
      const inputs = inputsOf(point!);
      for (const hand of q.inputs) {
        const used = inputs.find(
          (i) => i.metricKey === hand.metric && i.point.fiscalYear === hand.fiscalYear && i.point.fiscalPeriod === "FY",
        );
        expect(
          used,
          `${hand.metric} FY${hand.fiscalYear} among ${JSON.stringify(inputs.map((i) => [i.metricKey, i.point.fiscalYear, i.point.value, i.point.source]))}`,
        ).toBeDefined();
        expect(new Decimal(used!.point.value).equals(printedValue(hand.printed))).toBe(true);
        expect(used!.point.source).toMatchObject({
          kind: "sec_filing",
          via: "filing_table",
          concept: `page ${hand.page}, row '${hand.row}'`,
        });
      }
      const text = parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");
      expect(text).not.toMatch(/no data/i);
    },
    60_000,
  );
});
