// The answer stage: streams the answer into the chat's UI message stream. With an LLM configured it
// answers first; if the LLM cannot be reached, is too slow, errors or breaks off, a `notice` part
// says so in words and the built-in analyst answers from the same data as a new text part. Every
// wait is bounded by the LLM timeout, so a dead endpoint can never hang a chat, and after two failures in a row a
// breaker skips the endpoint for a minute (the analyst answers at once, saying so) before trying it again. Every
// number of the answer is checked against the data it was given, while it streams and once it is complete (`numbers`).
import { APICallError, generateId, streamText, type UIMessageStreamWriter } from "ai";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { AnswerNotice, AnswerPrompt, FinGroundUIMessage } from "@/lib/conversation/message";
import type { QuestionDeadline } from "@/lib/data/budget";
import type { DataSlice } from "@/lib/data/types";
import { type AnswerDocuments, NO_DOCUMENTS } from "@/lib/documents/answer-documents";
import {
  dataEvidence,
  type NumberEvidence,
  type NumberTrace,
  traceNumbers,
  withDocumentEvidence,
} from "@/lib/context/number-trace";
import { ANALYST_MODEL_ID, analystDeltas } from "./analyst-text";
import { formatSeconds } from "./format";
import { createLlmModel, type LlmConfig } from "@/lib/llm/llm";
import { systemErrorCode } from "@/lib/llm/llm-errors";
import { answerPacer } from "@/lib/core/first-token-priority";
import { CircuitBreaker } from "@/lib/core/circuit-breaker";
import { processSlot } from "@/lib/core/process-wide";

export interface StreamAnswerOptions {
  slice: DataSlice;
  /** The documents the prompt lists ([F1]…, [N1]…); the analyst quotes and cites the best of them.
   * Still on their way (only without an LLM, whose prompt needs them): the analyst writes their
   * paragraphs when they arrive. */
  documents?: AnswerDocuments | Promise<AnswerDocuments>;
  context: AnswerPrompt;
  llm: LlmConfig | null;
  writer: UIMessageStreamWriter<FinGroundUIMessage>;
  /** The user's abort (closed tab, stop button): ends the answer without any fallback. */
  abortSignal?: AbortSignal;
  /** Called once, when the first answer text is written (from whichever model). */
  onFirstToken?: () => void;
  /** The question's deadline: the analyst ends its answer after the paragraph it was writing when it passes. An LLM's
   * words cost the server no work while it waits for them; LLM_TIMEOUT_MS bounds each wait. */
  deadline?: QuestionDeadline;
  /** Builds the LLM from its config; tests may swap it. */
  createModel?: (config: LlmConfig) => LanguageModelV4 | Promise<LanguageModelV4>;
  /** The endpoint's breaker; by default the process's one for this endpoint and model (tests pass their own). */
  llmBreaker?: CircuitBreaker;
}

/** Failures in a row (timeouts, unreachable, errors, broken streams) after which the endpoint is skipped… */
const LLM_FAILURES_TO_OPEN = 2;
/** …for this long, before one question tries it again. */
const LLM_PAUSE_MS = 60_000;

/** One breaker per endpoint and model in each server process: every chat of the process shares what it learnt. */
function processLlmBreaker(llm: LlmConfig): CircuitBreaker {
  const breakers = processSlot<Map<string, CircuitBreaker>>("llm-breakers");
  breakers.value ??= new Map();
  const key = `${llm.baseURL} ${llm.model}`;
  let breaker = breakers.value.get(key);
  if (!breaker) breakers.value.set(key, (breaker = new CircuitBreaker(LLM_PAUSE_MS, Date.now, LLM_FAILURES_TO_OPEN)));
  return breaker;
}

export interface StreamAnswerResult {
  /** The model whose text completes the answer: the LLM's id, or "analyst". */
  model: string;
  notice: AnswerNotice | null;
}

