import { createUIMessageStream, readUIMessageStream, type InferUIMessageChunk } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import type { LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AnswerNotice, FinGroundUIMessage } from "@/lib/conversation/message";
import { writeAnalysis } from "./analysis";
import type { LlmConfig } from "@/lib/llm/llm";
import { streamAnswer, type StreamAnswerResult } from "./stream-answer";
import { awaitFirstToken } from "@/lib/core/first-token-priority";
import { CircuitBreaker } from "@/lib/core/circuit-breaker";
import { FakeOpenAIServer, splitText } from "@/test/fake-openai-server";
import { appleRevenue, slice } from "@/test/slices";

type Chunk = InferUIMessageChunk<FinGroundUIMessage>;

const theSlice = slice("lookup", [appleRevenue()]);
const analystText = writeAnalysis(theSlice);
const context = {
  system: "You are FinGround. Answer from the data only.",
  prompt: "Data: ...\n\nQuestion: What was Apple's revenue?",
};
const LLM_TEXT = "Apple's revenue rose to $391.0 billion in FY2024, up 2.0% from FY2023, according to its 10-K filing.";

interface Run {
  chunks: Chunk[];
  result: StreamAnswerResult;
  /** Text of each text part, in order. */
  texts: string[];
  notices: AnswerNotice[];
  firstTokenCalls: number;
  ms: number;
  message: FinGroundUIMessage | undefined;
}

