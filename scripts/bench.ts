// npm run bench — speed of the pipeline on the embedded database, reported as numbers.
//   1. per stage (agent, data, news search, context, first answer token, whole answer) over a fixed set
//      of questions, in process on PGlite with the seed and the start path's news, built-in analyst;
//   2. Data Module slices: 8 companies × 12 metrics × 3 years and derived metrics, cold and warm, on
//      PGlite and (with DATABASE_URL) PostgreSQL (bench/slices.ts);
//   3. chats against `next start` (errors, answers stored, throughput, first-token and total latency): one at a
//      time, 40 with 20 clients, 8 bursts of 20 sent in the same instant, 200 with 20 clients back to back, on
//      PGlite and (with DATABASE_URL, in a scratch database) PostgreSQL (bench/chats.ts);
//   4. news: ingestion and filtered hybrid search over 100,000 filler articles on PGlite and PostgreSQL
//      (when DATABASE_URL is set), and the embedding rate (scripts/bench/news.ts);
//   5. filings: ingestion of every filing of the data folder and filtered hybrid chunk search over it (vectors
//      generated) and over ten times that, generated (scripts/bench/filings.ts).
// Flags: --rounds N (in-process passes, default 3), --skip-http, --skip-news (news and filings), --news-only,
//        --filings-only, --filing-runs N (search passes over the same filing data, default 3; 0 builds the kept
//        set-up only), --filings-on postgres|pglite (default both), --filings-real-size-only (no 10× set),
//        --news-articles N, --slices-only (part 2 alone), --http-only (part 3 alone), --port N (of the server in
//        part 3, default 3310), --server-cpu-profile DIR (the server writes a V8 CPU profile there when it stops),
//        --processes 1,2,… (part 3 on PostgreSQL: one server run per entry, with that many server processes, in
//        that order; default npm start's own count), --postgres-only (part 3 without its PGlite run),
//        --heavy-only (part 3's heavy questions alone, with light chats beside them).
import { parseArgs } from "node:util";
import { z } from "zod";
import { createUIMessageStream, readUIMessageStream } from "ai";
import { readConfig } from "@/lib/core/config";
import { rulesAgent } from "@/lib/agent/rules-agent";
import { answerQuestion } from "@/lib/chat/answer-question";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import { openDatabase, type Database } from "@/lib/db/client";
import { silentProgress } from "@/lib/core/progress";
import { newsConfigFromEnv } from "@/lib/documents/config";
import { useLiteEmbedder } from "@/lib/documents/embeddings";
import { embedPendingArticles, tidyNewsTablesAfter } from "@/lib/documents/news/store";
import { prepareDatabase } from "@/lib/ingest/prepare";
import { BENCH_QUESTIONS } from "./bench/questions";
import { benchSlices } from "./bench/slices";
import { benchNews } from "./bench/news";
import { benchFilings } from "./bench/filings";
import { benchChats } from "./bench/chats";
import { row } from "./bench/stats";

const TODAY = "2026-11-30";
const { values: flags } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    "skip-http": { type: "boolean", default: false },
    "skip-news": { type: "boolean", default: false },
    "news-only": { type: "boolean", default: false },
    "filings-only": { type: "boolean", default: false },
    "filing-runs": { type: "string", default: "3" },
    "filings-on": { type: "string", default: "both" },
    "filings-real-size-only": { type: "boolean", default: false },
    "slices-only": { type: "boolean", default: false },
    "news-articles": { type: "string", default: "100000" },
    "http-only": { type: "boolean", default: false },
    port: { type: "string", default: "3310" },
    "server-cpu-profile": { type: "string" },
    processes: { type: "string" },
    "postgres-only": { type: "boolean", default: false },
    "heavy-only": { type: "boolean", default: false },
  },
});

const embedder = useLiteEmbedder();

/** As the server starts: the seed, then the start path's news (filing alerts, the data folder's
 * articles), here embedded before measuring, so no background embedding competes with the questions. */
async function prepareWithNews(db: Database): Promise<number> {
  await prepareDatabase(db, { news: true });
  const embedded = await embedPendingArticles(db.prisma, embedder, silentProgress);
  await tidyNewsTablesAfter(db, embedded);
  return embedded;
}

