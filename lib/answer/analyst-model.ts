// The built-in analyst as an AI SDK language model: the same streamText call, the same stream parts,
// whether the answer comes from an LLM or from writeAnalysis. The prompt is ignored on purpose: the
// analyst reads the DataSlice itself, which is exactly what the prompt was built from.
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4FinishReason,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";
import type { DataSlice } from "@/lib/data/types";
import { writeAnalysis } from "./analysis";
import { analystNewsParagraph } from "@/lib/news/prompt";
import type { NewsHit } from "@/lib/news/types";

export const ANALYST_MODEL_ID = "analyst";
const ANALYST_PROVIDER = "finground";

/** Words per text-delta: small enough to look like streaming, large enough not to flood the UI. */
const WORDS_PER_DELTA = 4;
const TEXT_ID = "analyst-text";

const STOP: LanguageModelV4FinishReason = { unified: "stop", raw: "stop" };

export function createAnalystModel(slice: DataSlice, news: readonly NewsHit[] = []): LanguageModelV4 {
  // Written lazily and once: a model that is created but never called costs nothing.
  let text: string | undefined;
  const answer = () => (text ??= [writeAnalysis(slice), analystNewsParagraph(news)].filter(Boolean).join("\n\n"));

  return {
    specificationVersion: "v4",
    provider: ANALYST_PROVIDER,
    modelId: ANALYST_MODEL_ID,
    supportedUrls: {},
    async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
      options.abortSignal?.throwIfAborted();
      const full = answer();
      return { content: [{ type: "text", text: full }], finishReason: STOP, usage: usageOf(full), warnings: [] };
    },
    async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
      options.abortSignal?.throwIfAborted();
      return { stream: partsStream(answer(), options.abortSignal) };
    },
  };
}

/** Groups of words, whitespace kept with the word before it, so the deltas re-join exactly. */
export function wordGroups(text: string, size = WORDS_PER_DELTA): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? (text === "" ? [] : [text]);
  const groups: string[] = [];
  for (let i = 0; i < words.length; i += size) groups.push(words.slice(i, i + size).join(""));
  return groups;
}

function partsStream(text: string, abortSignal: AbortSignal | undefined): ReadableStream<LanguageModelV4StreamPart> {
  const parts: LanguageModelV4StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", modelId: ANALYST_MODEL_ID, timestamp: new Date() },
    { type: "text-start", id: TEXT_ID },
    ...wordGroups(text).map((delta): LanguageModelV4StreamPart => ({ type: "text-delta", id: TEXT_ID, delta })),
    { type: "text-end", id: TEXT_ID },
    { type: "finish", finishReason: STOP, usage: usageOf(text) },
  ];
  let next = 0;
  // Pull-based: one part per read, so a consumer that stops reading (or aborts) stops the analyst.
  return new ReadableStream<LanguageModelV4StreamPart>({
    pull(controller) {
      if (abortSignal?.aborted) {
        controller.error(abortSignal.reason);
        return;
      }
      const part = parts[next++];
      if (part) controller.enqueue(part);
      else controller.close();
    },
  });
}

/** No tokenizer here: words stand in for output tokens, and the prompt is not read (no input tokens). */
function usageOf(text: string): LanguageModelV4Usage {
  const words = text.split(/\s+/).filter((w) => w !== "").length;
  return {
    inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: words, text: words, reasoning: undefined },
  };
}