async function run(
  llm: LlmConfig | null,
  extra: {
    abortSignal?: AbortSignal;
    createModel?: () => MockLanguageModelV4;
    /** A fresh breaker per run unless a test passes one, or "process" for the process's own. */
    llmBreaker?: CircuitBreaker | "process";
  } = {},
): Promise<Run> {
  let result: StreamAnswerResult | undefined;
  let firstTokenCalls = 0;
  const started = Date.now();
  const stream = createUIMessageStream<FinGroundUIMessage>({
    execute: async ({ writer }) => {
      result = await streamAnswer({
        slice: theSlice,
        context,
        llm,
        writer,
        abortSignal: extra.abortSignal,
        onFirstToken: () => firstTokenCalls++,
        ...(extra.createModel ? { createModel: extra.createModel } : {}),
        ...(extra.llmBreaker === "process" ? {} : { llmBreaker: extra.llmBreaker ?? new CircuitBreaker(60_000) }),
      });
    },
  });
  const chunks: Chunk[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  if (!result) throw new Error("streamAnswer did not return");
  return {
    chunks,
    result,
    texts: textsOf(chunks),
    notices: noticesOf(chunks),
    firstTokenCalls,
    ms: Date.now() - started,
    message: await assemble(chunks),
  };
}

function textsOf(chunks: Chunk[]): string[] {
  const byId = new Map<string, string>();
  for (const chunk of chunks) {
    if (chunk.type === "text-start") byId.set(chunk.id, "");
    if (chunk.type === "text-delta") byId.set(chunk.id, (byId.get(chunk.id) ?? "") + chunk.delta);
  }
  return [...byId.values()];
}

function noticesOf(chunks: Chunk[]): AnswerNotice[] {
  return chunks.flatMap((c) => (c.type === "data-notice" ? [c.data] : []));
}

/** The message the UI would hold, built by the AI SDK's own reader. */
async function assemble(chunks: Chunk[]): Promise<FinGroundUIMessage | undefined> {
  const stream = new ReadableStream<Chunk>({
    start(controller) {
      controller.enqueue({ type: "start", messageId: "m1" });
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });
  let last: FinGroundUIMessage | undefined;
  for await (const message of readUIMessageStream<FinGroundUIMessage>({ stream })) last = message;
  return last;
}

/** Every text part opened is closed, and no delta arrives outside its part. */
function expectWellFormed(chunks: Chunk[]) {
  const open = new Set<string>();
  for (const c of chunks) {
    if (c.type === "text-start") open.add(c.id);
    if (c.type === "text-delta") expect(open.has(c.id)).toBe(true);
    if (c.type === "text-end") {
      expect(open.has(c.id)).toBe(true);
      open.delete(c.id);
    }
  }
  expect([...open]).toEqual([]);
}

/** The notice sits between the LLM's (closed) text and the analyst's new text part. */
function expectNoticeThenAnalyst(r: Run, code: AnswerNotice["code"]) {
  expect(r.notices).toHaveLength(1);
  expect(r.notices[0]?.code).toBe(code);
  expect(r.notices[0]?.message).toContain("FinGround's built-in analyst");
  expect(r.result).toEqual({ model: "analyst", notice: r.notices[0] });
  expect(r.texts[r.texts.length - 1]).toBe(analystText);
  const noticeAt = r.chunks.findIndex((c) => c.type === "data-notice");
  const analystStart = r.chunks.findLastIndex((c) => c.type === "text-start");
  expect(noticeAt).toBeLessThan(analystStart);
  expectWellFormed(r.chunks);
  expect(r.firstTokenCalls).toBe(1);
  const kinds = r.message?.parts.map((p) => p.type).filter((t) => t !== "step-start" && t !== "data-numbers");
  expect(kinds?.slice(-2)).toEqual(["data-notice", "text"]);
  // The check kept is the analyst's text's, not the broken-off one's: every number of it traced.
  const numbers = r.message?.parts.find((p) => p.type === "data-numbers");
  const trace = numbers?.type === "data-numbers" ? numbers.data : null;
  expect(trace?.final).toBe(true);
  expect(trace?.numbers.map((n) => analystText.slice(n.start, n.end))).toEqual(trace?.numbers.map((n) => n.text));
  expect(trace?.traced).toBe(trace?.numbers.length);
}

let server: FakeOpenAIServer;
const llmFor = (s: FakeOpenAIServer, timeoutMs = 5000): LlmConfig => ({
  baseURL: s.baseURL,
  model: "fake-model",
  timeoutMs,
});

beforeEach(() => {
  // The fallback logs its cause for operators; keep test output clean but check it is logged.
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.stop();
});

describe("streamAnswer without an LLM", () => {
  it("streams the analyst's answer directly, with no notice", async () => {
    const r = await run(null);
    expect(r.texts).toEqual([analystText]);
    expect(r.notices).toEqual([]);
    expect(r.result).toEqual({ model: "analyst", notice: null });
    expect(r.firstTokenCalls).toBe(1);
    // Streamed, not written at once: the analyst sends its text in deltas of 16 words.
    expect(r.chunks.filter((c) => c.type === "text-delta").length).toBeGreaterThan(1);
    expectWellFormed(r.chunks);
  });

  it("writes nothing for a question the user stopped already", async () => {
    const controller = new AbortController();
    controller.abort(new Error("user pressed stop"));
    const r = await run(null, { abortSignal: controller.signal });
    expect(r.chunks.filter((c) => c.type.startsWith("text-"))).toEqual([]);
    expect(r.firstTokenCalls).toBe(0);
  });

  it("after its first words, holds the rest of the answer while another question waits for its first words", async () => {
    const otherQuestionShown = awaitFirstToken();
    const stream = createUIMessageStream<FinGroundUIMessage>({
      execute: ({ writer }) => streamAnswer({ slice: theSlice, context, llm: null, writer }).then(() => undefined),
    });
    const reader = stream.getReader();
    for (let read = await reader.read(); !read.done && read.value.type !== "text-delta"; read = await reader.read());
    // The next chunk does not come while the other question waits (at most the 1 s bound)…
    const next = reader.read();
    const heldFor200Ms = await Promise.race([
      next.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 200)),
    ]);
    expect(heldFor200Ms).toBe(true);
    // …and the rest comes once that question has its first words.
    otherQuestionShown();
    const rest: Chunk[] = [];
    for (let read = await next; !read.done; read = await reader.read()) rest.push(read.value);
    expect(rest.filter((c) => c.type === "text-delta").length).toBeGreaterThan(0);
  });
});

