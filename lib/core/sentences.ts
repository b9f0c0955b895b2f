// One sentence segmenter for every document kind (filings, earnings calls, news, TAT-QA paragraphs),
// and what a quote of a document may be. A sentence ends at ".", "!" or "?" (closing quotes or brackets
// after it) before white space and something that can open a sentence; never inside a number ("$57.0
// billion", "80.1%"), after an abbreviation ("U.S.", "Inc.", "approx."), an initial ("J.P. Morgan"), an
// item number ("Item 1A.") or a list marker ("1."). Every doubt merges: two sentences quoted as one are
// still the source's words, while a split inside one quotes "$57." for $57.0 billion.
import { matchesOf } from "./regex";

/** A sentence's place in its text: [start, end) characters, white space and bullets left out. */
export interface SentenceSpan {
  start: number;
  end: number;
}

export interface SegmentOptions {
  /** Every line break ends a sentence (ECTSum writes one sentence a line). Otherwise a line break ends
   * one only at a blank line, around a heading line or around page furniture (the page layout wraps
   * sentences over lines). */
  linesAreSentences?: boolean;
}

/** A run of sentence-ending punctuation with the closing quotes or brackets after it, before white
 * space or the end of the text. */
const TERMINATOR = /[.!?]+["'”’)\]]*(?=\s|$)/g;
/** A bullet inside a line opens a list item: a sentence ends before it. */
const BULLET = /\s[•●▪◦■]\s/g;
const LEADING_BULLETS = /^[\s•●▪◦■*–—-]+(?=\S)/;
/** The word before a full stop after which no sentence ends: titles, company forms, Latin and other
 * abbreviations, months, and initials or dotted acronyms ("J.P", "U.S", "e.g", "A"). */
const ABBREVIATION =
  /^(?:mr|mrs|ms|dr|prof|sr|jr|st|mt|messrs|inc|corp|co|cos|ltd|plc|bros|assn|dept|div|no|nos|approx|est|etc|cf|vs|viz|al|fig|figs|ref|refs|vol|pp|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|[a-z](?:\.[a-z])*)$/i;
/** "Item 1A", "Note 7", "Part II", "Section 2.02": a numbered heading's full stop ends no sentence. */
const ITEM_NUMBER =
  /\b(?:items?|parts?|notes?|sections?|schedules?|exhibits?|articles?|rules?|steps?|tiers?|levels?|phases?)\s+(?:\d{1,3}[a-z]?(?:[.-]\d{1,3}[a-z]?)*|[ivx]{1,5})$/i;
/** A list marker alone ("1.", "(a).", "iv.", "A."): the sentence is what follows it. */
const LIST_MARKER = /^\(?(?:\d{1,3}|[a-z]|[ivx]{1,5})\)?$/i;
const LOWERCASE_START = /^\p{Ll}/u;
/** "iPhone", "eBay": a lower-case letter then a capital opens a name, not a continuation. */
const LOWER_NAME_START = /^\p{Ll}\p{Lu}/u;
const TRAILING_TOKEN = /\S+$/;
/** The first two characters after white space from a position (sticky: read where lastIndex is). */
const NEXT_WORD = /\s*(\S{0,2})/y;
const OPENING_MARKS = /^[("“‘'[]+/;

/** Words a title leaves in lower case ("Risk Factors", "Results of Operations"). */
const TITLE_SMALL_WORDS = new Set(
  "a an and as at by for from in into of on or per the to with vs our its their we".split(" "),
);
const WORDS = /[\p{L}][\p{L}’'&.-]*/gu;

/**
 * Page furniture: a line that is no prose, printed on every page. Bare page numbers ("11", "- 11 -",
 * "F-12", "Page 5"), "Table of Contents", and running headers or footers naming the report ("Apple Inc. |
 * 2024 Form 10-K | 11", "Pfizer Inc.   2023 Form 10-K   37", "Verizon 2022 Annual Report on Form 10-K").
 */
const FURNITURE = [
  /^[-–—]?\s*(?:page\s+)?(?:[a-z]{1,3}-)?\d{1,4}(?:-\d{1,3})?\s*[-–—]?$/i,
  /^(?:table of contents|index|index to financial statements|\(continued\))$/i,
  /^(?:[\p{Lu}\d&][\p{L}\d&.,'’-]*\s+){0,6}\|[^|]{0,60}(?:\|\s*)?\d{1,4}$/u,
  /^\|?.{0,60}\b(?:19|20)\d{2}\s+(?:annual report(?:\s+on)?\s+)?form\s+10-?[kq](?:\s+\d{1,4})?$/i,
  /^.{0,60}\b(?:19|20)\d{2}\s+annual report(?:\s+\d{1,4})?$/i,
  /^\d{1,4}\s{2,}[\p{Lu}][\p{Lu}\p{P}\s&]{2,60}$/u,
  // A table of contents' entry: a title, dot leaders, a page.
  /\.{4,}\s*(?:[a-z]{1,3}-)?\d{0,4}$/i,
];
/** Dot leaders: a table of contents' entry, no prose. */
const DOT_LEADERS = /\.{4,}/;

/** Furniture that sits at a sentence's edge on the same line (text extracted without line breaks). A
 * bare number there is left alone: "2023 Revenue was …" may open with its year. */
const FURNITURE_AT_START =
  /^(?:table of contents|index to financial statements|(?:[\p{Lu}\d&][\p{L}\d&.,'’-]*\s+){0,6}\|\s*(?:19|20)\d{2}\s+form\s+10-?[kq]\s*\|\s*\d{1,4})\s+/iu;
const FURNITURE_AT_END =
  /(?<=[.!?]["'”’)\]]*)\s+(?:table of contents|(?:[\p{Lu}\d&][\p{L}\d&.,'’-]*\s+){0,6}\|\s*(?:19|20)\d{2}\s+form\s+10-?[kq]\s*\|\s*\d{1,4})$/iu;

/** Furniture is a short line: longer ones are prose or table rows, whatever they hold. */
const MAX_FURNITURE_CHARS = 160;

export function isPageFurniture(line: string): boolean {
  const text = line.trim();
  return text !== "" && text.length <= MAX_FURNITURE_CHARS && FURNITURE.some((pattern) => pattern.test(text));
}

/** A line standing as a heading: short, no sentence punctuation at its end, its words capitalised as a
 * title or all in capitals ("Item 1A. Risk Factors", "CORPORATE BACKGROUND", "ADP’s Mission"). */
function isHeadingLine(line: string): boolean {
  const text = line.trim();
  if (text.length === 0 || text.length > 80) return false;
  const letters = text.replace(/[^\p{L}]/gu, "");
  if (letters.length < 2) return false;
  if (letters === letters.toUpperCase()) return text.length <= 60;
  if (/[.!?,;:]["'”’)]*$/.test(text)) return false;
  const words = matchesOf(text, WORDS).map((m) => m[0]);
  if (words.length === 0 || words.length > 10) return false;
  return words.every(
    (word, i) =>
      !LOWERCASE_START.test(word) ||
      LOWER_NAME_START.test(word) ||
      (i > 0 && TITLE_SMALL_WORDS.has(word.toLowerCase())),
  );
}

/** The blocks of a text no sentence crosses: [start, end) characters. */
function blocksOf(text: string, options: SegmentOptions): [number, number][] {
  const lines: { start: number; end: number; text: string }[] = [];
  let offset = 0;
  for (const line of text.split("\n")) {
    lines.push({ start: offset, end: offset + line.length, text: line });
    offset += line.length + 1;
  }
  const blocks: [number, number][] = [];
  let blockStart: number | null = null;
  let blockEnd = 0;
  const close = () => {
    if (blockStart !== null) blocks.push([blockStart, blockEnd]);
    blockStart = null;
  };
  lines.forEach((line, i) => {
    if (line.text.trim() === "") {
      close();
      return;
    }
    const next = lines[i + 1]?.text.trim() ?? "";
    const previousEnded = blockStart === null || /[.!?:]["'”’)\]]*\s*$/.test(lines[i - 1]?.text ?? "");
    const standsAlone =
      isPageFurniture(line.text) ||
      (previousEnded && isHeadingLine(line.text) && (next === "" || !LOWERCASE_START.test(next)));
    if (options.linesAreSentences || standsAlone) close();
    if (blockStart === null) blockStart = line.start;
    blockEnd = line.end;
    if (options.linesAreSentences || standsAlone) close();
  });
  close();
  return blocks;
}

/** Whether the full stop ending `before` (the sentence so far, the stop left out) ends no sentence. */
function isNoSentenceEnd(before: string): boolean {
  const token = (TRAILING_TOKEN.exec(before)?.[0] ?? "").replace(OPENING_MARKS, "");
  if (token === "") return false;
  if (ABBREVIATION.test(token)) return true;
  if (ITEM_NUMBER.test(before)) return true;
  return LIST_MARKER.test(before.trim());
}

/** Sentence ends inside one block: offsets just after each sentence's last character. */
function endsInBlock(block: string): number[] {
  const candidates = [
    ...matchesOf(block, TERMINATOR).map((m) => ({ at: m.index + m[0].length, stop: m.index, bullet: false })),
    // A bullet is a hard end: the sentence before it ends there, whatever its punctuation.
    ...matchesOf(block, BULLET).map((m) => ({ at: m.index + 1, stop: m.index + 1, bullet: true })),
  ].sort((a, b) => a.at - b.at);
  const ends: number[] = [];
  let sentenceStart = 0;
  for (const candidate of candidates) {
    if (!candidate.bullet) {
      NEXT_WORD.lastIndex = candidate.at;
      const rest = NEXT_WORD.exec(block)?.[1] ?? "";
      if (rest !== "" && LOWERCASE_START.test(rest) && !LOWER_NAME_START.test(rest)) continue;
      const isQuestionOrExclamation = /[!?]/.test(block.slice(candidate.stop, candidate.at));
      if (rest !== "" && !isQuestionOrExclamation && isNoSentenceEnd(block.slice(sentenceStart, candidate.stop)))
        continue;
    }
    ends.push(candidate.at);
    sentenceStart = candidate.at;
  }
  return ends;
}

/** The sentences of a text as spans, in order. */
export function sentenceSpans(text: string, options: SegmentOptions = {}): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  for (const [blockStart, blockEnd] of blocksOf(text, options)) {
    const block = text.slice(blockStart, blockEnd);
    let start = 0;
    for (const end of [...endsInBlock(block), block.length]) {
      if (end <= start) continue;
      const piece = block.slice(start, end);
      const lead = LEADING_BULLETS.exec(piece)?.[0].length ?? piece.length - piece.trimStart().length;
      const trimmedEnd = start + piece.trimEnd().length;
      if (trimmedEnd > start + lead) spans.push({ start: blockStart + start + lead, end: blockStart + trimmedEnd });
      start = end;
    }
  }
  return spans;
}

/** The sentences of a text, each as written (line breaks of the layout kept inside). */
export function sentencesOf(text: string, options: SegmentOptions = {}): string[] {
  return sentenceSpans(text, options).map((span) => text.slice(span.start, span.end));
}

/** A quote ending in a number cut at its decimal point or sign ("$57.", "($0.", "€1.", "$", "(") may be
 * the start of "$57.0 billion": a year or a count closing a sentence ("in 2023.") is no such cut, and
 * inside a passage the segmenter never ends a sentence before a digit. */
const CUT_NUMBER_END = /(?:[$€£¥]\s?\(?\d[\d,]*\.|\(\$?\d[\d,]*\.|[$€£¥(])["'”’)\]]*$/;
/** A passage that ends on an abbreviation may have been cut before the sentence's end ("… Apple Inc."). */
const ABBREVIATION_END = /(?:^|\s)\(?(\S+)\.["'”’)\]]*$/;
/** Punctuation that ends a whole sentence. */
const SENTENCE_END = /[.!?]["'”’)\]]*$/;
/** What no sentence starts with: punctuation that continues one (", which", ".0 billion"), or the "…"
 * of a passage cut inside a sentence. */
const FRAGMENT_START = /^(?:[,;:.%)\]…]|\d*\.\d)/;

/** True when a quote ends in an amount cut at its decimal point, or in a bare currency sign or bracket. */
export function endsInCutNumber(quote: string): boolean {
  return CUT_NUMBER_END.test(quote.trimEnd());
}

/** The sentence without the page furniture at its edges, or null when nothing of it is prose. */
export function withoutFurniture(sentence: string): string | null {
  let text = sentence.trim();
  if (isPageFurniture(text)) return null;
  for (let previous = ""; previous !== text; ) {
    previous = text;
    // Whole lines of furniture at either edge ("22\nItem 7A. …" after a table of contents' page number).
    const lines = text.split("\n");
    while (lines.length > 1 && isPageFurniture(lines[0]!)) lines.shift();
    while (lines.length > 1 && isPageFurniture(lines.at(-1)!)) lines.pop();
    text = lines.join("\n").replace(FURNITURE_AT_START, "").replace(FURNITURE_AT_END, "").trim();
  }
  return text === "" || isPageFurniture(text) ? null : text;
}

/** A sentence of a passage that may be quoted as whole: its text (furniture stripped from its edges, a
 * substring of the passage) and where it is. */
export interface QuotableSentence extends SentenceSpan {
  text: string;
}

/**
 * The sentences of a passage that are whole: those a passage boundary cut are left out (the first when
 * it starts in lower case or inside a number, the last when it has no closing punctuation or ends in a
 * number or an abbreviation the next passage may continue), and so are furniture and headings.
 */
export function quotableSentences(passage: string, options: SegmentOptions = {}): QuotableSentence[] {
  const spans = sentenceSpans(passage, options);
  const quotable: QuotableSentence[] = [];
  spans.forEach((span, i) => {
    const text = withoutFurniture(passage.slice(span.start, span.end));
    if (text === null) return;
    if (!SENTENCE_END.test(text) || endsInCutNumber(text) || DOT_LEADERS.test(text)) return;
    if (LOWERCASE_START.test(text) && !LOWER_NAME_START.test(text)) return;
    if (FRAGMENT_START.test(text)) return;
    const isLast = i === spans.length - 1 && passage.slice(span.end).trim() === "";
    if (isLast) {
      const word = ABBREVIATION_END.exec(text)?.[1];
      if (word !== undefined && ABBREVIATION.test(word)) return;
    }
    const start = passage.indexOf(text, span.start);
    quotable.push({ start, end: start + text.length, text });
  });
  return quotable;
}

/**
 * A quote of at most `maxChars`: the text whole when it fits, else cut at the last word boundary before
 * the limit and marked " …", never inside a word or a number ("$57.0 billion" is cut before "$57.0" or
 * after "billion"); a cut falling after punctuation drops it, so the "…" shows what was left out.
 */
export function shortenedQuote(text: string, maxChars: number): string {
  const whole = text.trim();
  if (whole.length <= maxChars) return whole;
  const window = whole.slice(0, maxChars + 1);
  const space = window.search(/\s\S*$/);
  const cut = space > 0 ? window.slice(0, space) : "";
  const kept = cut.replace(/[\s,;:–—-]+$/, "").replace(/\s+\S{0,2}[$€£¥(]$/, "");
  return kept === "" ? "…" : `${kept} …`;
}

/** Quoted sentences that follow each other in the source with only white space between them. */
function areAdjacent(passage: string, first: QuotableSentence, second: QuotableSentence): boolean {
  return passage.slice(first.end, second.start).trim() === "";
}

/**
 * The opening of a passage as a quote of at most `maxChars` (`sentences` at most): its first whole
 * sentences that follow one another; a passage with no whole sentence (a piece of a long one) is
 * quoted shortened and marked "…" at each end it was cut.
 */
export function openingQuote(passage: string, maxChars: number, sentences = 2, options: SegmentOptions = {}): string {
  const whole = quotableSentences(passage, options);
  const first = whole[0];
  if (first === undefined) {
    const text = passage.trim().replace(/…$/, "");
    if (text === "") return "";
    const startsWhole = !LOWERCASE_START.test(text) || LOWER_NAME_START.test(text);
    const shortened = shortenedQuote(text, maxChars);
    const cutEnd = shortened.endsWith("…") || SENTENCE_END.test(shortened) ? shortened : `${shortened} …`;
    return startsWhole ? cutEnd : `… ${cutEnd}`;
  }
  let last = first;
  for (const next of whole.slice(1, sentences)) {
    if (!areAdjacent(passage, last, next) || next.end - first.start > maxChars) break;
    last = next;
  }
  return shortenedQuote(passage.slice(first.start, last.end), maxChars);
}
