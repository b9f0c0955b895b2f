// npm run bench — speed of the pipeline on the embedded database, reported as numbers.
//   1. per stage (agent, data, news search, context, first answer token, whole answer) over a fixed set
//      of questions, in process on PGlite with the seed and the start path's news, built-in analyst;
//   2. Data Module slices: 8 companies × 12 metrics × 3 years and derived metrics, cold and warm, on
//      PGlite and (with DATABASE_URL) PostgreSQL (bench/slices.ts);
//   3. 20 concurrent chats against `next start` (errors, throughput, first-token and total latency): 40 chats
//      (the first 20 sent in the same instant), then 200 chats (20 clients back to back), on PGlite and (with
//      DATABASE_URL, in a scratch database) PostgreSQL;
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
//        that order; default npm start's own count), --postgres-only (part 3 without its PGlite run).
// Part 3 starts the server as npm start does (scripts/start.ts: every server process, CPU summed over them). It
// also prints, one chat at a time, the server main thread's CPU before each first token: what a burst of
// chats must share of the one event loop, and so the least the last of them waits.
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { createUIMessageStream, readUIMessageStream } from "ai";
import { readConfig, serverProcesses } from "@/lib/core/config";
import { rulesAgent } from "@/lib/agent/rules-agent";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "@/lib/auth/demo-accounts";
import { answerQuestion } from "@/lib/chat/answer-question";
import type { ConversationDetail } from "@/lib/conversation/api";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import { openDatabase, type Database } from "@/lib/db/client";
import { silentProgress } from "@/lib/core/progress";
import { newsConfigFromEnv } from "@/lib/documents/config";
import { useLiteEmbedder } from "@/lib/documents/embeddings";
import { embedPendingArticles, tidyNewsTablesAfter } from "@/lib/documents/news/store";
import { prepareDatabase } from "@/lib/ingest/prepare";
import { BENCH_QUESTIONS } from "./bench/questions";
import { benchSlices } from "./bench/slices";
import { benchNews, withScratchPostgres } from "./bench/news";
import { benchFilings } from "./bench/filings";

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
  },
});

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

function row(name: string, values: number[]): string {
  return `| ${name.padEnd(18)} | ${percentile(values, 50).toFixed(2).padStart(8)} | ${percentile(values, 95).toFixed(2).padStart(8)} | ${Math.max(
    ...values,
  )
    .toFixed(2)
    .padStart(8)} |`;
}

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

interface HttpRun {
  chats: number;
  concurrency: number;
  firstTokens: number[];
  /** First tokens of the chats sent at once at the start (one per client), and of the later ones (each sent as
   * its client's previous answer ended). */
  firstWave: number[];
  afterFirstWave: number[];
  /** The slowest first token: which question, sent how long after the run started. */
  slowest: { question: string; sentAtMs: number; firstTokenMs: number } | null;
  totals: number[];
  errors: number;
  seconds: number;
  /** Conversations whose streamed answer reached the client, and those whose answer was then stored. */
  streamed: string[];
  stored: number;
  /** CPU seconds (user + system) the server's processes used during the run. */
  serverCpuSeconds: number;
  /** The same by process ("pid command": the primary, each server process, tsx's esbuild service). */
  serverCpuByProcess: Map<string, number>;
  /** One chat at a time only: CPU ms of the server's main threads from sending each request to its first text
   * token, the work every chat needs of the one event loop before its first words. */
  mainThreadToFirstToken: number[];
}

const CLOCK_TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** CPU seconds used so far by each live process in the server's process group (by "pid command"), from /proc. */
function processGroupCpuSeconds(groupId: number): Map<string, number> {
  const seconds = new Map<string, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    // Fields after "(comm)": state ppid pgrp … utime (14th field) stime (15th).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    if (Number(fields[2]) === groupId)
      seconds.set(`${entry} ${command}`, (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND);
  }
  return seconds;
}

/** CPU ms used so far by the main thread (the event loop) of every live process in the server's process group,
 * from /proc/<pid>/task/<pid>/schedstat (nanoseconds: fine enough for one chat). */
