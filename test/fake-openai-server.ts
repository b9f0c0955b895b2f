// A tiny but real OpenAI-compatible chat completions server for tests: it speaks HTTP and SSE over
// a real socket, so the whole client path (fetch, SSE parsing, AI SDK error mapping) is exercised,
// including failures a mocked model cannot produce (refused connections, sockets cut mid-stream).
//
// Modes: "ok" answers `text` (streamed as SSE, or whole for non-streaming requests); "error" returns
// HTTP 500; "slow" waits `slowMs` before answering; "break" cuts the socket mid-stream; "json" is
// structured output: it answers `text` (the JSON the fake model "generates", valid or not) as
// `choices[0].message.content`, and checks the request's `response_format` the way an OpenAI server
// does ({type: "json_schema", json_schema: {name, schema}} or {type: "json_object"}), answering 400
// when it is malformed.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export const FAKE_MODES = ["ok", "error", "slow", "break", "json"] as const;
export type FakeMode = (typeof FAKE_MODES)[number];

export interface FakeOpenAIServerOptions {
  mode?: FakeMode;
  /** The answer the fake model streams (in "json" mode: the JSON text it returns). */
  text?: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** "slow": how long to wait before the first chunk; keep it longer than the client's timeout. */
  slowMs?: number;
  /** Pause between SSE chunks, so streaming is observable. */
  chunkDelayMs?: number;
  /** "break": how many content chunks to send before cutting the connection. */
  breakAfterChunks?: number;
}

export interface FakeRequestRecord {
  path: string;
  body: unknown;
}

const DEFAULT_FAKE_TEXT = "Apple's revenue was $391.0 billion in FY2024, up 2.0% from FY2023.";

interface ServerState {
  mode: FakeMode;
  text: string;
}

const MODEL_ID = "fake-model";

export class FakeOpenAIServer {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly state: ServerState;
  private readonly options: Required<Omit<FakeOpenAIServerOptions, "mode" | "text">>;
  private boundPort: number | null = null;
  /** Every chat request received, for asserting what the client sent. */
  readonly requests: FakeRequestRecord[] = [];

  constructor(options: FakeOpenAIServerOptions = {}) {
    this.state = { mode: options.mode ?? "ok", text: options.text ?? DEFAULT_FAKE_TEXT };
    this.options = {
      port: options.port ?? 0,
      host: options.host ?? "127.0.0.1",
      slowMs: options.slowMs ?? 30_000,
      chunkDelayMs: options.chunkDelayMs ?? 5,
      breakAfterChunks: options.breakAfterChunks ?? 3,
    };
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: { message: String(error), type: "server_error" } });
        else res.destroy();
      });
    });
    // Tracked so stop() can cut open (e.g. "slow") requests instead of waiting for them.
    this.server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
  }

  get port(): number {
    if (this.boundPort === null) throw new Error("FakeOpenAIServer is not started");
    return this.boundPort;
  }

  /** What to pass as the OpenAI provider's baseURL. */
  get baseURL(): string {
    return `http://${this.options.host}:${this.port}/v1`;
  }

  get mode(): FakeMode {
    return this.state.mode;
  }

  setMode(mode: FakeMode, text?: string): void {
    this.state.mode = mode;
    if (text !== undefined) this.state.text = text;
  }

  async start(): Promise<{ port: number; baseURL: string }> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(this.options.port, this.options.host, () => {
        this.server.off("error", reject);
        resolve();
      });
    });
    this.boundPort = (this.server.address() as AddressInfo).port;
    return { port: this.port, baseURL: this.baseURL };
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const socket of this.sockets) socket.destroy();
    if (!this.server.listening) return;
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (path === "/__mode") return this.handleMode(req, res);
    if (req.method === "GET" && (path === "/v1/models" || path === "/models")) {
      return sendJson(res, 200, { object: "list", data: [{ id: MODEL_ID, object: "model", owned_by: "finground" }] });
    }
    if (req.method === "POST" && (path === "/v1/chat/completions" || path === "/chat/completions")) {
      const body = await readJson(req);
      this.requests.push({ path, body });
      return this.handleChat(body, res);
    }
    sendJson(res, 404, {
      error: { message: `No route for ${req.method ?? "?"} ${path}`, type: "invalid_request_error" },
    });
  }

  private async handleMode(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === "POST") {
      const body = await readJson(req);
      const parsed = parseModeBody(body);
      if (!parsed) {
        return sendJson(res, 400, { error: `expected {"mode": one of ${FAKE_MODES.join(", ")}, "text"?: string}` });
      }
      this.setMode(parsed.mode, parsed.text);
    }
    sendJson(res, 200, { mode: this.state.mode, text: this.state.text });
  }

  private async handleChat(body: unknown, res: ServerResponse): Promise<void> {
    // Snapshot: a mode switch mid-request must not change the answer already under way.
    const { mode, text } = this.state;
    if (mode === "error") {
      return sendJson(res, 500, {
        error: { message: "The fake model failed on purpose.", type: "server_error", code: null },
      });
    }
    if (mode === "slow") {
      const finished = await this.sleep(this.options.slowMs, res);
      if (!finished) return;
    }
    if (mode === "json") {
      const problem = responseFormatProblem(body);
      if (problem)
        return sendJson(res, 400, { error: { message: problem, type: "invalid_request_error", code: null } });
    }
    if (!isStreaming(body)) return sendJson(res, 200, completionBody(text));
    await this.streamSse(res, text, mode === "break" ? this.options.breakAfterChunks : null);
  }

  private async streamSse(res: ServerResponse, text: string, breakAfter: number | null): Promise<void> {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    const id = `chatcmpl-fake-${Date.now()}`;
    await writeAsync(res, sse(chunkBody(id, { role: "assistant", content: "" }, null)));
    const pieces = splitText(text);
    for (const [index, piece] of pieces.entries()) {
      if (breakAfter !== null && index >= breakAfter) {
        // Cut the TCP connection without a proper end: what a crashed or restarted server looks like.
        res.socket?.destroy();
        return;
      }
      if (!(await this.sleep(this.options.chunkDelayMs, res))) return;
      await writeAsync(res, sse(chunkBody(id, { content: piece }, null)));
    }
    if (breakAfter !== null) {
      res.socket?.destroy();
      return;
    }
    await writeAsync(res, sse(chunkBody(id, {}, "stop", usageBody(pieces.length))));
    res.end("data: [DONE]\n\n");
  }

  /** Resolves false if the client went away (or stop() ran) before the time was up. */
  private sleep(ms: number, res: ServerResponse): Promise<boolean> {
    if (ms <= 0) return Promise.resolve(!res.destroyed);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        res.off("close", onClose);
        resolve(!res.destroyed);
      }, ms);
      const onClose = () => {
        clearTimeout(timer);
        this.timers.delete(timer);
        resolve(false);
      };
      this.timers.add(timer);
      res.once("close", onClose);
    });
  }
}

