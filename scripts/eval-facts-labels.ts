// npm run eval:facts -- --labels: finding a statement line that is no catalog metric by how investors say
// it ("How much did MGM Resorts earn from gambling?" for the row "Casino"). Investor phrasings of lines of
// the data folder's filings (eval/facts/label-questions.json, labelled as eval/facts/LABELLING.md says) go
// through the rules agent and the Data Module's line search; the label ranking of the first label query
// that returns any label is scored: hit@1 and hit@5 against the hand-judged labels, keyword ranking
// (no vectors) against hybrid. The filings, their table facts and the labels' vectors are stored once in a
// PGlite folder under .data/ (the first run embeds a few thousand labels: minutes; later runs: seconds).
// A separate flag because of that first run. Skips (exit 0) without the data folder.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { rulesAgent } from "@/lib/agent/rules-agent";
import { consoleProgress } from "@/lib/core/progress";
import { singleCompanies } from "@/lib/agent/schema";
import { type FactLabelSearch, filingLinesFor, type RankedFactLabel } from "@/lib/data/filing-lines";
import { openDatabase } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/db/generated/client";
import { useLiteEmbedder } from "@/lib/documents/embeddings";
import { embedPendingFactLabels, factLabelSearchOf } from "@/lib/documents/filings/fact-labels";
import { dataDir } from "@/lib/ingest/data-dir";
import { prepareDatabase } from "@/lib/ingest/prepare";
import { runIngest } from "@/lib/ingest/run";
import { type Figure, writeSuiteResult } from "./eval-report/suite-result";

const DB_DIR = ".data/eval-fact-labels";
const QUESTIONS_FILE = "eval/facts/label-questions.json";
const TEXT_DIR = "financebench/docs_text";
const TODAY = "2026-11-30";
const RANKINGS = ["keyword", "hybrid"] as const;
type Ranking = (typeof RANKINGS)[number];

const questionSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    /** The FinanceBench document holding the line (a file of financebench/docs_text). */
    document: z.string().regex(/^[A-Z0-9_]+_\d{4}_10K$/),
    question: z.string().min(1),
    /** The normalized labels (filing_facts.normalized_label) that answer it; any of them is a hit. */
    expected: z.array(z.string().min(1)).min(1),
  })
  .strict();

interface Ranked {
  /** The words of the first label query that returned any label, and its labels, best first. */
  words: string | null;
  labels: string[];
}

/** The question through the agent and the Data Module's line search (called directly: a question whose
 * words also name a catalog metric, "revenue", would not reach it in the chat), its label queries recorded. */
async function rankedLabelsFor(prisma: PrismaClient, question: string, search: FactLabelSearch): Promise<Ranked> {
  let first: Ranked = { words: null, labels: [] };
  const recording: FactLabelSearch = async (query) => {
    const found: RankedFactLabel[] = await search(query);
    if (first.words === null && found.length > 0)
      first = { words: query.words, labels: found.map((l) => l.normalizedLabel) };
    return found;
  };
  const request = await rulesAgent.parse(question, { today: TODAY });
  await filingLinesFor(prisma, request, singleCompanies(request), recording);
  return first;
}

export async function evaluateLabelSearch(): Promise<number> {
  const questions = z.array(questionSchema).parse(JSON.parse(readFileSync(QUESTIONS_FILE, "utf8")));
  const files = [...new Set(questions.map((q) => q.document))].map((d) => path.join(dataDir(), TEXT_DIR, `${d}.json`));
  const absent = files.find((f) => !existsSync(f));
  if (absent) {
    console.log(`eval:facts --labels skipped: ${absent} not found (set FINGROUND_DATA_DIR)`);
    return 0;
  }
  const db = await openDatabase({ kind: "pglite", dataDir: DB_DIR });
  try {
    const progress = consoleProgress();
    await prepareDatabase(db);
    const filings = await runIngest(db, "filings", files, progress, { embedder: null });
    console.log(`filings: ${filings.inserted} stored now, ${filings.unchanged} already stored`);
    await runIngest(db, "facts", [], progress, { embedder: null });
    const embedder = useLiteEmbedder();
    const embedded = await embedPendingFactLabels(db.prisma, embedder, progress);
    const [{ labels }] = await db.prisma.$queryRaw<[{ labels: number }]>`
      SELECT count(*)::int AS labels FROM filing_fact_labels`;
    console.log(`labels: ${labels} distinct, ${embedded} embedded now`);

    const searches: Record<Ranking, FactLabelSearch> = {
      keyword: factLabelSearchOf(db.prisma, async () => null),
      hybrid: factLabelSearchOf(db.prisma, async (text) => (await embedder.embed([text]))[0] ?? null),
    };
    const hits: Record<Ranking, { at1: number; at5: number }> = {
      keyword: { at1: 0, at5: 0 },
      hybrid: { at1: 0, at5: 0 },
    };
    const started = performance.now();
    for (const q of questions) {
      const cells: string[] = [];
      for (const ranking of RANKINGS) {
        const ranked = await rankedLabelsFor(db.prisma, q.question, searches[ranking]);
        const rank = ranked.labels.findIndex((l) => q.expected.includes(l));
        if (rank === 0) hits[ranking].at1++;
        if (rank >= 0 && rank < 5) hits[ranking].at5++;
        cells.push(
          `${ranking} [${ranked.words ?? "-"}] ${rank >= 0 ? `#${rank + 1}` : "miss"}: ${ranked.labels[0] ?? "-"}`,
        );
      }
      console.log(`${q.id}: ${q.question} (${q.expected.join(" | ")})\n  ${cells.join("\n  ")}`);
    }
    const seconds = (performance.now() - started) / 1000;
    const share = (n: number) => (100 * n) / questions.length;
    console.log(
      `\n## Label search, ${questions.length} investor phrasings (${seconds.toFixed(1)} s for both rankings)`,
    );
    console.log("| ranking | hit@1 | hit@5 |\n|---|---|---|");
    for (const ranking of RANKINGS)
      console.log(
        `| ${ranking} | ${hits[ranking].at1}/${questions.length} (${share(hits[ranking].at1).toFixed(0)}%) | ${hits[ranking].at5}/${questions.length} (${share(hits[ranking].at5).toFixed(0)}%) |`,
      );
    const figures: Figure[] = RANKINGS.flatMap((ranking) => [
      {
        key: `labels.${ranking}.hit-at-1`,
        label: `line label search, ${ranking}: hit@1`,
        value: share(hits[ranking].at1),
        unit: "percent" as const,
        better: "higher" as const,
      },
      {
        key: `labels.${ranking}.hit-at-5`,
        label: `line label search, ${ranking}: hit@5`,
        value: share(hits[ranking].at5),
        unit: "percent" as const,
        better: "higher" as const,
      },
    ]);
    writeSuiteResult({ suite: "fact-labels", figures });
    return 0;
  } finally {
    await db.close();
  }
}
