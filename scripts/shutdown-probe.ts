// Busy shutdown, measured: npm start's server (scripts/start.ts, as `npm start` runs it) answering 10 chats at once
// gets SIGTERM, to its whole process group (as a terminal's Ctrl-C or a container stop sends it) or to the primary
// alone, the moment every answer has started streaming (or 1 s after they were sent). The promise: every process
// of the group is gone within 5 s and no answer in flight is lost (each completes its stream and is stored, or,
// cut, its question is stored for the user to ask again). Each run restarts the server; the database outlives the
// runs. After each run the database is read directly: on PGlite that also shows the primary closed it cleanly.
//   npx tsx scripts/shutdown-probe.ts [--engine pglite|postgres|both] [--runs N] [--signal-to group|primary]
//     [--port N] [--postgres-url URL (a server where a scratch database may be created; default 127.0.0.1:5432)]
//     [--chats N (in flight at the signal, default 10)] [--keep-alive on|off (the client's connections, default on)]
//     [--log-dir DIR (each run's server output and streams)]
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { z } from "zod";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "@/lib/auth/demo-accounts";
import { readConfig, serverProcesses } from "@/lib/core/config";
import { openDatabase, type DatabaseConfig } from "@/lib/db/client";
import { BENCH_QUESTIONS } from "./bench/questions";
import { percentile } from "./bench/stats";
import { buildIfStale } from "./build-if-stale";
import { groupProcesses, type GroupProcess } from "./testing/process-group";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "both" },
    runs: { type: "string", default: "6" },
    "signal-to": { type: "string", default: "group" },
    port: { type: "string", default: "3390" },
    "postgres-url": { type: "string", default: "postgresql://postgres@127.0.0.1:5432/postgres" },
    chats: { type: "string", default: "10" },
    "keep-alive": { type: "string", default: "on" },
    "log-dir": { type: "string", default: path.join(tmpdir(), "fg-shutdown-probe-logs") },
  },
});
const options = z
  .object({
    engine: z.enum(["pglite", "postgres", "both"]),
    runs: z.coerce.number().int().min(1).max(100),
    "signal-to": z.enum(["group", "primary"]),
    port: z.coerce.number().int().min(1024).max(65535),
    "postgres-url": z.url({ protocol: /^postgres(ql)?$/ }),
    chats: z.coerce.number().int().min(1).max(100),
    "keep-alive": z.enum(["on", "off"]),
    "log-dir": z.string().min(1),
  })
  .parse(values);

/** The promise under test. */
const PROMISED_MS = 5000;
/** Until the answers have started streaming, at most this long after they were sent. */
const STREAMING_WAIT_MS = 1000;
/** A first start on a fresh database loads the seed and the data folder's news. */
const READY_WITHIN_MS = 600_000;
/** Past the promise, how long the probe waits before it kills what is left (and reports it). */
const GIVE_UP_MS = 30_000;
const WARM_UP_CHATS_PER_PROCESS = 3;

/** The live processes of process group `groupId` (zombies count as gone: they have exited). */
function liveGroupProcesses(groupId: number): GroupProcess[] {
  return groupProcesses(groupId).filter((p) => p.state !== "Z");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

interface Server {
  child: ChildProcess;
  group: number;
  base: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; atMs: number }>;
}