export async function streamAnswer(options: StreamAnswerOptions): Promise<StreamAnswerResult> {
  const { slice, context, llm, writer, abortSignal } = options;
  const onText = once(options.onFirstToken);
  const numbers = new NumberCheck(writer, slice, context, options.documents ?? NO_DOCUMENTS);
  const analyst = async () => {
    numbers.restart();
    const outcome = await pumpAnswer({
      parts: analystParts(slice, options.documents ?? NO_DOCUMENTS, options.deadline),
      writer,
      abortSignal,
      timeoutMs: null,
      onText,
      onWritten: numbers.written,
    });
    await numbers.finish();
    return outcome;
  };

  if (!llm) {
    expectAnswered(await analyst());
    return { model: ANALYST_MODEL_ID, notice: null };
  }
  const breaker = options.llmBreaker ?? processLlmBreaker(llm);
  if (!breaker.allows()) {
    const notice = pausedNotice(llm, breaker.remainingMs);
    writer.write({ type: "data-notice", data: notice });
    expectAnswered(await analyst());
    return { model: ANALYST_MODEL_ID, notice };
  }
  const model = await (options.createModel ?? createLlmModel)(llm);
  // Our own controller: a timeout must cancel the HTTP request, and a user abort must too.
  const controller = new AbortController();
  const outcome = await pumpAnswer({
    parts: llmParts(model, context, controller.signal),
    cancel: (reason) => controller.abort(reason),
    writer,
    abortSignal,
    timeoutMs: llm.timeoutMs,
    onText,
    onWritten: numbers.written,
  });
  if (outcome.kind !== "failed") {
    // A user's abort says nothing of the endpoint: only an answer that ran to its end closes the breaker.
    if (outcome.kind === "answered") breaker.succeeded();
    await numbers.finish();
    return { model: llm.model, notice: null };
  }
  breaker.failed();

  const notice = noticeFor(outcome.failure, outcome.wroteText, llm);
  // Operators need the cause; the user gets the notice's plain words.
  console.warn(
    `[answer] ${notice.code} from ${llm.model} at ${llm.baseURL}: ${describeCause(outcome.failure)}; the analyst answers instead`,
  );
  writer.write({ type: "data-notice", data: notice });
  expectAnswered(await analyst());
  return { model: ANALYST_MODEL_ID, notice };
}

// ---------------------------------------------------------------------------------------------
// Pumping one model's stream into the writer

/** The parts of a streamed answer that the pump acts on; an LLM's others (reasoning, sources…) pass by. */
type AnswerPart =
  | { type: "text-delta"; text: string }
  | { type: "error"; error: unknown }
  | { type: "abort"; reason?: string }
  | { type: "finish"; finishReason: string };

async function* llmParts(
  model: LanguageModelV4,
  context: AnswerPrompt,
  abortSignal: AbortSignal,
): AsyncGenerator<AnswerPart, void, undefined> {
  const result = streamText({
    model,
    instructions: context.system,
    prompt: context.prompt,
    // The fallback is the retry: retrying a dead endpoint would only delay the analyst's answer.
    maxRetries: 0,
    abortSignal,
    // The default handler prints every error with its full request body; failures are handled
    // (and logged in one line) by the caller of pumpAnswer instead.
    onError: () => undefined,
  });
  for await (const part of result.stream) {
    if (part.type === "text-delta") yield { type: "text-delta", text: part.text };
    else if (part.type === "error" || part.type === "abort" || part.type === "finish") yield part;
  }
}

/** The built-in analyst writes its text itself: no model call, no stream stages before its first words. */
async function* analystParts(
  slice: DataSlice,
  documents: AnswerDocuments | Promise<AnswerDocuments>,
  deadline: QuestionDeadline | undefined,
): AsyncGenerator<AnswerPart, void, undefined> {
  for await (const text of analystDeltas(slice, documents, deadline)) yield { type: "text-delta", text };
  yield { type: "finish", finishReason: "stop" };
}

type AnswerFailure =
  | { reason: "timeout"; afterText: boolean }
  | { reason: "error"; error: unknown }
  /** The stream ended without a proper finish (finish reason "error"/"interrupted", or none). */
  | { reason: "incomplete"; finishReason: string }
  | { reason: "empty" };