describe("streamAnswer with an OpenAI-compatible server", () => {
  it("ok: streams the LLM's text, no notice, and sends the context", async () => {
    server = new FakeOpenAIServer({ mode: "ok", text: LLM_TEXT });
    await server.start();
    const r = await run(llmFor(server));
    expect(r.texts).toEqual([LLM_TEXT]);
    expect(r.notices).toEqual([]);
    expect(r.result).toEqual({ model: "fake-model", notice: null });
    expect(r.firstTokenCalls).toBe(1);
    expectWellFormed(r.chunks);
    expect(console.warn).not.toHaveBeenCalled();

    const body = server.requests[0]?.body as {
      model: string;
      stream: boolean;
      messages: { role: string; content: unknown }[];
    };
    expect(server.requests[0]?.path).toBe("/v1/chat/completions");
    expect(body.model).toBe("fake-model");
    expect(body.stream).toBe(true);
    expect(body.messages[0]).toMatchObject({ role: "system", content: context.system });
    expect(JSON.stringify(body.messages[1])).toContain("What was Apple's revenue?");
  });

  it("error: HTTP 500 → LLM_ERROR notice, then the analyst", async () => {
    server = new FakeOpenAIServer({ mode: "error" });
    await server.start();
    const r = await run(llmFor(server));
    expectNoticeThenAnalyst(r, "LLM_ERROR");
    expect(r.texts).toEqual([analystText]);
    expect(r.notices[0]?.message).toBe(
      "The language model (fake-model) returned an error (HTTP 500), so FinGround's built-in analyst wrote this answer from the same data.",
    );
    // One attempt only: the fallback is the retry.
    expect(server.requests).toHaveLength(1);
    expect(console.warn).toHaveBeenCalledOnce();
  });

  it("down: nothing listening → LLM_UNAVAILABLE notice, then the analyst", async () => {
    server = new FakeOpenAIServer();
    await server.start();
    const llm = llmFor(server);
    await server.stop();
    const r = await run(llm);
    expectNoticeThenAnalyst(r, "LLM_UNAVAILABLE");
    expect(r.texts).toEqual([analystText]);
    expect(r.notices[0]?.message).toBe(
      "The language model (fake-model) could not be reached, so FinGround's built-in analyst wrote this answer from the same data.",
    );
  });

  it("slow: no first token within the timeout → LLM_TIMEOUT, without waiting for the server", async () => {
    server = new FakeOpenAIServer({ mode: "slow", slowMs: 10_000 });
    await server.start();
    const r = await run(llmFor(server, 300));
    expectNoticeThenAnalyst(r, "LLM_TIMEOUT");
    expect(r.texts).toEqual([analystText]);
    expect(r.notices[0]?.message).toBe(
      "The language model did not answer in 0.3 s, so FinGround's built-in analyst wrote this answer from the same data.",
    );
    expect(r.ms).toBeGreaterThanOrEqual(290);
    // The server answers after 10 s: ending well before it is the timeout at work, however loaded the machine.
    expect(r.ms).toBeLessThan(8000);
  });

  it("break: the socket dies after some text → LLM_INTERRUPTED; the partial text part is closed", async () => {
    server = new FakeOpenAIServer({ mode: "break", text: LLM_TEXT, breakAfterChunks: 3 });
    await server.start();
    const r = await run(llmFor(server));
    expectNoticeThenAnalyst(r, "LLM_INTERRUPTED");
    expect(r.texts).toHaveLength(2);
    expect(r.texts[0]).toBe(splitText(LLM_TEXT).slice(0, 3).join(""));
    expect(LLM_TEXT.startsWith(r.texts[0] ?? "x")).toBe(true);
    expect(r.notices[0]?.message).toBe(
      "The language model's answer broke off partway, so FinGround's built-in analyst wrote a complete answer from the same data below.",
    );
    expect(r.message?.parts.map((p) => p.type).filter((t) => t !== "step-start" && t !== "data-numbers")).toEqual([
      "text",
      "data-notice",
      "text",
    ]);
  });

  it("break before any text → LLM_ERROR (nothing usable arrived)", async () => {
    server = new FakeOpenAIServer({ mode: "break", text: LLM_TEXT, breakAfterChunks: 0 });
    await server.start();
    const r = await run(llmFor(server));
    expectNoticeThenAnalyst(r, "LLM_ERROR");
    expect(r.texts).toEqual([analystText]);
  });

  it("switching the server's mode at runtime changes the next answer", async () => {
    server = new FakeOpenAIServer({ mode: "ok", text: LLM_TEXT });
    await server.start();
    expect((await run(llmFor(server))).texts).toEqual([LLM_TEXT]);
    const switched = await fetch(`http://127.0.0.1:${server.port}/__mode`, {
      method: "POST",
      body: JSON.stringify({ mode: "break" }),
    });
    expect(await switched.json()).toMatchObject({ mode: "break" });
    expect((await run(llmFor(server))).result.notice?.code).toBe("LLM_INTERRUPTED");
  });

  it("user abort: stops at once, no notice, no fallback", async () => {
    server = new FakeOpenAIServer({ mode: "slow", slowMs: 10_000 });
    await server.start();
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("user pressed stop")), 100);
    const r = await run(llmFor(server, 5000), { abortSignal: controller.signal });
    expect(r.result).toEqual({ model: "fake-model", notice: null });
    expect(r.notices).toEqual([]);
    expect(r.texts).toEqual([]);
    // Before the 5 s timeout: the abort ended it.
    expect(r.ms).toBeLessThan(4500);
  });

  it("user abort mid-answer: the partial text part is closed, and nothing follows", async () => {
    server = new FakeOpenAIServer({ mode: "ok", text: LLM_TEXT, chunkDelayMs: 100 });
    await server.start();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 350);
    const r = await run(llmFor(server), { abortSignal: controller.signal });
    expect(r.result.notice).toBeNull();
    expect(r.texts).toHaveLength(1);
    expect(r.texts[0]!.length).toBeGreaterThan(0);
    expect(r.texts[0]!.length).toBeLessThan(LLM_TEXT.length);
    expectWellFormed(r.chunks);
  });
});

