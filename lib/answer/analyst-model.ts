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
import { documentLead, noPassageLine } from "./analysis/documents";
import { type AnswerDocuments, NO_DOCUMENTS } from "@/lib/documents/answer-documents";
import { analystFilingsParagraph } from "@/lib/documents/filings/prompt";
import { analystTableAnswerParagraph } from "@/lib/documents/filings/table-answer";
import { analystNewsParagraph } from "@/lib/documents/news/prompt";
import { analystTranscriptsParagraph } from "@/lib/documents/transcripts/prompt";
import { moverNewsText } from "./analysis/move";
import { newsAnswer } from "./analysis/news-answer";
import type { NewsHit } from "@/lib/documents/news/types";

export const ANALYST_MODEL_ID = "analyst";
const ANALYST_PROVIDER = "finground";

/** Words per text-delta, about a sentence: still reads as streaming, and each delta costs every stream
 * stage on the server (and the other chats waiting on its one thread) a pass, so fewer is faster. */
const WORDS_PER_DELTA = 16;
const TEXT_ID = "analyst-text";

const STOP: LanguageModelV4FinishReason = { unified: "stop", raw: "stop" };

/** The documents may still be on their way: the analyst writes the data part of the answer first and
 * the documents' paragraphs (the filings quoted, then the news) when they arrive, so the first words
 * never wait for a search. The final text is the same either way. */
export function createAnalystModel(
  slice: DataSlice,
  documents: AnswerDocuments | Promise<AnswerDocuments> = NO_DOCUMENTS,
): LanguageModelV4 {
  // Written lazily and once: a model that is created but never called costs nothing.
  let analysis: string | undefined;
  let documentsText: Promise<string> | undefined;
  const dataPart = () => (analysis ??= writeAnalysis(slice));
  // The documents' paragraphs with their separators, or nothing: parts joined by a blank line.
  const documentsPart = () =>
    (documentsText ??= Promise.resolve(documents).then(({ news, filings, transcripts, tableAnswer }) => {
      const { request } = slice;
      // No data part: the passages are the answer, led by what they quote (or by what found nothing).
      const documentsAnswer = dataPart() === "";
      const calls = analystTranscriptsParagraph(transcripts, request.question);
      const filed = analystFilingsParagraph(filings, request.question);
      const related = newsPartOf(slice, news);
      const quoted = { transcripts: calls !== "", filings: filed !== "", news: related !== "" };
      const lead = documentsAnswer && (quoted.transcripts || quoted.filings) ? documentLead(request, quoted) : "";
      const paragraphs = [
        lead,
        calls,
        analystTableAnswerParagraph(tableAnswer),
        filed,
        noPassageLine(request, {
          ...(documentsAnswer ? { transcripts: transcripts.length } : {}),
          filings: filings.length,
        }),
        related,
      ].filter((p) => p !== "");
      const text = paragraphs.join("\n\n");
      return text && dataPart() ? `\n\n${text}` : text;
    }));

  return {
    specificationVersion: "v4",
    provider: ANALYST_PROVIDER,
    modelId: ANALYST_MODEL_ID,
    supportedUrls: {},
    async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
      options.abortSignal?.throwIfAborted();
      const full = dataPart() + (await documentsPart());
      return { content: [{ type: "text", text: full }], finishReason: STOP, usage: usageOf(full), warnings: [] };
    },
    async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
      options.abortSignal?.throwIfAborted();
      return { stream: partsStream(dataPart(), documentsPart, options.abortSignal) };
    },
  };
}

/** A news question's whole answer, a move question's mover days with their news, else the related news. */
function newsPartOf(slice: DataSlice, hits: readonly NewsHit[]): string {
  if (slice.request.intent === "news") return newsAnswer(slice.request, hits);
  if (slice.request.intent === "move") return moverNewsText(slice.move, hits);
  return analystNewsParagraph(hits);
}

/** Groups of words, whitespace kept with the word before it, so the deltas re-join exactly. */
export function wordGroups(text: string, size = WORDS_PER_DELTA): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? (text === "" ? [] : [text]);
  const groups: string[] = [];
  for (let i = 0; i < words.length; i += size) groups.push(words.slice(i, i + size).join(""));
  return groups;
}

function partsStream(
  dataText: string,
  laterText: () => Promise<string>,
  abortSignal: AbortSignal | undefined,
): ReadableStream<LanguageModelV4StreamPart> {
  const deltas = (text: string) =>
    wordGroups(text).map((delta): LanguageModelV4StreamPart => ({ type: "text-delta", id: TEXT_ID, delta }));
  const parts: LanguageModelV4StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", modelId: ANALYST_MODEL_ID, timestamp: new Date() },
    { type: "text-start", id: TEXT_ID },
    ...deltas(dataText),
  ];
  let next = 0;
  let ending = false;
  // Pull-based: one part per read, so a consumer that stops reading (or aborts) stops the analyst.
  return new ReadableStream<LanguageModelV4StreamPart>({
    async pull(controller) {
      if (next === parts.length && !ending) {
        // The data part is written: now the news paragraph, once it has arrived.
        ending = true;
        const later = await laterText();
        parts.push(
          ...deltas(later),
          { type: "text-end", id: TEXT_ID },
          { type: "finish", finishReason: STOP, usage: usageOf(dataText + later) },
        );
      }
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
