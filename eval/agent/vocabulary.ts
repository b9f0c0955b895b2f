// The finance-vocabulary set (issue 30 item 6): analyst questions naming no company or exactly one,
// full of words that look like tickers or company names ("P&L", "EPS", "NIM", "target", "visa"), each
// with the tickers a careful reader would ask for, labelled by hand before the parser was tuned
// (LABELLING.md, section 8). Scored on companies only: every company the agent returns beyond the label
// is an invented one, counted; every labelled company it misses is reported too. A third of the rows
// (`split: "held-out"`) is never tuned on and is reported apart.
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { singleCompanies, type StructuredDataRequest } from "@/lib/agent/schema";

const VOCABULARY_PATH = path.join(process.cwd(), "eval/agent/vocabulary.jsonl");

const rowSchema = z
  .object({
    id: z.string().regex(/^v\d{3}$/),
    split: z.enum(["tuned", "held-out"]),
    question: z.string().min(1),
    tickers: z.array(z.string().regex(/^[A-Z][A-Z0-9.-]*$/)).max(1),
  })
  .strict();

export type VocabularyRow = z.infer<typeof rowSchema>;
export type VocabularySplit = VocabularyRow["split"];

/** The rows of a JSON-lines text, each validated; throws naming the line of a bad row. */
function parseVocabulary(text: string): VocabularyRow[] {
  const rows: VocabularyRow[] = [];
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    const parsed = rowSchema.safeParse(JSON.parse(line));
    if (!parsed.success) throw new Error(`eval/agent/vocabulary.jsonl line ${i + 1}: ${parsed.error.message}`);
    rows.push(parsed.data);
  });
  return rows;
}

export function readVocabulary(file: string = VOCABULARY_PATH): VocabularyRow[] {
  return parseVocabulary(readFileSync(file, "utf8"));
}

interface VocabularyMiss {
  id: string;
  question: string;
  /** Tickers returned beyond the label, each with the words it was read from. */
  extra: Array<{ ticker: string; from: string | null }>;
  /** Labelled tickers not returned. */
  missing: string[];
}

export interface VocabularyScore {
  questions: number;
  /** Companies returned that the label does not hold: the invented companies. */
  extra: number;
  /** Labelled companies not returned. */
  missing: number;
  misses: VocabularyMiss[];
}

/** Scores the rows of one split: `read` turns a question into the agent's request. */
export function scoreVocabulary(
  rows: readonly VocabularyRow[],
  read: (question: string) => StructuredDataRequest,
): VocabularyScore {
  const score: VocabularyScore = { questions: rows.length, extra: 0, missing: 0, misses: [] };
  for (const row of rows) {
    const found = singleCompanies(read(row.question));
    const tickers = new Set(found.map((c) => c.ticker));
    const extra = found
      .filter((c, k) => !row.tickers.includes(c.ticker) && found.findIndex((d) => d.ticker === c.ticker) === k)
      .map((c) => ({ ticker: c.ticker, from: c.span?.text ?? null }));
    const missing = row.tickers.filter((t) => !tickers.has(t));
    score.extra += extra.length;
    score.missing += missing.length;
    if (extra.length > 0 || missing.length > 0)
      score.misses.push({ id: row.id, question: row.question, extra, missing });
  }
  return score;
}