/** Starts the server as npm start does, in its own process group (detached), and waits until it is warm. */
async function startServer(serverEnv: Record<string, string>, processes: number): Promise<Server> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/start.ts", "-H", "127.0.0.1", "-p", String(options.port)],
    {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        FINGROUND_DEMO_ACCOUNTS: "1",
        FINGROUND_CHAT_RATE_LIMIT: "off",
        // Chats alone: no data-folder ingest or news embedding competing with them at the signal.
        DOCUMENTS_LOAD_ON_START: "off",
        NEWS_EMBED_ON_START: "off",
        OPENAI_BASE_URL: "",
        NEXT_TELEMETRY_DISABLED: "1",
        ...serverEnv,
      },
    },
  );
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; atMs: number }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, atMs: performance.now() })),
  );
  const server: Server = {
    child,
    group: child.pid!,
    base: `http://127.0.0.1:${options.port}`,
    output: () => output,
    exited,
  };
  try {
    await waitFor(
      "every server process to warm",
      () => {
        if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output.slice(-3000)}`);
        return (output.match(/FinGround agent ready/g)?.length ?? 0) >= processes;
      },
      READY_WITHIN_MS,
    );
    await untilSettled(server.group);
  } catch (error) {
    stopForGood(server);
    throw error;
  }
  return server;
}

/** Until the group uses under 10% of a core over half a second (its start-up work done), or 60 s. */
async function untilSettled(group: number): Promise<void> {
  const cpu = () => liveGroupProcesses(group).reduce((sum, p) => sum + p.cpuSeconds, 0);
  const started = Date.now();
  let before = cpu();
  while (Date.now() - started < 60_000) {
    await sleep(500);
    const now = cpu();
    if (now - before < 0.05) return;
    before = now;
  }
}

function stopForGood(server: Server): void {
  try {
    process.kill(-server.group, "SIGKILL");
  } catch {
    // gone already
  }
}

async function signIn(base: string): Promise<string> {
  const investor = DEMO_ACCOUNTS.find((account) => account.role === "investor")!;
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email: investor.email, password: DEMO_PASSWORD }),
    });
    // The demo accounts come from the first server process; another may answer before they exist.
    if (response.status === 401 && attempt < 60) {
      await sleep(1000);
      continue;
    }
    if (!response.ok) throw new Error(`sign-in failed: HTTP ${response.status} ${await response.text()}`);
    return response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }
}

/** One chat as the client saw it. */
interface Chat {
  conversationId: string;
  question: string;
  status: number | null;
  firstTextAt: number | null;
  endedAt: number | null;
  /** The stream's last line ("data: [DONE]") arrived and the response ended normally. */
  finished: boolean;
  ended: boolean;
  /** The error part's text, or the connection's error. */
  error: string | null;
  body: string;
}

// Kept-alive connections, as a browser's are (--keep-alive off: one connection per chat, closed after it).
const agent = new http.Agent({ keepAlive: options["keep-alive"] === "on" });

/** Posts one question; `started` resolves at its first text delta (or when the request ends), `done` when it ends. */
function postChat(
  base: string,
  cookie: string,
  question: string,
): { chat: Chat; started: Promise<void>; done: Promise<void> } {
  const chat: Chat = {
    conversationId: randomUUID(),
    question,
    status: null,
    firstTextAt: null,
    endedAt: null,
    finished: false,
    ended: false,
    error: null,
    body: "",
  };
  const payload = JSON.stringify({
    conversationId: chat.conversationId,
    message: { id: randomUUID(), role: "user", parts: [{ type: "text", text: question }] },
  });
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const done = new Promise<void>((resolve) => {
    const finish = (error: string | null) => {
      if (chat.ended) return;
      chat.ended = true;
      chat.endedAt = performance.now();
      if (error && !chat.error) chat.error = error;
      markStarted();
      resolve();
    };
    const request = http.request(
      `${base}/api/chat`,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          origin: base,
          cookie,
          "content-length": Buffer.byteLength(payload),
        },
      },
      (response) => {
        chat.status = response.statusCode ?? null;
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          chat.body += chunk;
          if (chat.firstTextAt === null && chat.body.includes('"type":"text-delta"')) {
            chat.firstTextAt = performance.now();
            markStarted();
          }
        });
        response.on("aborted", () => finish("response aborted"));
        response.on("close", () => finish(response.complete ? null : "connection closed mid-response"));
        response.on("error", (error) => finish(`response ${error.message}`));
        response.on("end", () => {
          chat.error ??= streamError(chat.body);
          chat.finished = chat.status === 200 && chat.body.includes("data: [DONE]") && chat.error === null;
          finish(chat.status === 200 ? null : `HTTP ${chat.status}`);
        });
      },
    );
    request.on("error", (error) => finish(`request ${error.message}`));
    request.end(payload);
  });
  return { chat, started, done };
}

/** The text of the stream's error part, if it has one. */
function streamError(body: string): string | null {
  for (const line of body.split("\n")) {
    if (!line.startsWith("data: {")) continue;
    try {
      const part = JSON.parse(line.slice(6)) as { type?: string; errorText?: string };
      if (part.type === "error") return part.errorText ?? "error part";
    } catch {
      // a cut line
    }
  }
  return null;
}

/** What the database holds for a conversation after the server stopped. */
interface Stored {
  question: boolean;
  answer: boolean;
}

async function readStored(config: DatabaseConfig, conversationIds: string[]): Promise<Map<string, Stored>> {
  const db = await openDatabase(config);
  try {
    const messages = await db.prisma.message.findMany({
      where: { conversationId: { in: conversationIds } },
      select: { conversationId: true, role: true, parts: true },
    });
    const stored = new Map(conversationIds.map((id) => [id, { question: false, answer: false }]));
    for (const m of messages) {
      const entry = stored.get(m.conversationId)!;
      if (m.role === "user") entry.question = true;
      else if (Array.isArray(m.parts) && m.parts.length > 0) entry.answer = true;
    }
    return stored;
  } finally {
    await db.close();
  }
}

interface RunResult {
  groupExitMs: number;
  primaryExitMs: number;
  processesAtSignal: number;
  completed: number;
  cut: number;
  failed: number;
  /** Streamed to its end but not stored, or cut with not even its question stored, or failed. */
  lost: number;
  startedAtSignal: number;
  /** When the last answer's stream ended, after the signal. */
  lastAnswerEndedMs: number;
  killedByProbe: boolean;
  notes: string[];
}

async function probeRun(
  engine: Engine,
  run: number,
  serverEnv: Record<string, string>,
  processes: number,
): Promise<RunResult> {
  const server = await startServer(serverEnv, processes);
  const notes: string[] = [];
  let killedByProbe = false;
  try {
    const cookie = await signIn(server.base);
    // One connection per process and chat, so every server process has answered before.
    const warmUp = Array.from({ length: WARM_UP_CHATS_PER_PROCESS * processes }, (_, i) => BENCH_QUESTIONS[i]!);
    for (let i = 0; i < warmUp.length; i += processes)
      await Promise.all(warmUp.slice(i, i + processes).map((q) => postChat(server.base, cookie, q).done));
    await untilSettled(server.group);

    const questions = Array.from(
      { length: options.chats },
      (_, i) => BENCH_QUESTIONS[(run * options.chats + i + warmUp.length) % BENCH_QUESTIONS.length]!,
    );
    const chats = questions.map((q) => postChat(server.base, cookie, q));
    await Promise.race([Promise.all(chats.map((c) => c.started)), sleep(STREAMING_WAIT_MS)]);
    const startedAtSignal = chats.filter((c) => c.chat.firstTextAt !== null && !c.chat.ended).length;
    const atSignal = liveGroupProcesses(server.group);
    const signalled = performance.now();
    process.kill(options["signal-to"] === "group" ? -server.group : server.group, "SIGTERM");

    let groupExitMs = Number.NaN;
    const goneAt = new Map<number, number>();
    while (performance.now() - signalled < GIVE_UP_MS) {
      const live = new Set(liveGroupProcesses(server.group).map((p) => p.pid));
      for (const p of atSignal)
        if (!live.has(p.pid) && !goneAt.has(p.pid)) goneAt.set(p.pid, performance.now() - signalled);
      if (live.size === 0) {
        groupExitMs = performance.now() - signalled;
        break;
      }
      await sleep(10);
    }
    if (Number.isNaN(groupExitMs)) {
      const left = liveGroupProcesses(server.group);
      notes.push(`still running after ${GIVE_UP_MS} ms: ${left.map((p) => `${p.pid} ${p.command}`).join(", ")}`);
      killedByProbe = true;
      stopForGood(server);
      groupExitMs = GIVE_UP_MS;
    }
    notes.push(
      `gone: ${atSignal.map((p) => `${p.pid} ${p.command} ${goneAt.get(p.pid)?.toFixed(0) ?? "?"} ms`).join(", ")}`,
    );
    const exit = await server.exited;
    const primaryExitMs = exit.atMs - signalled;
    if (exit.code !== 143 && exit.signal === null) notes.push(`primary exit code ${exit.code}`);
    if (exit.signal) notes.push(`primary ended by ${exit.signal}`);
    // The streams end with the processes (a cut connection errors at once).
    await Promise.race([Promise.all(chats.map((c) => c.done)), sleep(5000)]);

    if (engine.dataDir && existsSync(path.join(engine.dataDir, "finground.lock")))
      notes.push("PGlite folder still locked after the primary exited");
    const stored = await readStored(
      engine.config,
      chats.map((c) => c.chat.conversationId),
    );
    let completed = 0;
    let cut = 0;
    let failed = 0;
    let lost = 0;
    for (const { chat } of chats) {
      const s = stored.get(chat.conversationId)!;
      if (chat.finished) {
        completed++;
        if (!s.answer) {
          lost++;
          notes.push(`completed but not stored: "${chat.question}"`);
        }
      } else if (chat.error && streamError(chat.body)) {
        failed++;
        lost++;
        notes.push(`failed: "${chat.question}": ${chat.error}`);
      } else {
        cut++;
        if (!s.question) lost++;
        notes.push(
          `cut (${chat.error ?? "ended without its finish part"}; question ${s.question ? "" : "not "}stored, answer ${s.answer ? "" : "not "}stored): "${chat.question}"`,
        );
      }
    }
    // Each run's server output and streams, for a look at what a figure hides.
    mkdirSync(options["log-dir"], { recursive: true });
    const runName = `${engine.name}-${options["signal-to"]}-${run + 1}`;
    writeFileSync(path.join(options["log-dir"], `${runName}.server.log`), server.output());
    writeFileSync(
      path.join(options["log-dir"], `${runName}.chats.json`),
      JSON.stringify(
        chats.map(({ chat }) => ({
          ...chat,
          firstTextAt: chat.firstTextAt && chat.firstTextAt - signalled,
          endedAt: chat.endedAt && chat.endedAt - signalled,
        })),
        null,
        1,
      ),
    );
    for (const line of server.output().split("\n"))
      if (/did not close cleanly|Could not store the answer|storing answer .* failed|Error|error:/i.test(line))
        notes.push(`server: ${line.trim().slice(0, 240)}`);
    return {
      groupExitMs,
      primaryExitMs,
      processesAtSignal: atSignal.length,
      completed,
      cut,
      failed,
      lost,
      startedAtSignal,
      lastAnswerEndedMs: Math.max(...chats.map((c) => (c.chat.endedAt ?? Number.NaN) - signalled)),
      killedByProbe,
      notes,
    };
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      stopForGood(server);
      await server.exited;
    }
  }
}

interface Engine {
  name: "PGlite" | "PostgreSQL";
  serverEnv: Record<string, string>;
  config: DatabaseConfig;
  dataDir: string | null;
  dispose(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: options["postgres-url"] });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function openEngine(name: "pglite" | "postgres"): Promise<Engine> {
  if (name === "pglite") {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fg-shutdown-probe-"));
    return {
      name: "PGlite",
      serverEnv: { DATABASE_URL: "", FINGROUND_PGLITE_DIR: dataDir },
      config: { kind: "pglite", dataDir },
      dataDir,
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = `fg_shutdown_probe_${randomBytes(4).toString("hex")}`;
  await adminQuery(`CREATE DATABASE "${database}"`);
  const url = new URL(options["postgres-url"]);
  url.pathname = `/${database}`;
  return {
    name: "PostgreSQL",
    serverEnv: { DATABASE_URL: url.toString() },
    config: { kind: "postgres", url: url.toString(), poolSize: 2 },
    dataDir: null,
    dispose: () => adminQuery(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`),
  };
}

