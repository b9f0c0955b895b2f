// The built-in analyst's answer as it streams: groups of words, the data part first and the documents'
// paragraphs when they arrive. It reads the DataSlice itself, which is exactly what an LLM's prompt is
// built from. Not an AI SDK model behind streamText: its stream stages cost ~4 ms of CPU per answer
// (measured), most of a chat's work before its first words, for text that is already written.
import { cuts, type QuestionDeadline } from "@/lib/data/budget";
import type { DataSlice } from "@/lib/data/types";
import { writeAnalysis } from "./analysis";
import { cutsBlock } from "./analysis/no-data";
import { documentLead, documentNoticeLines, noPassageLine } from "./analysis/documents";
import { type AnswerDocuments, NO_DOCUMENTS } from "@/lib/documents/answer-documents";
import { analystFilingsParagraph } from "./analysis/filing-quotes";
import { analystTableAnswerParagraph } from "./analysis/table-answer-text";
import { analystNewsParagraph } from "./analysis/news-paragraph";
import { analystTranscriptsParagraph } from "./analysis/call-quotes";
import { moverNewsText } from "./analysis/move";
import { newsAnswer } from "./analysis/news-answer";
import type { NewsHit } from "@/lib/documents/news/types";

export const ANALYST_MODEL_ID = "analyst";

/** Words per text-delta, about a sentence: still reads as streaming, and each delta costs every stream
 * stage on the server (and the other chats waiting on its one thread) a pass, so fewer is faster. */
const WORDS_PER_DELTA = 16;

/** The documents may still be on their way: the analyst writes the data part of the answer first and
 * the documents' paragraphs (the filings quoted, then the news) when they arrive, so the first words
 * never wait for a search. The final text is the same either way, unless the question's deadline passes
 * first: then the answer ends after a whole paragraph (never inside a sentence or a figure) and says so. */
export async function* analystDeltas(
  slice: DataSlice,
  documents: AnswerDocuments | Promise<AnswerDocuments> = NO_DOCUMENTS,
  deadline?: QuestionDeadline,
): AsyncGenerator<string, void, undefined> {
  let written = "";
  /** The text's paragraphs until the deadline; false once it passed (the cut said). */
  async function* untilDeadline(text: string): AsyncGenerator<string, boolean, undefined> {
    for (const paragraph of text.split(/(?<=\n\n)/)) {
      if (written.trim() !== "" && deadline?.passed()) {
        // The slice's own cuts are said here when their paragraph was not reached.
        const unsaid = (slice.truncated ?? []).filter((c) => !written.includes(c.what));
        yield `${written.endsWith("\n\n") ? "" : "\n\n"}${cutsBlock([...unsaid, cuts.answer()])}`;
        return false;
      }
      yield* wordGroups(paragraph);
      written += paragraph;
    }
    return true;
  }
  const dataPart = writeAnalysis(slice);
  if (!(yield* untilDeadline(dataPart))) return;
  yield* untilDeadline(documentsPart(slice, dataPart, await documents));
}

/** The whole answer at once: what `analystDeltas` streams. */
export async function analystText(
  slice: DataSlice,
  documents: AnswerDocuments | Promise<AnswerDocuments> = NO_DOCUMENTS,
): Promise<string> {
  let text = "";
  for await (const delta of analystDeltas(slice, documents)) text += delta;
  return text;
}

/** The documents' paragraphs with their separator from the data part, or nothing: parts joined by a blank line. */
function documentsPart(slice: DataSlice, dataPart: string, documents: AnswerDocuments): string {
  const { news, filings, transcripts, tableAnswer } = documents;
  const { request } = slice;
  // No data part: the passages are the answer, led by what they quote (or by what found nothing).
  const documentsAnswer = dataPart === "";
  const calls = analystTranscriptsParagraph(transcripts, request.question);
  const filed = analystFilingsParagraph(filings, request.question);
  const related = newsPartOf(slice, news);
  const quoted = { transcripts: calls !== "", filings: filed !== "", news: related !== "" };
  const lead = documentsAnswer && (quoted.transcripts || quoted.filings) ? documentLead(request, quoted) : "";
  const paragraphs = [
    lead,
    documentNoticeLines(documents),
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
  return text && dataPart ? `\n\n${text}` : text;
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
