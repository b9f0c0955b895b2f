// npm start with two server processes, on a scratch PostgreSQL database (needs DATABASE_URL) and on a new
// PGlite folder that the primary serves to them: both prepare and warm, one creates the demo accounts, chats
// are answered and stored by both, a killed process is replaced, and SIGTERM ends the primary and every server
// process within seconds, finishing the answers in flight (on PGlite, with the folder closed and every answer in it).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "@/lib/auth/demo-accounts";
import type { ConversationDetail } from "@/lib/conversation/api";
import { openDatabase } from "@/lib/db/client";
import { testBackends, type TestDatabase } from "@/test/db";
import { freePort } from "./testing/free-port";

/** As in start-shutdown.test.ts: the server's own deadline is 5 s, the rest is slack for a loaded machine. */
const EXIT_WITHIN_MS = 8000;
/** A fresh database: migrations, the seed and the data folder's news, loaded by whichever process locks first. */
const READY_WITHIN_MS = 400_000;

const postgres = testBackends().find((backend) => backend.name === "postgres");

/** The server processes (Next's CLI) whose parent is `pid`, from /proc; tsx's esbuild service is a child too. */
function serverProcessesOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // The fields after the command name, which is in parentheses and may hold spaces: state, then the parent.
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        // Next names its process "next-server (v…)", which replaces the command line.
        return (
          parent === pid && /next-server|next\/dist\/bin\/next/.test(readFileSync(`/proc/${entry}/cmdline`, "utf8"))
        );
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/** CPU clock ticks (user + system) a process has used. */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern, "g"))?.length ?? 0;

/** Where the server processes' database is: its environment, and how to let it go after the test. */
interface ClusterDatabase {
  env: Record<string, string>;
  dispose(): Promise<void>;
}