async function benchInProcess(): Promise<void> {
  const db = await openDatabase({ kind: "pglite", dataDir: null });
  const loadStarted = performance.now();
  const embedded = await prepareWithNews(db);
  console.log(
    `Seed and ${embedded} news items loaded and embedded into in-memory PGlite in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
  );
  const news = { config: newsConfigFromEnv(readConfig({})), embedder };
  const stages = {
    agent: [] as number[],
    data: [] as number[],
    news: [] as number[],
    context: [] as number[],
    firstToken: [] as number[],
    whole: [] as number[],
  };
  const rounds = Number(flags.rounds);
  for (let round = -1; round < rounds; round++) {
    for (const question of BENCH_QUESTIONS) {
      const started = performance.now();
      let timings = null as Awaited<ReturnType<typeof answerQuestion>>["timings"] | null;
      const stream = createUIMessageStream<FinGroundUIMessage>({
        async execute({ writer }) {
          timings = (
            await answerQuestion({
              prisma: db.prisma,
              agent: rulesAgent,
              question,
              today: TODAY,
              llm: null,
              writer,
              news,
            })
          ).timings;
        },
      });
      let firstToken: number | null = null;
      let newsMs: number | null = null;
      for await (const message of readUIMessageStream<FinGroundUIMessage>({ stream })) {
        if (firstToken === null && message.parts.some((p) => p.type === "text" && p.text.length > 0))
          firstToken = performance.now() - started;
        for (const part of message.parts) if (part.type === "data-news") newsMs = part.data.ms;
      }
      const whole = performance.now() - started;
      if (round < 0 || !timings) continue; // the first pass warms caches and the JIT
      const t = timings as NonNullable<typeof timings>;
      stages.agent.push(t.agentMs);
      stages.data.push(t.dataMs);
      if (newsMs !== null) stages.news.push(newsMs);
      stages.context.push(t.contextMs);
      if (firstToken !== null) stages.firstToken.push(firstToken);
      stages.whole.push(whole);
    }
  }
  await db.close();
  console.log(
    `\nPipeline per stage, ${BENCH_QUESTIONS.length} questions × ${rounds} rounds, PGlite in memory, built-in analyst (ms)`,
  );
  console.log(
    "| stage              |      p50 |      p95 |      max |\n|--------------------|----------|----------|----------|",
  );
  console.log(row("agent", stages.agent));
  console.log(row("data", stages.data));
  console.log(row(`news (${Math.round(stages.news.length / rounds)} of ${BENCH_QUESTIONS.length})`, stages.news));
  console.log(row("context", stages.context));
  console.log(row("first token", stages.firstToken));
  console.log(row("whole answer", stages.whole));
}

const postgresUrl = process.env.DATABASE_URL?.trim() || null;
const filingsEngines = z
  .enum(["postgres", "pglite", "both"])
  .transform((on) => (on === "both" ? (["postgres", "pglite"] as const) : [on]))
  .parse(flags["filings-on"]);
const chatOptions = {
  port: Number(flags.port),
  processes: flags.processes?.split(",").map((count) => count.trim()) ?? null,
  postgresOnly: flags["postgres-only"],
  serverCpuProfile: flags["server-cpu-profile"] ?? null,
  today: TODAY,
  prepare: prepareWithNews,
  heavyOnly: flags["heavy-only"],
};
const filingsOptions = {
  postgresUrl,
  runs: z.coerce.number().int().min(0).parse(flags["filing-runs"]),
  engines: filingsEngines,
  tenfold: !flags["filings-real-size-only"],
};
if (flags["slices-only"]) await benchSlices();
else if (flags["filings-only"]) await benchFilings(filingsOptions);
else if (flags["http-only"]) await benchChats(chatOptions);
else {
  if (!flags["news-only"]) {
    await benchInProcess();
    await benchSlices();
    if (!flags["skip-http"]) await benchChats(chatOptions);
  }
  if (!flags["skip-news"])
    await benchNews({
      articles: Number(flags["news-articles"]),
      postgresUrl,
    });
  if (!flags["skip-news"]) await benchFilings(filingsOptions);
}