function processGroupMainThreadCpuMs(groupId: number): number {
  let nanoseconds = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== groupId) continue;
      nanoseconds += Number(readFileSync(`/proc/${entry}/task/${entry}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // exited meanwhile
    }
  }
  return nanoseconds / 1e6;
}

/** Waits until the server's start-up work is done (healthy comes first: it then reads every company's history
 * into memory, seconds of main-thread work): its processes use under 10% of a core over half a second, or
 * 60 s pass. Chats measured meanwhile would count that work as theirs. */
async function untilServerSettles(groupId: number): Promise<void> {
  const groupSeconds = () => [...processGroupCpuSeconds(groupId).values()].reduce((sum, s) => sum + s, 0);
  const started = performance.now();
  let before = groupSeconds();
  while (performance.now() - started < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = groupSeconds();
    if (now - before < 0.05) return;
    before = now;
  }
}

/** Sends each question as a new conversation with `concurrency` clients and reads every stream to its end. */
async function runChats(
  base: string,
  cookie: string,
  questions: readonly string[],
  concurrency: number,
  serverGroup: number,
): Promise<HttpRun> {
  const run: HttpRun = {
    chats: questions.length,
    concurrency,
    firstTokens: [],
    firstWave: [],
    afterFirstWave: [],
    slowest: null,
    totals: [],
    errors: 0,
    seconds: 0,
    streamed: [],
    stored: 0,
    serverCpuSeconds: 0,
    serverCpuByProcess: new Map(),
    mainThreadToFirstToken: [],
  };
  const cpuBefore = processGroupCpuSeconds(serverGroup);
  const started = performance.now();
  let next = 0;
  async function client(): Promise<void> {
    while (next < questions.length) {
      const inFirstWave = next < concurrency;
      const question = questions[next++]!;
      const t0 = performance.now();
      const mainThreadBefore = concurrency === 1 ? processGroupMainThreadCpuMs(serverGroup) : 0;
      const conversationId = randomUUID();
      try {
        const response = await fetch(`${base}/api/chat`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: base, cookie },
          body: JSON.stringify({
            conversationId,
            message: { id: randomUUID(), role: "user", parts: [{ type: "text", text: question }] },
          }),
        });
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        let first: number | null = null;
        const decoder = new TextDecoder();
        let text = "";
        const reader = response.body.getReader();
        for (let read = await reader.read(); !read.done; read = await reader.read()) {
          text += decoder.decode(read.value, { stream: true });
          if (first === null && text.includes('"type":"text-delta"')) {
            first = performance.now() - t0;
            if (concurrency === 1)
              run.mainThreadToFirstToken.push(processGroupMainThreadCpuMs(serverGroup) - mainThreadBefore);
          }
        }
        if (text.includes('"type":"error"') || first === null) throw new Error("stream without an answer");
        run.firstTokens.push(first);
        (inFirstWave ? run.firstWave : run.afterFirstWave).push(first);
        if (!run.slowest || first > run.slowest.firstTokenMs)
          run.slowest = { question, sentAtMs: t0 - started, firstTokenMs: first };
        run.totals.push(performance.now() - t0);
        run.streamed.push(conversationId);
      } catch (error) {
        run.errors++;
        console.error(`  ! ${question}: ${(error as Error).message}`);
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, client));
  run.seconds = (performance.now() - started) / 1000;
  const cpuAfter = processGroupCpuSeconds(serverGroup);
  for (const [name, seconds] of cpuAfter) run.serverCpuByProcess.set(name, seconds - (cpuBefore.get(name) ?? 0));
  run.serverCpuSeconds = [...run.serverCpuByProcess.values()].reduce((sum, seconds) => sum + seconds, 0);
  run.stored = await countStoredAnswers(base, cookie, run.streamed);
  return run;
}

/** Reads each streamed conversation back: stored means it holds an assistant message with text. */
async function countStoredAnswers(base: string, cookie: string, conversationIds: readonly string[]): Promise<number> {
  let stored = 0;
  for (const id of conversationIds) {
    const response = await fetch(`${base}/api/conversations/${id}`, { headers: { cookie } });
    if (!response.ok) continue;
    const conversation = (await response.json()) as ConversationDetail;
    if (
      conversation.messages.some(
        (m) => m.role === "assistant" && m.parts.some((p) => p.type === "text" && p.text.length > 0),
      )
    )
      stored++;
  }
  return stored;
}

/** Signs in through the real endpoint and returns the session cookie for the chat requests. */
async function signInAsDemoInvestor(base: string): Promise<string> {
  const investor = DEMO_ACCOUNTS.find((account) => account.role === "investor")!;
  const signIn = () =>
    fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email: investor.email, password: DEMO_PASSWORD }),
    });
  let response = await signIn();
  // Another server process may answer before the first one has created the demo accounts.
  for (let attempt = 0; response.status === 401 && attempt < 60; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    response = await signIn();
  }
  if (!response.ok)
    throw new Error(`sign-in as ${investor.email} failed: HTTP ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

function report(engine: string, title: string, run: HttpRun): void {
  console.log(
    `\n${run.chats} chats, ${title}, against next start on ${engine} (ms, from request to first text token / end of stream; load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(" ")})`,
  );
  console.log(
    "| measure            |      p50 |      p95 |      max |\n|--------------------|----------|----------|----------|",
  );
  console.log(row("first token", run.firstTokens));
  if (run.concurrency > 1) {
    console.log(row(`… first ${run.concurrency}`, run.firstWave));
    console.log(row("… after them", run.afterFirstWave));
  }
  if (run.slowest)
    console.log(
      `slowest first token: "${run.slowest.question}", sent ${run.slowest.sentAtMs.toFixed(0)} ms into the run, ${run.slowest.firstTokenMs.toFixed(0)} ms`,
    );
  console.log(row("whole answer", run.totals));
  if (run.mainThreadToFirstToken.length > 0) {
    // A burst of `concurrency` chats shares that one thread: the k-th first token comes after k chats' share of it.
    const perChat = percentile(run.mainThreadToFirstToken, 50);
    console.log(row("first-token CPU", run.mainThreadToFirstToken));
    console.log(
      `first-token CPU: the server's main-thread CPU ms from the request to its first text token; so the 19th of 20 chats sent at once waits at least 19 × ${perChat.toFixed(1)} = ${(19 * perChat).toFixed(0)} ms of one main thread's CPU for its first token (with N server processes sharing the burst, about 19 ÷ N × that)`,
    );
  }
  const byProcess = [...run.serverCpuByProcess].filter(([, seconds]) => seconds > 0);
  console.log(
    `server CPU by process: ${byProcess.map(([name, seconds]) => `${name} ${((seconds * 1000) / run.chats).toFixed(1)} ms per chat`).join(", ")}`,
  );
  const cpuPerChat = run.serverCpuSeconds / run.chats;
  const floor = availableParallelism() / cpuPerChat;
  const throughput = run.chats / run.seconds;
  console.log(`errors: ${run.errors}, answers streamed ${run.streamed.length} / stored ${run.stored}`);
  console.log(
    `throughput: ${throughput.toFixed(1)} chats/s over ${run.seconds.toFixed(1)} s; server CPU ${(cpuPerChat * 1000).toFixed(1)} ms per chat, ` +
      `CPU floor ${floor.toFixed(1)} chats/s (${availableParallelism()} cores ÷ CPU per chat); floor ÷ throughput ${(floor / throughput).toFixed(2)}`,
  );
}

/** Part 3 on PGlite, then (when DATABASE_URL is set) on a scratch PostgreSQL database. */
async function benchHttp(): Promise<void> {
  if (!existsSync(".next/BUILD_ID")) spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  if (!flags["postgres-only"]) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fg-bench-"));
    try {
      const db = await openDatabase({ kind: "pglite", dataDir });
      await prepareWithNews(db);
      await db.close();
      await chatAgainstServer("PGlite", { FINGROUND_PGLITE_DIR: dataDir, DATABASE_URL: "" });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const postgresUrl = process.env.DATABASE_URL?.trim();
  if (!postgresUrl) {
    console.log("\nPostgreSQL: skipped (set DATABASE_URL to a server where the bench may create a scratch database)");
    return;
  }
  await withScratchPostgres(postgresUrl, async (db, scratchUrl) => {
    await prepareWithNews(db);
    const counts = flags.processes?.split(",").map((count) => count.trim()) ?? [undefined];
    for (const count of counts) {
      const engine = count ? `PostgreSQL, ${count} server process${count === "1" ? "" : "es"}` : "PostgreSQL";
      await chatAgainstServer(engine, {
        DATABASE_URL: scratchUrl,
        ...(count && { FINGROUND_SERVER_PROCESSES: count }),
      });
    }
  });
}

/** Chats of the sustained 20-concurrent run: the first 20 are a tenth of them. */
const SUSTAINED_CHATS = 200;

/** Chats each server process answers before the measured runs. */
const WARM_UP_CHATS = 30;

/** Starts the server as npm start does on the prepared database `serverEnv` names, runs the chats, and stops it. */
async function chatAgainstServer(engine: string, serverEnv: Record<string, string>): Promise<void> {
  const port = Number(flags.port);
  console.log(`\nStarting npm start's server on :${port} (${engine})…`);
  // Every server process writes its own profile (npm start passes these flags on to them).
  const profile = flags["server-cpu-profile"] ? ["--cpu-prof", `--cpu-prof-dir=${flags["server-cpu-profile"]}`] : [];
  const server = spawn(
    process.execPath,
    [...profile, "--import", "tsx", "scripts/start.ts", "-H", "127.0.0.1", "-p", String(port)],
    {
      detached: true,
      stdio: ["ignore", "ignore", "inherit"],
      // Chats run as the demo investor; the per-user chat rate limit would otherwise refuse a benchmark.
      env: {
        ...process.env,
        FINGROUND_TODAY: TODAY,
        FINGROUND_DEMO_ACCOUNTS: "1",
        FINGROUND_CHAT_RATE_LIMIT: "off",
        // Measured as a server is once its first start's background work is done (news embedded above): the
        // data folder's filings would otherwise be ingested during the chats (minutes of work, and each run
        // a new data version that empties the fact store).
        FILINGS_LOAD_ON_START: "off",
        OPENAI_BASE_URL: "",
        NEXT_TELEMETRY_DISABLED: "1",
        ...serverEnv,
      },
    },
  );
  const exited = once(server, "exit");
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (i > 240) throw new Error("server did not become healthy in 120 s");
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const group = server.pid!;
    await untilServerSettles(group);
    const cookie = await signInAsDemoInvestor(base);
    // Warm-up (route compilation, JIT, caches) of every server process: the primary hands each new connection
    // to the next process, and a concurrent warm-up opens one connection per process. A process's CPU per chat
    // still falls over its first few dozen chats (measured: 77, then 58-61 ticks per 20 chats), so each gets
    // WARM_UP_CHATS, as a server that has run a while has had.
    const processes = serverProcesses(readConfig(serverEnv)).count;
    const warmUp = Array.from(
      { length: WARM_UP_CHATS * processes },
      (_, i) => BENCH_QUESTIONS[i % BENCH_QUESTIONS.length]!,
    );
    await runChats(base, cookie, warmUp, processes, group);
    report(engine, "one chat at a time", await runChats(base, cookie, BENCH_QUESTIONS.slice(0, 20), 1, group));
    report(engine, "20 concurrent", await runChats(base, cookie, BENCH_QUESTIONS.slice(0, 40), 20, group));
    // 20 users chatting at once for a while: after the first 20 (sent in the same instant), each client sends its
    // next question as its answer ends, so questions arrive as the server finishes answers.
    const sustained = Array.from({ length: SUSTAINED_CHATS }, (_, i) => BENCH_QUESTIONS[i % BENCH_QUESTIONS.length]!);
    report(engine, "20 concurrent, sustained", await runChats(base, cookie, sustained, 20, group));
  } finally {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      /* already gone */
    }
    // The port and the database must be free before the next engine's server starts.
    await exited;
  }
}

const postgresUrl = process.env.DATABASE_URL?.trim() || null;
const filingsEngines = z
  .enum(["postgres", "pglite", "both"])
  .transform((on) => (on === "both" ? (["postgres", "pglite"] as const) : [on]))
  .parse(flags["filings-on"]);
const filingsOptions = {
  postgresUrl,
  runs: z.coerce.number().int().min(0).parse(flags["filing-runs"]),
  engines: filingsEngines,
  tenfold: !flags["filings-real-size-only"],
};
if (flags["slices-only"]) await benchSlices();
else if (flags["filings-only"]) await benchFilings(filingsOptions);
else if (flags["http-only"]) await benchHttp();
else {
  if (!flags["news-only"]) {
    await benchInProcess();
    await benchSlices();
    if (!flags["skip-http"]) await benchHttp();
  }
  if (!flags["skip-news"])
    await benchNews({
      articles: Number(flags["news-articles"]),
      postgresUrl,
    });
  if (!flags["skip-news"]) await benchFilings(filingsOptions);
}