describe("streamAnswer with a model that misbehaves in-process", () => {
  const mockLlm: LlmConfig = { baseURL: "http://unused.invalid/v1", model: "mock", timeoutMs: 300 };

  it("stalls after some text → LLM_INTERRUPTED (nothing for the timeout)", async () => {
    const model = new MockLanguageModelV4({
      doStream: async () => ({
        // Two deltas, then silence: the stream never closes.
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(controller) {
            controller.enqueue({ type: "stream-start", warnings: [] });
            controller.enqueue({ type: "text-start", id: "t" });
            controller.enqueue({ type: "text-delta", id: "t", delta: "Apple's revenue " });
            controller.enqueue({ type: "text-delta", id: "t", delta: "was " });
          },
        }),
      }),
    });
    const r = await run(mockLlm, { createModel: () => model });
    expectNoticeThenAnalyst(r, "LLM_INTERRUPTED");
    expect(r.texts).toEqual(["Apple's revenue was ", analystText]);
    expect(r.notices[0]?.message).toContain("stopped answering partway (nothing for 0.3 s)");
  });

  it("finishes without any text → LLM_ERROR (empty answer)", async () => {
    const model = new MockLanguageModelV4({
      doStream: async () => ({
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(controller) {
            controller.enqueue({ type: "stream-start", warnings: [] });
            controller.enqueue({
              type: "finish",
              finishReason: { unified: "stop", raw: "stop" },
              usage: {
                inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
                outputTokens: { total: 0, text: 0, reasoning: 0 },
              },
            });
            controller.close();
          },
        }),
      }),
    });
    const r = await run(mockLlm, { createModel: () => model });
    expectNoticeThenAnalyst(r, "LLM_ERROR");
    expect(r.notices[0]?.message).toContain("returned an empty answer");
  });
});

describe("every number of an answer checked against the data given", () => {
  let llmServer: FakeOpenAIServer | undefined;
  afterEach(async () => {
    await llmServer?.stop();
    llmServer = undefined;
  });

  /** The fake model's answer through streamAnswer; the numbers part the stored message keeps. */
  async function checked(text: string) {
    llmServer = new FakeOpenAIServer({ mode: "ok", text });
    await llmServer.start();
    const r = await run(llmFor(llmServer));
    const parts = r.message?.parts.filter((p) => p.type === "data-numbers") ?? [];
    expect(parts).toHaveLength(1);
    const trace = parts[0]!.type === "data-numbers" ? parts[0]!.data : null;
    expect(trace?.final).toBe(true);
    return { trace: trace!, statuses: trace!.numbers.map((n) => [n.text, n.status]) };
  }

  it("checks the numbers while the answer streams, and once more when it ends", async () => {
    // ~1.5 s of streaming: the first check comes CHECK_INTERVAL_MS after the first words.
    const text = `${"Apple's revenue was $383.3 billion in FY2023. ".repeat(12)}It reached $412.6 billion in FY2024.`;
    llmServer = new FakeOpenAIServer({ mode: "ok", text, chunkDelayMs: 40 });
    await llmServer.start();
    const r = await run(llmFor(llmServer));
    const checks = r.chunks.flatMap((c) => (c.type === "data-numbers" ? [c.data] : []));
    const streaming = checks.filter((c) => !c.final);
    expect(streaming.length).toBeGreaterThan(0);
    // A check so far sees only the text so far: never the invented number that comes last.
    for (const check of streaming) expect(check.numbers.every((n) => n.status === "found")).toBe(true);
    expect(checks.at(-1)).toMatchObject({ final: true, traced: 25 });
    expect(checks.at(-1)?.numbers).toHaveLength(26);
  });

  it("lets the first words out unchecked: the analyst's answer, written at once, is checked once, at its end", async () => {
    const r = await run(null);
    const checks = r.chunks.flatMap((c) => (c.type === "data-numbers" ? [c.data] : []));
    expect(checks.map((c) => c.final)).toEqual([true]);
    expect(r.chunks.findLastIndex((c) => c.type === "data-numbers")).toBeGreaterThan(
      r.chunks.findLastIndex((c) => c.type === "text-delta"),
    );
  });

  it("marks an invented number untraced", async () => {
    const { trace, statuses } = await checked("Apple's revenue was $412.6 billion in FY2024.");
    expect(statuses).toEqual([
      ["$412.6 billion", "untraced"],
      ["FY2024", "found"],
    ]);
    expect(trace).toMatchObject({ traced: 1, derived: 0 });
    expect(trace.numbers[0]).toMatchObject({ start: 20, end: 34, basis: null });
  });

  it("finds a correctly rounded value, in the scale the text chose", async () => {
    const { trace, statuses } = await checked(
      "Revenue was $383.3 billion in FY2023, that is 383,285 million, and $391 billion in FY2024.",
    );
    expect(statuses).toEqual([
      ["$383.3 billion", "found"],
      ["FY2023", "found"],
      ["383,285 million", "found"],
      ["$391 billion", "found"],
      ["FY2024", "found"],
    ]);
    expect(trace.numbers[0]?.basis).toBe("AAPL Revenue FY2023 (2023-09-30)");
  });

  it("marks a correct change the slice does not hold as derived by the model, a wrong one untraced", async () => {
    const { trace, statuses } = await checked(
      "Revenue rose 2.02% to $391.0 billion in FY2024 from FY2023, by $7.8 billion (not 3.5%).",
    );
    expect(statuses).toEqual([
      ["2.02%", "derived"],
      ["$391.0 billion", "found"],
      ["FY2024", "found"],
      ["FY2023", "found"],
      ["$7.8 billion", "derived"],
      ["3.5%", "untraced"],
    ]);
    expect(trace).toMatchObject({ traced: 5, derived: 2 });
  });
});

