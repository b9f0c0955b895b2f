// npm run eval:audit: issue 30's audit of what answers say. Every question of eval/audit/questions.ts
// through the whole chat pipeline with the built-in analyst, on an in-memory PGlite database prepared
// with the seed plus the data folder's filings (FinanceBench texts and the edgartools 10-K/10-Q
// sections), the facts of their tables, earnings calls and news; each answer checked by code (scripts/eval-report/audit-checks.ts)
// for cut and duplicate quotes, stale valuation inputs, mixed concepts, mixed period kinds, invented
// companies, a document of another year or quarter than asked, and a dropped scale. Prints a line per
// question and every finding, then the counts for the tuned questions and the held-out third apart.
// Documents are stored without vectors (embedding 90,000 chunks would take most of an hour on two
// cores), so their search ranks by keyword, as a server does before its background embedding is done.
// Skips (exit 0) when the data folder is absent. `-- --only <id,…>` runs those questions alone, `-- --show`
// prints each answer's text.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createUIMessageStream, readUIMessageStream } from "ai";
import { rulesAgent } from "@/lib/agent/rules-agent";
import { answerQuestion } from "@/lib/chat/answer-question";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import { readConfig } from "@/lib/core/config";
import { consoleProgress } from "@/lib/core/progress";
import { openDatabase } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/db/generated/client";
import { newsConfigFromEnv } from "@/lib/documents/config";
import { useLiteEmbedder } from "@/lib/documents/embeddings";
import { dataDir } from "@/lib/ingest/data-dir";
import { prepareDatabase } from "@/lib/ingest/prepare";
import { runIngest } from "@/lib/ingest/run";
import { AUDIT_QUESTIONS, type AuditQuestion, isHeldOut } from "@/eval/audit/questions";
import { AUDIT_CHECKS, type AuditCheck, auditAnswerOf, auditFindings, type Finding } from "./eval-report/audit-checks";
import { type Figure, writeSuiteResult } from "./eval-report/suite-result";

/** Under the data folder: what the database is loaded with besides the seed. */
const INPUTS = {
  filings: [
    "financebench/docs_text",
    "financebench/extra_10k_text_2020_2022",
    "sec_10k_10q_ixbrl_edgartools/filing_sections.jsonl",
  ],
  // The facts of the stored filings' statement tables: no input of their own.
  facts: [],
  transcripts: ["transcripts_full_la83la/transcripts_core.jsonl"],
  news: ["news_fnspid/aapl_nasdaq_news_2023_2024.jsonl"],
} as const;

const { values: flags } = parseArgs({
  options: { json: { type: "string" }, only: { type: "string" }, show: { type: "boolean", default: false } },
});

async function answerOf(
  prisma: PrismaClient,
  question: AuditQuestion,
  news: Parameters<typeof answerQuestion>[0]["news"],
) {
  const stream = createUIMessageStream<FinGroundUIMessage>({
    execute: async ({ writer }) => {
      await answerQuestion({
        prisma,
        agent: rulesAgent,
        question: question.question,
        today: question.today,
        llm: null,
        writer,
        news,
      });
    },
  });
  let message: FinGroundUIMessage | undefined;
  for await (const m of readUIMessageStream<FinGroundUIMessage>({ stream })) message = m;
  return auditAnswerOf(message?.parts ?? []);
}

type Counts = Record<AuditCheck, number>;
const noCounts = (): Counts => Object.fromEntries(AUDIT_CHECKS.map((c) => [c, 0])) as Counts;

async function main(): Promise<number> {
  const root = dataDir();
  const absent = Object.values(INPUTS)
    .flat()
    .map((p) => path.join(root, p))
    .find((p) => !existsSync(p));
  if (absent !== undefined) {
    console.log(`eval:audit skipped: ${absent} not found (set FINGROUND_DATA_DIR)`);
    return 0;
  }
  const only = flags.only?.split(",").map((s) => s.trim());
  const questions = only ? AUDIT_QUESTIONS.filter((q) => only.includes(q.id)) : AUDIT_QUESTIONS;
  const db = await openDatabase({ kind: "pglite", dataDir: null });
  try {
    const progress = consoleProgress();
    const started = Date.now();
    await prepareDatabase(db, { progress });
    for (const [source, paths] of Object.entries(INPUTS) as [keyof typeof INPUTS, readonly string[]][]) {
      const totals = await runIngest(
        db,
        source,
        paths.map((p) => path.join(root, p)),
        progress,
        { embedder: null },
      );
      console.log(`${source}: ${totals.inserted} stored, ${totals.rejected} rejected`);
    }
    console.log(`database ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const news = { config: newsConfigFromEnv(readConfig({})), embedder: useLiteEmbedder() };
    const counts = { tuned: noCounts(), "held-out": noCounts() };
    const asked = { tuned: 0, "held-out": 0 };
    const faulty = { tuned: 0, "held-out": 0 };
    const latencies: number[] = [];
    const lines: string[] = [];
    for (const [i, question] of questions.entries()) {
      const set = isHeldOut(question) ? "held-out" : "tuned";
      const askedAt = performance.now();
      const answer = await answerOf(db.prisma, question, news);
      latencies.push(performance.now() - askedAt);
      const findings: Finding[] = auditFindings(answer, question);
      asked[set]++;
      if (findings.length > 0) faulty[set]++;
      for (const f of findings) counts[set][f.check]++;
      const summary = findings.length === 0 ? "ok" : [...new Set(findings.map((f) => f.check))].join(", ");
      console.log(`[${i + 1}/${questions.length}] ${question.id} (${set}) ${summary}`);
      if (flags.show) console.log(`${answer.text}\n`);
      for (const f of findings) lines.push(`${question.id} (${set}) ${f.check}: ${f.detail} — "${question.question}"`);
    }
    console.log("\nFindings:");
    for (const line of lines) console.log(`  ${line}`);
    console.log(`\n${"check".padEnd(20)} ${"tuned".padStart(6)} ${"held-out".padStart(9)}`);
    for (const check of AUDIT_CHECKS)
      console.log(
        `${check.padEnd(20)} ${String(counts.tuned[check]).padStart(6)} ${String(counts["held-out"][check]).padStart(9)}`,
      );
    console.log(
      `${asked.tuned} tuned and ${asked["held-out"]} held-out questions; answers with a finding: ${faulty.tuned} tuned, ${faulty["held-out"]} held-out; ${((Date.now() - started) / 1000).toFixed(0)} s in all`,
    );
    const figures: Figure[] = (["tuned", "held-out"] as const).flatMap((set) => [
      ...AUDIT_CHECKS.map((check) => ({
        key: `${set}.${check}`,
        label: `${set}: ${check.replace(/-/g, " ")}`,
        value: counts[set][check],
        unit: "count" as const,
        better: "lower" as const,
      })),
      {
        key: `${set}.answers-with-findings`,
        label: `${set}: answers with a finding`,
        value: faulty[set],
        unit: "count" as const,
        better: "lower" as const,
      },
      {
        key: `${set}.questions`,
        label: `${set}: questions`,
        value: asked[set],
        unit: "count" as const,
        better: "higher" as const,
      },
    ]);
    writeSuiteResult({ suite: "audit", figures, latencies: { "answer (question to last part)": latencies } });
    return 0;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
