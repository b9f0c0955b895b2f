// npm start as a process: with the demo accounts on (the default on the embedded database) the server
// must not be reachable on the machine's network address; HOST=0.0.0.0 opens it on purpose.
// It builds the app first when the build is missing or older than the sources, as npm start does.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "./testing/free-port";

const BUILD_AND_START_MS = 600_000;

function externalIPv4(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === "IPv4" && !address.internal)?.address;
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2_000 });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;

afterEach(() => {
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM");
  server = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Starts `npm start` on the embedded database (a scratch folder) and waits until it accepts on loopback. */
async function startServer(extraEnv: Record<string, string>): Promise<{ port: number; output: () => string }> {
  const port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), "finground-start-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    FINGROUND_PGLITE_DIR: dataDir,
    NEWS_EMBED_ON_START: "off",
    ...extraEnv,
  };
  for (const name of ["DATABASE_URL", "HOST", "FINGROUND_DEMO_ACCOUNTS", "NODE_ENV"])
    if (!(name in extraEnv)) delete env[name];
  let output = "";
  server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + BUILD_AND_START_MS - 30_000;
  while (!(await accepts("127.0.0.1", port))) {
    if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm start did not listen on 127.0.0.1:${port}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { port, output: () => output };
}

describe("npm start", () => {
  const external = externalIPv4();

  it("with the demo accounts listens on 127.0.0.1 only, and says so", { timeout: BUILD_AND_START_MS }, async () => {
    expect(external, "this test needs a non-loopback IPv4 interface to check against").toBeDefined();
    const { port, output } = await startServer({});
    expect(await accepts(external!, port)).toBe(false);
    expect(output()).toContain("FinGround demo accounts are enabled: listening on 127.0.0.1 only");
  });

  it("with HOST=0.0.0.0 listens on every interface, with a warning", { timeout: BUILD_AND_START_MS }, async () => {
    expect(external, "this test needs a non-loopback IPv4 interface to check against").toBeDefined();
    const { port, output } = await startServer({ HOST: "0.0.0.0" });
    expect(await accepts(external!, port)).toBe(true);
    expect(output()).toContain("listens on 0.0.0.0: anyone who reaches it can sign in");
  });
});
