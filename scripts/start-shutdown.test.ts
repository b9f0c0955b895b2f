// Shutdown of the real server started as `npm start` does (scripts/start.ts → next start): SIGTERM
// during the first start's background embedding, and after some chats, ends the whole process tree
// within seconds; the embedding resumes on the next start. start.ts builds the app first when there
// is no build or the sources changed since the last one (as npm start does).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "@/lib/auth/demo-accounts";
import { freePort } from "./testing/free-port";

/** "A few seconds": the server's own deadline is 5 s; the rest is slack for a loaded machine. */
const EXIT_WITHIN_MS = 8000;

interface Started {
  child: ChildProcess;
  base: string;
  /** Everything the server printed so far. */
  output: () => string;
}

function start(dataDir: string, port: number): Started {
  const child = spawn(
    process.execPath,
    // As npm start runs it: node itself, with tsx's loader, and no relaying wrapper process.
    ["--import", "tsx", "scripts/start.ts", "-H", "127.0.0.1", "-p", String(port)],
    {
      env: {
        ...process.env,
        DATABASE_URL: "",
        FINGROUND_PGLITE_DIR: dataDir,
        FINGROUND_DEMO_ACCOUNTS: "1",
        FINGROUND_CHAT_RATE_LIMIT: "off",
        NEWS_EMBED_ON_START: "on",
        OPENAI_BASE_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, base: `http://127.0.0.1:${port}`, output: () => output };
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Sends SIGTERM to the process npm start runs and returns how long the tree took to exit. */
async function terminate(server: Started): Promise<number> {
  const exited = new Promise<void>((resolve) => server.child.once("exit", () => resolve()));
  const sent = Date.now();
  server.child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  const took = Date.now() - sent;
  console.log(`[shutdown] exited ${took} ms after SIGTERM`);
  return took;
}

const isServing = (base: string) =>
  fetch(`${base}/api/health`).then(
    () => true,
    () => false,
  );

describe("npm start stops within seconds of SIGTERM", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "fg-shutdown-"));
  const running: Started[] = [];
  afterAll(() => {
    for (const server of running) server.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("during the first start's background embedding", async () => {
    const server = start(dataDir, await freePort());
    running.push(server);
    // The first start loads the seed and the data folder's news, then embeds the news in the background.
    await waitFor("the background embedding", () => /embedding \(/.test(server.output()), 600_000);
    const took = await terminate(server);
    expect(took, server.output().slice(-2000)).toBeLessThan(EXIT_WITHIN_MS);
    // The server itself is gone too, not just the npm start process.
    expect(await isServing(server.base)).toBe(false);
  }, 660_000);

  it("after answering chats, with the embedding resumed", async () => {
    const server = start(dataDir, await freePort());
    running.push(server);
    await waitFor("the server", () => isServing(server.base), 120_000);
    const investor = DEMO_ACCOUNTS.find((account) => account.role === "investor")!;
    const signIn = await fetch(`${server.base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.base },
      body: JSON.stringify({ email: investor.email, password: DEMO_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    for (const question of [
      "What was Apple's revenue in fiscal 2023?",
      "Compare Apple and Nvidia net income over the last 8 quarters",
      "Tesla revenue 2022",
    ]) {
      const response = await fetch(`${server.base}/api/chat`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie, origin: server.base },
        body: JSON.stringify({
          conversationId: crypto.randomUUID(),
          message: { id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text: question }] },
        }),
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("text-delta");
    }
    // Stopped partway before, the embedding picks up what is left (it starts after the server is ready).
    await waitFor("the background embedding to resume", () => /embedding \(/.test(server.output()), 120_000);
    const took = await terminate(server);
    expect(took, server.output().slice(-2000)).toBeLessThan(EXIT_WITHIN_MS);
    expect(await isServing(server.base)).toBe(false);
  }, 300_000);
});