const ms = (value: number) => value.toFixed(0).padStart(6);

function summarize(engine: string, results: RunResult[]): void {
  const group = results.map((r) => r.groupExitMs);
  const primary = results.map((r) => r.primaryExitMs);
  const sum = (of: (r: RunResult) => number) => results.reduce((total, r) => total + of(r), 0);
  console.log(
    `\n${engine}, SIGTERM to the ${options["signal-to"] === "group" ? "process group" : "primary alone"}, ${results.length} runs of ${options.chats} chats in flight (ms after the signal)`,
  );
  console.log("| exit of            |    min | median |    max |\n|--------------------|--------|--------|--------|");
  console.log(
    `| every process      | ${ms(Math.min(...group))} | ${ms(percentile(group, 50))} | ${ms(Math.max(...group))} |`,
  );
  console.log(
    `| the primary        | ${ms(Math.min(...primary))} | ${ms(percentile(primary, 50))} | ${ms(Math.max(...primary))} |`,
  );
  console.log(
    `runs over ${PROMISED_MS} ms: ${group.filter((t) => t > PROMISED_MS).length}; answers: ${sum((r) => r.completed)} completed, ${sum((r) => r.cut)} cut, ${sum((r) => r.failed)} failed, ${sum((r) => r.lost)} lost (of ${sum(() => options.chats)})`,
  );
}

