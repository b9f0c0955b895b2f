// The pieces of an assistant message, by kind. When a data part arrives more than once (a later
// update of the same stage), the last one wins.
import type { AnswerNotice, AnswerPrompt, FinGroundUIMessage, StageTimings } from "@/lib/conversation/message";
import type { StructuredDataRequest } from "@/lib/agent/schema";
import type { DataSlice } from "@/lib/data/types";
import type { AnswerFilings } from "@/lib/documents/filings/for-request";
import type { AnswerNews } from "@/lib/documents/news/for-request";
import type { AnswerTranscripts } from "@/lib/documents/transcripts/for-request";
import type { NumberTrace } from "@/lib/context/number-trace";

export interface AnswerParts {
  /** The answer's text: the model's, or after a notice the analyst's that replaces it. */
  text: string;
  /** The language model's text that broke off before a notice (shown apart, never as the answer). */
  brokenOffText: string;
  request: StructuredDataRequest | null;
  slice: DataSlice | null;
  prompt: AnswerPrompt | null;
  timings: StageTimings | null;
  notice: AnswerNotice | null;
  news: AnswerNews | null;
  filings: AnswerFilings | null;
  transcripts: AnswerTranscripts | null;
  /** The check of the answer text's numbers (the latest: while streaming, the check so far). */
  numbers: NumberTrace | null;
}

export function answerPartsOf(message: FinGroundUIMessage): AnswerParts {
  let texts: string[] = [];
  const brokenOff: string[] = [];
  const parts: AnswerParts = {
    text: "",
    brokenOffText: "",
    request: null,
    slice: null,
    prompt: null,
    timings: null,
    notice: null,
    news: null,
    filings: null,
    transcripts: null,
    numbers: null,
  };
  for (const part of message.parts) {
    switch (part.type) {
      case "text":
        texts.push(part.text);
        break;
      case "data-request":
        parts.request = part.data;
        break;
      case "data-slice":
        parts.slice = part.data;
        break;
      case "data-prompt":
        parts.prompt = part.data;
        break;
      case "data-timings":
        parts.timings = part.data;
        break;
      case "data-notice":
        parts.notice = part.data;
        // Text before the notice is what the model wrote before it failed.
        brokenOff.push(...texts);
        texts = [];
        break;
      case "data-news":
        parts.news = part.data;
        break;
      case "data-filings":
        parts.filings = part.data;
        break;
      case "data-transcripts":
        parts.transcripts = part.data;
        break;
      case "data-numbers":
        parts.numbers = part.data;
        break;
      default:
        break;
    }
  }
  parts.text = joinTexts(texts);
  parts.brokenOffText = joinTexts(brokenOff);
  return parts;
}

function joinTexts(texts: string[]): string {
  return texts.filter((text) => text.length > 0).join("\n\n");
}

/** The question of a user message, as typed. */
export function userTextOf(message: FinGroundUIMessage): string {
  return message.parts
    .map((part) => (part.type === "text" ? part.text : ""))
    .filter(Boolean)
    .join("\n");
}