describe("fake server housekeeping", () => {
  let shared: FakeOpenAIServer;
  beforeAll(async () => {
    shared = new FakeOpenAIServer({ mode: "slow", slowMs: 60_000 });
    await shared.start();
  });
  afterAll(() => shared.stop());

  it("stop() does not wait for a slow request in flight", async () => {
    const pending = fetch(`${shared.baseURL}/chat/completions`, {
      method: "POST",
      body: JSON.stringify({ stream: true }),
    }).catch(() => "cut");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await shared.stop();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pending).toBe("cut");
  });
});

describe("the LLM breaker", () => {
  it("after two failures in a row skips the endpoint, saying so, then tries it again after the pause", async () => {
    server = new FakeOpenAIServer({ mode: "error" });
    await server.start();
    let now = 0;
    const breaker = new CircuitBreaker(60_000, () => now, 2);
    expectNoticeThenAnalyst(await run(llmFor(server), { llmBreaker: breaker }), "LLM_ERROR");
    expectNoticeThenAnalyst(await run(llmFor(server), { llmBreaker: breaker }), "LLM_ERROR");
    expect(server.requests).toHaveLength(2);
    const paused = await run(llmFor(server), { llmBreaker: breaker });
    expectNoticeThenAnalyst(paused, "LLM_PAUSED");
    expect(paused.notices[0]?.message).toBe(
      "The language model (fake-model) failed on the last 2 questions, so FinGround's built-in analyst wrote this answer from the same data. FinGround tries the model again in 60 s.",
    );
    // Skipped: no request reached the endpoint.
    expect(server.requests).toHaveLength(2);
    now += 60_000;
    server.setMode("ok", LLM_TEXT);
    const again = await run(llmFor(server), { llmBreaker: breaker });
    expect([again.result.model, again.texts]).toEqual(["fake-model", [LLM_TEXT]]);
    expect(breaker.state).toBe("closed");
  });

  it("is shared by the questions of one process, per endpoint and model", async () => {
    server = new FakeOpenAIServer({ mode: "error" });
    await server.start();
    const llm = llmFor(server);
    await run(llm, { llmBreaker: "process" });
    await run(llm, { llmBreaker: "process" });
    expectNoticeThenAnalyst(await run(llm, { llmBreaker: "process" }), "LLM_PAUSED");
    // Another model at the same endpoint has a breaker of its own.
    expectNoticeThenAnalyst(await run({ ...llm, model: "other-model" }, { llmBreaker: "process" }), "LLM_ERROR");
    expect(server.requests).toHaveLength(3);
  });
});