/** Splits into groups of about three words, keeping whitespace, so the text re-joins exactly. */
export function splitText(text: string): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += 3) pieces.push(words.slice(i, i + 3).join(""));
  return pieces;
}

function parseModeBody(body: unknown): { mode: FakeMode; text?: string } | null {
  if (typeof body !== "object" || body === null) return null;
  const { mode, text } = body as { mode?: unknown; text?: unknown };
  if (typeof mode !== "string" || !(FAKE_MODES as readonly string[]).includes(mode)) return null;
  if (text !== undefined && typeof text !== "string") return null;
  return { mode: mode as FakeMode, ...(text === undefined ? {} : { text }) };
}

function isStreaming(body: unknown): boolean {
  return typeof body === "object" && body !== null && (body as { stream?: unknown }).stream === true;
}

/** What is wrong with the request's response_format, if anything (absent is fine: plain JSON mode). */
function responseFormatProblem(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return "expected a JSON request body";
  const format = (body as { response_format?: unknown }).response_format;
  if (format === undefined || format === null) return null;
  if (typeof format !== "object") return "response_format must be an object";
  const { type, json_schema: jsonSchema } = format as { type?: unknown; json_schema?: unknown };
  if (type === "json_object" || type === "text") return null;
  if (type !== "json_schema")
    return `response_format.type must be "json_schema", "json_object" or "text" (got ${JSON.stringify(type)})`;
  if (typeof jsonSchema !== "object" || jsonSchema === null) return "response_format.json_schema is required";
  const { name, schema } = jsonSchema as { name?: unknown; schema?: unknown };
  if (typeof name !== "string" || !/^[\w-]{1,64}$/.test(name))
    return "response_format.json_schema.name must be 1-64 letters, digits, _ or -";
  if (typeof schema !== "object" || schema === null || (schema as { type?: unknown }).type !== "object") {
    return "response_format.json_schema.schema must be a JSON schema of an object";
  }
  return null;
}

function chunkBody(id: string, delta: Record<string, string>, finishReason: string | null, usage?: object) {
  return {
    id,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: MODEL_ID,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    ...(usage ? { usage } : {}),
  };
}

function completionBody(text: string) {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: MODEL_ID,
    choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
    usage: usageBody(splitText(text).length),
  };
}

function usageBody(completionTokens: number) {
  return { prompt_tokens: 10, completion_tokens: completionTokens, total_tokens: 10 + completionTokens };
}

function sse(data: object): string {
  return `data: ${JSON.stringify(data)}\n\n`;
}

function writeAsync(res: ServerResponse, data: string): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve();
    res.write(data, () => resolve());
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString("utf8");
  if (raw.trim() === "") return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}
