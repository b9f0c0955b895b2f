// The pieces of an assistant message, by kind. When a data part arrives more than once (a later
// update of the same stage), the last one wins.
import type { AnswerNotice, AnswerPrompt, FinGroundUIMessage, StageTimings } from "@/lib/conversation/message";
import type { StructuredDataRequest } from "@/lib/agent/schema";
import type { DataSlice } from "@/lib/data/types";
import type { AnswerNews } from "@/lib/news/for-request";

export interface AnswerParts {
  text: string;
  request: StructuredDataRequest | null;
  slice: DataSlice | null;
  prompt: AnswerPrompt | null;
  timings: StageTimings | null;
  notice: AnswerNotice | null;
  news: AnswerNews | null;
}

export function answerPartsOf(message: FinGroundUIMessage): AnswerParts {
  const texts: string[] = [];
  const parts: AnswerParts = { text: "", request: null, slice: null, prompt: null, timings: null, notice: null, news: null };
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
        break;
      case "data-news":
        parts.news = part.data;
        break;
      default:
        break;
    }
  }
  parts.text = texts.filter((text) => text.length > 0).join("\n\n");
  return parts;
}

/** The question of a user message, as typed. */
export function userTextOf(message: FinGroundUIMessage): string {
  return message.parts
    .map((part) => (part.type === "text" ? part.text : ""))
    .filter(Boolean)
    .join("\n");
}