type PumpOutcome =
  | { kind: "answered" }
  | { kind: "aborted" }
  | { kind: "failed"; failure: AnswerFailure; wroteText: boolean };

interface PumpOptions {
  parts: AsyncGenerator<AnswerPart, void, undefined>;
  /** Stops the source on a timeout or the user's abort (an LLM's HTTP request). */
  cancel?: (reason: unknown) => void;
  writer: UIMessageStreamWriter<FinGroundUIMessage>;
  abortSignal: AbortSignal | undefined;
  /** null: no deadline (the in-process analyst cannot stall). */
  timeoutMs: number | null;
  onText: () => void;
  /** Called with the whole text written so far, after each delta. */
  onWritten: (text: string) => void;
}

/** Streams a model's text into the writer as one text part. Reads the parts itself rather than
 * merging a UI stream, so it sees every failure (timeouts, error parts, thrown stream errors)
 * before deciding what the user sees. */
async function pumpAnswer(options: PumpOptions): Promise<PumpOutcome> {
  const { parts, cancel = () => undefined, writer, abortSignal, timeoutMs, onText, onWritten } = options;
  if (abortSignal?.aborted) return { kind: "aborted" };
  const forwardAbort = () => cancel(abortSignal?.reason);
  abortSignal?.addEventListener("abort", forwardAbort, { once: true });

  const text = new TextPart(writer, onText, onWritten);
  const paceAnswer = answerPacer();
  const deadline = new Deadline(timeoutMs);
  let finishReason: string | null = null;
  const failed = (failure: AnswerFailure): PumpOutcome => ({ kind: "failed", failure, wroteText: text.started });

  try {
    for (;;) {
      const next = await readBefore(parts, deadline.remaining(), abortSignal);
      if (next.kind === "aborted") return { kind: "aborted" };
      if (next.kind === "timeout") {
        cancel(new Error("LLM timeout"));
        return failed({ reason: "timeout", afterText: text.started });
      }
      if (next.kind === "done") break;
      const part = next.value;
      if (part.type === "text-delta" && part.text !== "") {
        text.append(part.text);
        // The user is reading this answer already: its next words wait for questions still before their first.
        await paceAnswer();
        deadline.extend();
      } else if (part.type === "error") {
        return failed({ reason: "error", error: part.error });
      } else if (part.type === "abort") {
        if (abortSignal?.aborted) return { kind: "aborted" };
        return failed({ reason: "error", error: new Error(`stream aborted: ${part.reason ?? "no reason given"}`) });
      } else if (part.type === "finish") {
        finishReason = part.finishReason;
      }
    }
    if (finishReason === null || finishReason === "error" || finishReason === "interrupted") {
      return failed({ reason: "incomplete", finishReason: finishReason ?? "none" });
    }
    return text.started ? { kind: "answered" } : failed({ reason: "empty" });
  } catch (error) {
    if (abortSignal?.aborted) return { kind: "aborted" };
    return failed({ reason: "error", error });
  } finally {
    // Close the text part so a broken-off answer never looks like the whole answer.
    text.end();
    abortSignal?.removeEventListener("abort", forwardAbort);
    cancel(new Error("answer ended"));
    // Not awaited: a source that hangs would hang its own return too.
    parts.return(undefined).catch(() => undefined);
  }
}

function expectAnswered(outcome: PumpOutcome): void {
  if (outcome.kind !== "failed") return;
  // The analyst runs in-process on the slice: a failure here is a bug, not a condition to hide.
  const cause = outcome.failure.reason === "error" ? outcome.failure.error : undefined;
  throw new Error(`The built-in analyst failed: ${describeCause(outcome.failure)}`, { cause });
}

/** One text part, started on the first non-empty delta (so a failed model leaves no empty part). */
class TextPart {
  private id: string | null = null;
  private ended = false;
  private text = "";

  constructor(
    private readonly writer: UIMessageStreamWriter<FinGroundUIMessage>,
    private readonly onFirstText: () => void,
    private readonly onWritten: (text: string) => void,
  ) {}

