// The close-idle hook every server process loads (scripts/close-idle-on-stop.cjs): a server stopped on SIGTERM as
// Next stops it (server.close(), exit once closed) while a kept-alive connection's response is still streaming
// finishes that response and exits, instead of waiting out the keep-alive timeout (here a minute) as Node leaves it.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const HOOK = fileURLToPath(new URL("./close-idle-on-stop.cjs", import.meta.url));

/** Next's production server in miniature: a streamed response, and on SIGTERM close, then exit once closed. */
const SERVER = `
const http = require("node:http");
const server = http.createServer((request, response) => {
  response.write("first words ");
  setTimeout(() => response.end("last words"), 500);
});
server.keepAliveTimeout = 60000;
server.listen(0, "127.0.0.1", () => {
  process.on("SIGTERM", () => server.close(() => process.exit(143)));
  console.log(server.address().port);
});`;

/** The server's exit comes well before the keep-alive timeout's minute: generous for a loaded machine. */
const EXIT_WITHIN_MS = 15_000;

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

async function startServer(nodeArgs: string[]): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [...nodeArgs, "-e", SERVER], { stdio: ["ignore", "pipe", "inherit"] });
  started.push(child);
  const [line] = (await once(child.stdout!, "data")) as [Buffer];
  return { child, port: Number(line.toString().trim()) };
}

/** Sends SIGTERM once the response's first words arrive; resolves with the whole body. */
function requestThenStop(port: number, child: ChildProcess): Promise<string> {
  const agent = new http.Agent({ keepAlive: true });
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, agent }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (!body) child.kill("SIGTERM");
          body += chunk;
        });
        response.on("end", () => resolve(body));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

describe("close-idle-on-stop.cjs", () => {
  it("lets the streaming response finish, then the stopped server exits", async () => {
    const { child, port } = await startServer(["--require", HOOK]);
    const exited = once(child, "exit");
    expect(await requestThenStop(port, child)).toBe("first words last words");
    const outcome = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, EXIT_WITHIN_MS))]);
    expect(outcome, "the server was still running").toEqual([143, null]);
  }, 30_000);

  it("is needed: without it the kept-alive connection holds the stopped server", async () => {
    const { child, port } = await startServer([]);
    expect(await requestThenStop(port, child)).toBe("first words last words");
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(child.exitCode).toBeNull();
  }, 30_000);
});