buildIfStale({ NEXT_TELEMETRY_DISABLED: "1", ...process.env });
const engines = options.engine === "both" ? (["pglite", "postgres"] as const) : ([options.engine] as const);
let missed = false;
for (const name of engines) {
  const engine = await openEngine(name);
  const processes = serverProcesses(readConfig({ ...process.env, ...engine.serverEnv })).count;
  console.log(
    `\n${engine.name}: ${processes} server processes, ${options.runs} runs, SIGTERM to the ${options["signal-to"]}`,
  );
  const results: RunResult[] = [];
  try {
    for (let run = 0; run < options.runs; run++) {
      const result = await probeRun(engine, run, engine.serverEnv, processes);
      results.push(result);
      console.log(
        `  run ${run + 1}: every process gone ${result.groupExitMs.toFixed(0)} ms, primary ${result.primaryExitMs.toFixed(0)} ms ` +
          `(${result.processesAtSignal} processes; ${result.startedAtSignal} of ${options.chats} streaming at the signal, the last ended ${result.lastAnswerEndedMs.toFixed(0)} ms); ` +
          `answers ${result.completed} completed, ${result.cut} cut, ${result.failed} failed, ${result.lost} lost; load ${loadavg()[0]!.toFixed(2)}`,
      );
      for (const note of result.notes) console.log(`    ${note}`);
      if (result.groupExitMs > PROMISED_MS || result.lost > 0 || result.killedByProbe) missed = true;
    }
  } finally {
    if (results.length > 0) summarize(engine.name, results);
    await engine.dispose();
  }
}
process.exit(missed ? 1 : 0);
