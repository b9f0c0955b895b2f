// Part 3 of `npm run bench`: chats against `next start` as npm start runs it, on PGlite and (with DATABASE_URL, in a
// scratch database) PostgreSQL: errors, answers stored, throughput against the CPU floor, and first-token and
// whole-answer latency for
//   - 20 chats one at a time (with the server main thread's CPU before each first token),
//   - 40 chats with 20 clients (the first 20 sent in the same instant),
//   - bursts: 20 questions sent in the same instant, BURSTS times, each to a quiet server (p95 over all of them),
//   - 200 chats with 20 clients back to back.
// The client is node:http reading each stream only as far as its first text delta's marker, and its own CPU is
// printed: it shares the 2 cores with the server (fetch's web streams cost several ms of CPU per chat).
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { readConfig, serverProcesses } from "@/lib/core/config";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "@/lib/auth/demo-accounts";
import type { ConversationDetail } from "@/lib/conversation/api";
import { openDatabase, type Database } from "@/lib/db/client";
import { groupProcesses } from "../testing/process-group";
import { BENCH_QUESTIONS, HEAVY_QUESTIONS } from "./questions";
import { withScratchPostgres } from "./news";
import { percentile, row } from "./stats";

export interface ChatBenchOptions {
  /** Port of the server under test. */
  port: number;
  /** Server process counts on PostgreSQL, one server run each, in this order; absent: npm start's own count. */
  processes: readonly string[] | null;
  postgresOnly: boolean;
  /** A folder for each server process's V8 CPU profile, written when it stops. */
  serverCpuProfile: string | null;
  /** FINGROUND_TODAY of the server. */
  today: string;
  /** Brings a fresh database to what a started server has once its first start's work is done. */
  prepare: (db: Database) => Promise<unknown>;
  /** Only the heavy questions' run (after the warm-up). */
  heavyOnly: boolean;
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
  /** CPU ms (user + system) of this process, the client, during the run. */
  clientCpuMs: number;
  /** Answers that say the question's time budget cut them. */
  budgetCuts: number;
}

/** CPU seconds used so far by each live process in the server's process group (by "pid command"). */
function processGroupCpuSeconds(groupId: number): Map<string, number> {
  return new Map(groupProcesses(groupId).map((p) => [`${p.pid} ${p.command}`, p.cpuSeconds]));
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
    clientCpuMs: 0,
    budgetCuts: 0,
  };
  const cpuBefore = processGroupCpuSeconds(serverGroup);
  const clientCpuBefore = process.cpuUsage();
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
        const chat = await postChat(base, cookie, conversationId, question, () => {
          if (concurrency === 1)
            run.mainThreadToFirstToken.push(processGroupMainThreadCpuMs(serverGroup) - mainThreadBefore);
        });
        const first = chat.firstTokenAt - t0;
        run.firstTokens.push(first);
        (inFirstWave ? run.firstWave : run.afterFirstWave).push(first);
        if (!run.slowest || first > run.slowest.firstTokenMs)
          run.slowest = { question, sentAtMs: t0 - started, firstTokenMs: first };
        run.totals.push(performance.now() - t0);
        run.streamed.push(conversationId);
        if (chat.budgetCut) run.budgetCuts++;
      } catch (error) {
        run.errors++;
        console.error(`  ! ${question}: ${(error as Error).message}`);
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, client));
  run.seconds = (performance.now() - started) / 1000;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  run.clientCpuMs = (clientCpu.user + clientCpu.system) / 1000;
  const cpuAfter = processGroupCpuSeconds(serverGroup);
  for (const [name, seconds] of cpuAfter) run.serverCpuByProcess.set(name, seconds - (cpuBefore.get(name) ?? 0));
  run.serverCpuSeconds = [...run.serverCpuByProcess.values()].reduce((sum, seconds) => sum + seconds, 0);
  run.stored = await countStoredAnswers(base, cookie, run.streamed);
  return run;
}

/** The client's connections: kept alive, as a browser's are (and as fetch's were). */
const clientAgent = new http.Agent({ keepAlive: true });

/** Posts one question and reads its answer stream to the end; `onFirstToken` runs as the first text delta's marker
 * arrives. Rejects on an error status, an error part or a stream without text. */