  get started(): boolean {
    return this.id !== null;
  }

  append(delta: string): void {
    if (this.id === null) {
      this.id = `answer-${generateId()}`;
      this.writer.write({ type: "text-start", id: this.id });
      this.onFirstText();
    }
    this.writer.write({ type: "text-delta", id: this.id, delta });
    this.text += delta;
    this.onWritten(this.text);
  }

  end(): void {
    if (this.id === null || this.ended) return;
    this.ended = true;
    this.writer.write({ type: "text-end", id: this.id });
  }
}

/** The answer's numbers checked against what it was given: as the text streams (at most every
 * CHECK_INTERVAL_MS, against the data the answer has so far) and once it ends (with every document).
 * One `numbers` part, replaced by each check: the last one is what the message keeps. */
class NumberCheck {
  private text = "";
  /** null until the text's first words, which go out unchecked (the check would hold them back); the
   * next check covers them. */
  private lastCheckAt: number | null = null;
  /** Built once per answer (the slice's and the prompt's numbers), with the documents added when they are known. */
  private evidenceOfData: NumberEvidence | undefined;
  private evidenceWithDocuments: { documents: AnswerDocuments; evidence: NumberEvidence } | undefined;

  constructor(
    private readonly writer: UIMessageStreamWriter<FinGroundUIMessage>,
    private readonly slice: DataSlice,
    private readonly context: AnswerPrompt,
    private readonly documents: AnswerDocuments | Promise<AnswerDocuments>,
  ) {}

  /** A new text part replaces the answer (the analyst's after a notice): its numbers are checked instead. */
  restart(): void {
    this.text = "";
    this.lastCheckAt = null;
  }

  readonly written = (text: string): void => {
    this.text = text;
    const now = Date.now();
    this.lastCheckAt ??= now;
    if (now - this.lastCheckAt < CHECK_INTERVAL_MS) return;
    this.lastCheckAt = now;
    // Documents still on their way (the analyst's) are checked against in the final check.
    this.write(
      traceNumbers(text, this.evidence(this.documents instanceof Promise ? NO_DOCUMENTS : this.documents), false),
    );
  };

  async finish(): Promise<void> {
    if (this.text === "") return;
    const documents = await Promise.resolve(this.documents).catch(() => NO_DOCUMENTS);
    this.write(traceNumbers(this.text, this.evidence(documents), true));
  }

  private evidence(documents: AnswerDocuments): NumberEvidence {
    this.evidenceOfData ??= dataEvidence(this.slice, this.context);
    if (this.evidenceWithDocuments?.documents !== documents)
      this.evidenceWithDocuments = { documents, evidence: withDocumentEvidence(this.evidenceOfData, documents) };
    return this.evidenceWithDocuments.evidence;
  }

  private write(data: NumberTrace): void {
    this.writer.write({ type: "data-numbers", id: NUMBERS_PART_ID, data });
  }
}

const CHECK_INTERVAL_MS = 400;
const NUMBERS_PART_ID = "numbers";

/** The first text must come within the timeout, and each later text within the timeout of the last.
 * Only text moves it: a server that sends keep-alives or hidden reasoning but no answer still
 * leaves the user looking at nothing. */
class Deadline {
  private at: number | null;

  constructor(private readonly ms: number | null) {
    this.at = ms === null ? null : Date.now() + ms;
  }

  extend(): void {
    if (this.ms !== null) this.at = Date.now() + this.ms;
  }

  /** Milliseconds left (at least 0), or null for no deadline. */
  remaining(): number | null {
    return this.at === null ? null : Math.max(0, this.at - Date.now());
  }
}

type Read<T> = { kind: "value"; value: T } | { kind: "done" } | { kind: "timeout" } | { kind: "aborted" };

