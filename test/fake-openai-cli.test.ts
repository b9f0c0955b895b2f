// The CLI as e2e tests use it: a separate process, mode switched at runtime, stopped by a signal.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { streamText } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { createLlmModel } from "@/lib/llm/llm";

const root = fileURLToPath(new URL("../", import.meta.url));
const cli = fileURLToPath(new URL("./fake-openai-cli.ts", import.meta.url));

let child: ChildProcess | undefined;

afterEach(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
});

/** Starts the CLI and resolves with its base URL once it prints that it listens. */
function startCli(args: string[]): Promise<string> {
  child = spawn(`${root}node_modules/.bin/tsx`, [cli, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`CLI did not start: ${output}`)), 20_000);
    const onData = (data: Buffer) => {
      output += data.toString();
      const match = /listening on (\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child?.stdout?.on("data", onData);
    child?.stderr?.on("data", onData);
    child?.on("exit", (code) => reject(new Error(`CLI exited with ${code}: ${output}`)));
  });
}

async function answerFrom(baseURL: string): Promise<{ text: string; error: unknown }> {
  let error: unknown;
  const result = streamText({
    model: await createLlmModel({ baseURL, model: "fake-model", timeoutMs: 5000 }),
    prompt: "hi",
    maxRetries: 0,
    onError: (event) => {
      error = event.error;
    },
  });
  let text = "";
  try {
    for await (const part of result.stream) if (part.type === "text-delta") text += part.text;
  } catch (thrown) {
    error = thrown;
  }
  return { text, error };
}

describe("fake-openai-cli", () => {
  it("serves chat completions, switches mode via POST /__mode, and exits on SIGTERM", async () => {
    const baseURL = await startCli([
      "--port",
      "0",
      "--mode",
      "ok",
      "--text",
      "Hello from the fake model.",
      "--chunk-delay-ms",
      "0",
    ]);
    expect(baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);

    expect(await answerFrom(baseURL)).toEqual({ text: "Hello from the fake model.", error: undefined });
    const models = (await (await fetch(`${baseURL}/models`)).json()) as { data: { id: string }[] };
    expect(models.data[0]?.id).toBe("fake-model");

    const origin = new URL(baseURL).origin;
    const switched = await fetch(`${origin}/__mode`, { method: "POST", body: JSON.stringify({ mode: "error" }) });
    expect(await switched.json()).toEqual({ mode: "error", text: "Hello from the fake model." });
    const failed = await answerFrom(baseURL);
    expect(failed.text).toBe("");
    expect(String(failed.error)).toContain("failed on purpose");

    const rejected = await fetch(`${origin}/__mode`, { method: "POST", body: JSON.stringify({ mode: "nonsense" }) });
    expect(rejected.status).toBe(400);

    const exited = new Promise<number | null>((resolve) => child?.on("exit", (code) => resolve(code)));
    child?.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("refuses an unknown mode at start", async () => {
    await expect(startCli(["--port", "0", "--mode", "sometimes"])).rejects.toThrow(
      /--mode must be one of ok, error, slow, break/,
    );
  });
});