function postChat(
  base: string,
  cookie: string,
  conversationId: string,
  question: string,
  onFirstToken: () => void,
): Promise<{ firstTokenAt: number; budgetCut: boolean }> {
  const body = JSON.stringify({
    conversationId,
    message: { id: randomUUID(), role: "user", parts: [{ type: "text", text: question }] },
  });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/api/chat`,
      {
        method: "POST",
        agent: clientAgent,
        headers: {
          "content-type": "application/json",
          origin: base,
          cookie,
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`HTTP ${response.statusCode}`));
          return;
        }
        response.setEncoding("utf8");
        let firstTokenAt: number | null = null;
        let failed = false;
        let budgetCut = false;
        // A marker may straddle two chunks: each search also sees the end of the previous chunk.
        let carry = "";
        response.on("data", (chunk: string) => {
          const text = carry + chunk;
          if (firstTokenAt === null && text.includes('"type":"text-delta"')) {
            firstTokenAt = performance.now();
            onFirstToken();
          }
          if (text.includes('"type":"error"')) failed = true;
          if (text.includes("time budget")) budgetCut = true;
          carry = chunk.slice(-32);
        });
        response.on("error", reject);
        response.on("end", () => {
          if (failed || firstTokenAt === null) reject(new Error("stream without an answer"));
          else resolve({ firstTokenAt, budgetCut });
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Runs `bursts` bursts of `size` questions each sent in the same instant; before each the server has finished
 * the previous one's answers and its deferred work (it is quiet). */
async function runBursts(
  base: string,
  cookie: string,
  bursts: number,
  size: number,
  serverGroup: number,
): Promise<{ runs: HttpRun[]; firstTokens: number[] }> {
  const runs: HttpRun[] = [];
  for (let burst = 0; burst < bursts; burst++) {
    await untilServerSettles(serverGroup);
    const questions = Array.from(
      { length: size },
      (_, i) => BENCH_QUESTIONS[(burst * size + i) % BENCH_QUESTIONS.length]!,
    );
    runs.push(await runChats(base, cookie, questions, size, serverGroup));
  }
  return { runs, firstTokens: runs.flatMap((run) => run.firstTokens) };
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
  console.log(`client CPU (this process, sharing the cores): ${(run.clientCpuMs / run.chats).toFixed(1)} ms per chat`);
  console.log(
    `throughput: ${throughput.toFixed(1)} chats/s over ${run.seconds.toFixed(1)} s; server CPU ${(cpuPerChat * 1000).toFixed(1)} ms per chat, ` +
      `CPU floor ${floor.toFixed(1)} chats/s (${availableParallelism()} cores ÷ CPU per chat); floor ÷ throughput ${(floor / throughput).toFixed(2)}`,
  );
}

function reportBursts(engine: string, bursts: { runs: HttpRun[]; firstTokens: number[] }): void {
  const { runs, firstTokens } = bursts;
  const size = runs[0]?.chats ?? 0;
  console.log(
    `\n${runs.length} bursts of ${size} questions sent in the same instant, each to a quiet server, against next start on ${engine} (ms; load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(" ")})`,
  );
  console.log(
    "| measure            |      p50 |      p95 |      max |\n|--------------------|----------|----------|----------|",
  );
  console.log(row("first token", firstTokens));
  console.log(
    row(
      "whole answer",
      runs.flatMap((run) => run.totals),
    ),
  );
  console.log(`p95 of each burst: ${runs.map((run) => percentile(run.firstTokens, 95).toFixed(0)).join(", ")}`);
  const sum = (of: (run: HttpRun) => number) => runs.reduce((total, run) => total + of(run), 0);
  const chats = sum((run) => run.chats);
  console.log(
    `errors: ${sum((run) => run.errors)}, answers streamed ${sum((run) => run.streamed.length)} / stored ${sum((run) => run.stored)}`,
  );
  console.log(
    `server CPU ${((sum((run) => run.serverCpuSeconds) * 1000) / chats).toFixed(1)} ms per chat, client CPU ${(sum((run) => run.clientCpuMs) / chats).toFixed(1)} ms per chat`,
  );
}

/** Rounds of the heavy run: the heavy questions sent at once, each round to a quiet server. */
const HEAVY_ROUNDS = 3;

/** Each round: every heavy question sent in the same instant, and beside them one client asking the bench's
 * light questions one after another until the heavy ones are answered: how long the heavy questions take, and
 * whether the other chats still get their first words quickly. */
async function runHeavy(base: string, cookie: string, group: number): Promise<{ heavy: HttpRun[]; light: HttpRun[] }> {
  const heavy: HttpRun[] = [];
  const light: HttpRun[] = [];
  for (let round = 0; round < HEAVY_ROUNDS; round++) {
    await untilServerSettles(group);
    let heavyDone = false;
    const heavyRun = runChats(base, cookie, HEAVY_QUESTIONS, HEAVY_QUESTIONS.length, group).finally(
      () => (heavyDone = true),
    );
    const lightRuns: HttpRun[] = [];
    for (let i = 0; !heavyDone; i++) {
      lightRuns.push(await runChats(base, cookie, [BENCH_QUESTIONS[i % BENCH_QUESTIONS.length]!], 1, group));
    }
    heavy.push(await heavyRun);
    light.push(...lightRuns);
  }
  return { heavy, light };
}

function reportHeavy(engine: string, { heavy, light }: { heavy: HttpRun[]; light: HttpRun[] }): void {
  console.log(
    `\n${heavy.length} rounds of ${HEAVY_QUESTIONS.length} heavy questions sent at once, with one client asking light questions one after another beside them, against next start on ${engine} (ms; load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(" ")})`,
  );
  console.log(
    "| measure            |      p50 |      p95 |      max |\n|--------------------|----------|----------|----------|",
  );
  console.log(
    row(
      "heavy: whole",
      heavy.flatMap((run) => run.totals),
    ),
  );
  console.log(
    row(
      "heavy: first token",
      heavy.flatMap((run) => run.firstTokens),
    ),
  );
  console.log(
    row(
      "light: first token",
      light.flatMap((run) => run.firstTokens),
    ),
  );
  console.log(
    row(
      "light: whole",
      light.flatMap((run) => run.totals),
    ),
  );
  const all = [...heavy, ...light];
  const sum = (runs: readonly HttpRun[], of: (run: HttpRun) => number) =>
    runs.reduce((total, run) => total + of(run), 0);
  const cuts = (run: HttpRun) => run.budgetCuts;
  console.log(
    `heavy answers cut by the time budget: ${sum(heavy, cuts)} of ${heavy.length * HEAVY_QUESTIONS.length}; light chats: ${light.length}, cut: ${sum(light, cuts)}; errors: ${sum(all, (run) => run.errors)}, answers streamed ${sum(all, (run) => run.streamed.length)} / stored ${sum(all, (run) => run.stored)}`,
  );
}

/** Part 3 on PGlite, then (when DATABASE_URL is set) on a scratch PostgreSQL database. */
export async function benchChats(options: ChatBenchOptions): Promise<void> {
  if (!existsSync(".next/BUILD_ID")) spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  if (!options.postgresOnly) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fg-bench-"));
    try {
      const db = await openDatabase({ kind: "pglite", dataDir });
      await options.prepare(db);
      await db.close();
      await chatAgainstServer(options, "PGlite", { FINGROUND_PGLITE_DIR: dataDir, DATABASE_URL: "" });
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
    await options.prepare(db);
    for (const count of options.processes ?? [undefined]) {
      const engine = count ? `PostgreSQL, ${count} server process${count === "1" ? "" : "es"}` : "PostgreSQL";
      await chatAgainstServer(options, engine, {
        DATABASE_URL: scratchUrl,
        ...(count && { FINGROUND_SERVER_PROCESSES: count }),
      });
    }
  });
}

/** Bursts of 20 in the bursts run: 160 first tokens, enough for a p95 that one slow burst cannot move alone. */
const BURSTS = 8;

/** Chats of the sustained 20-concurrent run: the first 20 are a tenth of them. */
const SUSTAINED_CHATS = 200;

/** Chats each server process answers before the measured runs. */
const WARM_UP_CHATS = 30;

/** Starts the server as npm start does on the prepared database `serverEnv` names, runs the chats, and stops it. */
async function chatAgainstServer(
  options: ChatBenchOptions,
  engine: string,
  serverEnv: Record<string, string>,
): Promise<void> {
  const { port } = options;
  console.log(`\nStarting npm start's server on :${port} (${engine})…`);
  // Every server process writes its own profile (npm start passes these flags on to them).
  const profile = options.serverCpuProfile ? ["--cpu-prof", `--cpu-prof-dir=${options.serverCpuProfile}`] : [];
  const server = spawn(
    process.execPath,
    [...profile, "--import", "tsx", "scripts/start.ts", "-H", "127.0.0.1", "-p", String(port)],
    {
      detached: true,
      stdio: ["ignore", "ignore", "inherit"],
      // Chats run as the demo investor; the per-user chat rate limit would otherwise refuse a benchmark.
      env: {
        ...process.env,
        FINGROUND_TODAY: options.today,
        FINGROUND_DEMO_ACCOUNTS: "1",
        FINGROUND_CHAT_RATE_LIMIT: "off",
        // Measured as a server is once its first start's background work is done (news embedded above): the
        // data folder's filings would otherwise be ingested during the chats (minutes of work, and each run
        // a new data version that empties the fact store).
        DOCUMENTS_LOAD_ON_START: "off",
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
    reportHeavy(engine, await runHeavy(base, cookie, group));
    if (options.heavyOnly) return;
    report(engine, "one chat at a time", await runChats(base, cookie, BENCH_QUESTIONS.slice(0, 20), 1, group));
    report(engine, "20 concurrent", await runChats(base, cookie, BENCH_QUESTIONS.slice(0, 40), 20, group));
    reportBursts(engine, await runBursts(base, cookie, BURSTS, 20, group));
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