/** The next part, or whichever comes first of it, the deadline and the user's abort. */
async function readBefore<T>(
  parts: AsyncIterator<T>,
  remainingMs: number | null,
  abortSignal: AbortSignal | undefined,
): Promise<Read<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const races: Promise<Read<T>>[] = [
    parts.next().then((r): Read<T> => (r.done ? { kind: "done" } : { kind: "value", value: r.value })),
  ];
  if (remainingMs !== null) {
    races.push(new Promise((resolve) => (timer = setTimeout(() => resolve({ kind: "timeout" }), remainingMs))));
  }
  if (abortSignal) {
    races.push(
      new Promise((resolve) =>
        abortSignal.addEventListener("abort", (onAbort = () => resolve({ kind: "aborted" })), { once: true }),
      ),
    );
  }
  try {
    return await Promise.race(races);
  } finally {
    clearTimeout(timer);
    if (onAbort) abortSignal?.removeEventListener("abort", onAbort);
  }
}

function once(fn: (() => void) | undefined): () => void {
  let called = false;
  return () => {
    if (called) return;
    called = true;
    fn?.();
  };
}

// ---------------------------------------------------------------------------------------------
// Notices

const FALLBACK = "so FinGround's built-in analyst wrote this answer from the same data.";
const FALLBACK_AFTER_TEXT = "so FinGround's built-in analyst wrote a complete answer from the same data below.";

/** Errors before any HTTP response: nothing listening, DNS, refused or reset connections. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ETIMEDOUT",
]);

function noticeFor(
  failure: AnswerFailure,
  wroteText: boolean,
  llm: Pick<LlmConfig, "timeoutMs" | "model">,
): AnswerNotice {
  const seconds = formatSeconds(llm.timeoutMs);
  if (failure.reason === "timeout") {
    return failure.afterText
      ? {
          code: "LLM_INTERRUPTED",
          message: `The language model stopped answering partway (nothing for ${seconds}), ${FALLBACK_AFTER_TEXT}`,
        }
      : { code: "LLM_TIMEOUT", message: `The language model did not answer in ${seconds}, ${FALLBACK}` };
  }
  if (wroteText) {
    return {
      code: "LLM_INTERRUPTED",
      message: `The language model's answer broke off partway, ${FALLBACK_AFTER_TEXT}`,
    };
  }
  if (failure.reason === "empty") {
    return { code: "LLM_ERROR", message: `The language model (${llm.model}) returned an empty answer, ${FALLBACK}` };
  }
  if (failure.reason === "error" && isUnreachable(failure.error)) {
    return { code: "LLM_UNAVAILABLE", message: `The language model (${llm.model}) could not be reached, ${FALLBACK}` };
  }
  const status = failure.reason === "error" ? httpStatus(failure.error) : undefined;
  const what =
    status !== undefined && status >= 400
      ? `returned an error (HTTP ${status})`
      : "sent a response FinGround could not use";
  return { code: "LLM_ERROR", message: `The language model (${llm.model}) ${what}, ${FALLBACK}` };
}

function pausedNotice(llm: Pick<LlmConfig, "model">, remainingMs: number): AnswerNotice {
  return {
    code: "LLM_PAUSED",
    message: `The language model (${llm.model}) failed on the last ${LLM_FAILURES_TO_OPEN} questions, ${FALLBACK} FinGround tries the model again in ${formatSeconds(Math.max(remainingMs, 1000))}.`,
  };
}

function isUnreachable(error: unknown): boolean {
  if (APICallError.isInstance(error) && error.statusCode !== undefined) return false;
  const code = systemErrorCode(error);
  if (code !== undefined) return UNREACHABLE_CODES.has(code);
  // The AI SDK reports fetch failures before any response as an APICallError without a status.
  return APICallError.isInstance(error);
}

function httpStatus(error: unknown): number | undefined {
  return APICallError.isInstance(error) ? error.statusCode : undefined;
}

function describeCause(failure: AnswerFailure): string {
  switch (failure.reason) {
    case "timeout":
      return failure.afterText ? "no text within the timeout after the last text" : "no text within the timeout";
    case "empty":
      return "the stream finished without any text";
    case "incomplete":
      return `the stream ended without finishing (finish reason: ${failure.finishReason})`;
    case "error":
      return failure.error instanceof Error ? failure.error.message : String(failure.error);
  }
}
