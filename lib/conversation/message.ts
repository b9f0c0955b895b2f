// The chat's message type: AI SDK UI messages whose data parts carry each pipeline stage's output,
// so the UI shows the request, the data and the prompt beside the streamed answer.
import type { UIMessage } from "ai";
import type { StructuredDataRequest } from "@/lib/agent/schema";
import type { DataSlice } from "@/lib/data/types";
import type { AnswerFilings } from "@/lib/documents/filings/for-request";
import type { AnswerTranscripts } from "@/lib/documents/transcripts/for-request";
import type { AnswerNews } from "@/lib/documents/news/for-request";
import type { NumberTrace } from "@/lib/context/number-trace";

export interface StageTimings {
  agentMs: number;
  dataMs: number;
  contextMs: number;
  /** From the start of the answer stage to its first text token. */
  firstTokenMs: number | null;
  /** The whole pipeline, question in to last token out. */
  totalMs: number | null;
}

export interface AnswerPrompt {
  system: string;
  prompt: string;
}

/** Shown above an answer when it did not come from the configured model as intended. */
export interface AnswerNotice {
  /** LLM_PAUSED: the endpoint failed repeatedly and is skipped for a while (the breaker in lib/answer/stream-answer.ts). */
  code: "LLM_UNAVAILABLE" | "LLM_TIMEOUT" | "LLM_ERROR" | "LLM_INTERRUPTED" | "LLM_PAUSED";
  message: string;
}

type FinGroundDataParts = {
  request: StructuredDataRequest;
  slice: DataSlice;
  prompt: AnswerPrompt;
  timings: StageTimings;
  notice: AnswerNotice;
  /** The news retrieved for the answer, in prompt order: hit i is cited as [N(i+1)]. */
  news: AnswerNews;
  /** The filing passages retrieved for the answer, in prompt order: hit i is cited as [F(i+1)]. */
  filings: AnswerFilings;
  /** The earnings-call passages retrieved for the answer, in prompt order: hit i is cited as [T(i+1)]. */
  transcripts: AnswerTranscripts;
  /** Every number of the answer's text and whether the data given to the model holds it (last check wins). */
  numbers: NumberTrace;
};

interface FinGroundMetadata {
  /** "analyst" for the built-in analyst, else the LLM's model id. */
  model?: string;
  createdAt?: string;
  /** Set on a reply from the client's advisor (not an answer of the pipeline). */
  advisor?: { name: string };
}

export type FinGroundUIMessage = UIMessage<FinGroundMetadata, FinGroundDataParts>;
