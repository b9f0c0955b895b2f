// The built-in analyst's filings paragraph: the passages' most relevant sentences, quoted exactly as filed,
// each with its [F#]: the analyst never writes a sentence of its own about what a filing says.
import { quotableSentences } from "@/lib/core/sentences";
import { escapeMarkdown, untrustedLine } from "@/lib/documents/fence";
import { describeFiling, filingLabel } from "@/lib/documents/filings/prompt";
import type { FilingChunkHit } from "@/lib/documents/filings/types";

/** A sentence quoted as filed, and the places in the hits of every passage holding it (the same risk
 * factor in two years' 10-Ks is quoted once, citing both). */
export interface FilingQuote {
  indices: number[];
  sentence: string;
}

/** Words too common to say what a question is about. */
const STOP_WORDS = new Set(
  `a an the and or of to in on for by with at from as is are was were be been being it its their they them this that these those
  what which who whom how why when where does do did say says said about any all some has have had will would can could should
  company companies filing filings 10-k report annual inc corp`.split(/\s+/),
);

const PASSAGES_QUOTED = 3;
const SENTENCES_PER_PASSAGE = 2;
/** Sentences shorter than this are headings or fragments; longer ones are cut tables. */
const MIN_SENTENCE_CHARS = 40;
const MAX_SENTENCE_CHARS = 600;

const wordsOf = (text: string) =>
  (text.toLowerCase().match(/[a-z0-9][a-z0-9'-]*/g) ?? []).filter((w) => !STOP_WORDS.has(w) && w.length > 2);

/** The same word in another form ("factories" and "factory", "relies" and "reliance"): a shared stem. */
const stem = (word: string) => word.slice(0, Math.max(4, Math.ceil(word.length * 0.7)));

/** A run of spaces inside a line: two columns printed side by side, whose lines a sentence would mix. */
const COLUMN_GAP = /\S[ \t]{3,}\S/;

/** The same sentence however the page laid it out: line breaks and runs of spaces read as one space. */
/** Two filings often repeat a sentence with only its case changed ("Oracle Cloud Services" / "Oracle cloud services"). */
const sameSentence = (sentence: string) => sentence.replace(/\s+/g, " ").trim().toLowerCase();

/** The sentences of a text passage that may be quoted, in order: whole sentences of the source (never
 * the pieces a chunk boundary cut, never page furniture; see lib/core/sentences.ts), of a sentence's
 * length, none mixing two columns of the page. Line breaks of the page layout stay inside a sentence. */
export function passageQuotes(text: string): string[] {
  return quotableSentences(text)
    .map((s) => s.text)
    .filter((s) => s.length >= MIN_SENTENCE_CHARS && s.length <= MAX_SENTENCE_CHARS && !COLUMN_GAP.test(s));
}

/** The best sentences of the top passages for the question: each a substring of its passage's text,
 * in the passage's order, never rewritten. Tables are not quoted (their cells are no sentences). A
 * sentence two passages share is quoted once, with both passages' places. */
export function filingQuotes(hits: readonly FilingChunkHit[], question: string): FilingQuote[] {
  const asked = new Set(wordsOf(question).map(stem));
  const quotes: FilingQuote[] = [];
  const bySentence = new Map<string, FilingQuote>();
  hits.slice(0, PASSAGES_QUOTED).forEach((hit, index) => {
    if (hit.isTable) return;
    const scored = passageQuotes(hit.text).map((sentence, order) => ({
      sentence,
      order,
      score: new Set(
        wordsOf(sentence)
          .map(stem)
          .filter((w) => asked.has(w)),
      ).size,
    }));
    const best = scored
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, SENTENCES_PER_PASSAGE);
    // No sentence shares a word with the question: the passage's first sentence, as the search ranked it.
    const chosen = best.length > 0 ? best : scored.slice(0, 1);
    for (const { sentence } of chosen.sort((a, b) => a.order - b.order)) {
      const key = sameSentence(sentence);
      const quoted = bySentence.get(key);
      if (quoted) {
        if (!quoted.indices.includes(index)) quoted.indices.push(index);
        continue;
      }
      const quote = { indices: [index], sentence };
      bySentence.set(key, quote);
      quotes.push(quote);
    }
  });
  return quotes;
}

/** The built-in analyst's filings paragraph: says it quotes the filings, then the quotes, each cited by
 * every passage that holds it. */
export function analystFilingsParagraph(hits: readonly FilingChunkHit[], question: string): string {
  const quotes = filingQuotes(hits, question);
  if (quotes.length === 0) return "";
  const lines = quotes.map(({ indices, sentence }) => {
    const labels = indices.map((i) => `[${filingLabel(i)}]`).join(" ");
    const filings = indices.map((i) => escapeMarkdown(untrustedLine(describeFiling(hits[i]!)))).join("; ");
    return `- "${escapeMarkdown(untrustedLine(sentence))}" ${labels} (${filings})`;
  });
  return [
    `What the filings say (quoted as filed, ${hits.length} passage${hits.length === 1 ? "" : "s"} found):`,
    ...lines,
  ].join("\n");
}