const SETUPS: { name: string; skip: boolean; open(): Promise<ClusterDatabase> }[] = [
  {
    name: "PostgreSQL",
    skip: !postgres,
    async open() {
      const database: TestDatabase = await postgres!.open();
      return { env: { DATABASE_URL: database.url! }, dispose: () => database.dispose() };
    },
  },
  {
    name: "PGlite, served by the primary",
    skip: false,
    async open() {
      const dataDir = mkdtempSync(path.join(tmpdir(), "fg-cluster-pglite-"));
      return {
        env: { DATABASE_URL: "", FINGROUND_PGLITE_DIR: dataDir },
        dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
];

describe.each(SETUPS.filter((setup) => !setup.skip))("npm start with two server processes on $name", (setup) => {
  let database: ClusterDatabase;
  let primary: ChildProcess;
  let output = "";
  let base = "";
  let cookie = "";

  beforeAll(async () => {
    database = await setup.open();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // The primary itself (not the tsx CLI in front of it), so its children are the server processes.
    primary = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", "-H", "127.0.0.1", "-p", String(port)], {
      env: {
        ...process.env,
        ...database.env,
        FINGROUND_SERVER_PROCESSES: "2",
        FINGROUND_DEMO_ACCOUNTS: "1",
        FINGROUND_CHAT_RATE_LIMIT: "off",
        // No background CPU, so a process's CPU during the chats is its chats'.
        NEWS_EMBED_ON_START: "off",
        DOCUMENTS_LOAD_ON_START: "off",
        OPENAI_BASE_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    primary.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    primary.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(
      "both server processes to warm",
      () => count(output, /FinGround data in memory/) === 2,
      READY_WITHIN_MS,
    );
  }, READY_WITHIN_MS + 30_000);

  afterAll(async () => {
    if (primary?.exitCode === null) primary.kill("SIGKILL");
    for (const pid of primary?.pid ? serverProcessesOf(primary.pid) : []) process.kill(pid, "SIGKILL");
    await database?.dispose();
  });

  it("says how many processes and why; each prepares and warms, one creates the demo accounts", () => {
    expect(output).toContain("FinGround serving with 2 server processes (FINGROUND_SERVER_PROCESSES)");
    expect(output.includes("FinGround embedded database: PGlite at")).toBe(Boolean(database.env.FINGROUND_PGLITE_DIR));
    expect(count(output, /FinGround database (ready|seed loaded)/)).toBe(2);
    const dataDir = database.env.FINGROUND_PGLITE_DIR;
    if (dataDir) expect(count(output, new RegExp(`PGlite at ${dataDir}, served by npm start's primary`))).toBe(2);
    expect(count(output, /FinGround data in memory/)).toBe(2);
    expect(count(output, /FinGround demo accounts enabled/)).toBe(1);
    expect(serverProcessesOf(primary.pid!)).toHaveLength(2);
  });

  async function signIn(): Promise<string> {
    const investor = DEMO_ACCOUNTS.find((account) => account.role === "investor")!;
    let response: Response | undefined;
    // The demo accounts come from the first process; the other may answer before they exist.
    await waitFor(
      "the demo investor's sign-in",
      async () => {
        response = await fetch(`${base}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: base },
          body: JSON.stringify({ email: investor.email, password: DEMO_PASSWORD }),
        });
        return response.status !== 401;
      },
      60_000,
    );
    expect(response!.status).toBe(200);
    return response!.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  /** Sends the questions at once and returns their conversation ids once every answer has streamed to its end. */
  async function chat(questions: readonly string[]): Promise<string[]> {
    const { conversationIds, streams } = await chatsStreaming(questions);
    for (const stream of await streams) expect(stream).toContain("text-delta");
    return conversationIds;
  }

  /** Conversations whose answer is stored, read back as the app shows them. */
  async function storedAnswers(conversationIds: string[]): Promise<number> {
    let stored = 0;
    for (const id of conversationIds) {
      const response = await fetch(`${base}/api/conversations/${id}`, { headers: { cookie } });
      if (!response.ok) continue;
      const { messages } = (await response.json()) as ConversationDetail;
      if (messages.some((m) => m.role === "assistant" && m.parts.some((p) => p.type === "text" && p.text.length > 0)))
        stored++;
    }
    return stored;
  }
  const answered: string[] = [];

  const QUESTIONS = [
    "What was Apple's revenue in fiscal 2023?",
    "Compare Apple and Nvidia net income over the last 8 quarters",
    "Tesla revenue 2022",
    "Microsoft operating margin 2023",
    "Amazon free cash flow last 3 years",
    "Nvidia gross margin fiscal 2024",
  ];

  it("answers and stores chats in both processes", async () => {
    cookie = await signIn();
    const workers = serverProcessesOf(primary.pid!);
    expect(workers).toHaveLength(2);
    const before = workers.map(cpuTicks);
    const ids = await chat(QUESTIONS);
    // Each process's first chats load the chat route and its modules: hundreds of ms of CPU, against ~0 idle.
    const used = workers.map((pid, i) => cpuTicks(pid) - before[i]!);
    console.log(
      `[cluster] CPU ticks (1/100 s) per server process during ${QUESTIONS.length} chats: ${used.join(", ")}`,
    );
    for (const ticks of used)
      expect(ticks, `CPU ticks per server process during the chats: ${used}`).toBeGreaterThan(5);
    await waitFor("the answers to be stored", async () => (await storedAnswers(ids)) === ids.length, 15_000);
    answered.push(...ids);
  }, 120_000);

  it("replaces a server process that dies, and keeps answering", async () => {
    const [victim] = serverProcessesOf(primary.pid!);
    process.kill(victim!, "SIGKILL");
    await waitFor(
      "a replacement process",
      () => serverProcessesOf(primary.pid!).length === 2 && !serverProcessesOf(primary.pid!).includes(victim!),
      10_000,
    );
    // The primary's line travels a pipe: it may arrive after the replacement shows in /proc.
    await waitFor(
      "the primary to report the replacement",
      () => /FinGround server process \d exited \(signal SIGKILL\); starting another/.test(output),
      10_000,
    );
    await waitFor("the replacement to warm", () => count(output, /FinGround agent ready/) === 3, 120_000);
    const ids = await chat(QUESTIONS.slice(0, 4));
    await waitFor("the answers to be stored", async () => (await storedAnswers(ids)) === ids.length, 15_000);
    answered.push(...ids);
  }, 180_000);

  /** Sends the questions at once (fetch: kept-alive connections, as a browser's) and resolves once every answer
   * has its first words, with their conversation ids and each one's whole stream to come. */
  async function chatsStreaming(
    questions: readonly string[],
  ): Promise<{ conversationIds: string[]; streams: Promise<string[]> }> {
    const chats = await Promise.all(
      questions.map(async (question) => {
        const conversationId = crypto.randomUUID();
        const response = await fetch(`${base}/api/chat`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie, origin: base },
          body: JSON.stringify({
            conversationId,
            message: { id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text: question }] },
          }),
        });
        expect(response.status).toBe(200);
        const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
        let text = "";
        while (!text.includes('"type":"text-delta"')) {
          const { done, value } = await reader.read();
          if (done) break;
          text += value;
        }
        const rest = async () => {
          for (let read = await reader.read(); !read.done; read = await reader.read()) text += read.value;
          return text;
        };
        return { conversationId, stream: rest() };
      }),
    );
    return { conversationIds: chats.map((c) => c.conversationId), streams: Promise.all(chats.map((c) => c.stream)) };
  }

  it("stops the primary and every server process within seconds of SIGTERM, finishing the answers in flight", async () => {
    const workers = serverProcessesOf(primary.pid!);
    // Answering at the signal: each answer streams to its end and is stored, and its kept-alive connection does
    // not hold its server process after it (scripts/close-idle-on-stop.cjs).
    const inFlight = await chatsStreaming(QUESTIONS.slice(0, 4));
    const exited = new Promise<void>((resolve) => primary.once("exit", () => resolve()));
    const sent = Date.now();
    primary.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    const took = Date.now() - sent;
    console.log(`[cluster shutdown] exited ${took} ms after SIGTERM`);
    expect(took, output.slice(-2000)).toBeLessThan(EXIT_WITHIN_MS);
    expect(workers.filter(isAlive)).toEqual([]);
    expect(
      await fetch(`${base}/api/health`).then(
        () => true,
        () => false,
      ),
    ).toBe(false);
    for (const stream of await inFlight.streams) expect(stream).toContain("data: [DONE]");
    answered.push(...inFlight.conversationIds);
    const dataDir = database.env.FINGROUND_PGLITE_DIR;
    // On PGlite the primary closed the folder it served: unlocked. Every answer is stored, those in flight too.
    if (dataDir) expect(existsSync(path.join(dataDir, "finground.lock"))).toBe(false);
    const reopened = await openDatabase(
      dataDir ? { kind: "pglite", dataDir } : { kind: "postgres", url: database.env.DATABASE_URL!, poolSize: 1 },
    );
    try {
      const stored = await reopened.prisma.message.count({
        where: { conversationId: { in: answered }, role: "assistant", model: { not: null } },
      });
      expect(stored).toBe(answered.length);
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
