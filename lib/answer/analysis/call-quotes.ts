// The built-in analyst's paragraph on the earnings calls: the passages' own sentences, quoted as said, each with
// its [T#] and who said it; for an asked call summary, the call's result, guidance and change sentences
// (./call-summary.ts). The analyst never writes a sentence of its own about what was said.
import { asksForGuidance } from "@/lib/agent/lexicon/call-words";
import { openingQuote } from "@/lib/core/sentences";
import { escapeMarkdown, untrustedLine } from "@/lib/documents/fence";
import { describeTranscriptHit, transcriptLabel } from "@/lib/documents/transcripts/prompt";
import type { TranscriptChunkHit } from "@/lib/documents/transcripts/search";
import { guidanceSentences, summarizeCall } from "./call-summary";

const PASSAGES_QUOTED = 3;
/** "key takeaways", "summary", "highlights" of a call: the extractive call summary. */
const ASKS_SUMMARY = /\b(?:key\s+takeaways?|takeaways?|summar(?:y|ize|ise)|highlights?|recap)\b/i;

const quote = (text: string) => `"${escapeMarkdown(untrustedLine(text))}"`;

/** A passage's opening is quoted up to this many characters, its first whole sentence or two. */
const OPENING_CHARS = 600;

/** What a passage is quoted by: for a guidance question its guidance sentences (two at most) when it
 * has any, "…" between two that do not follow each other; else its first whole sentence or two, as
 * said (a piece of a long sentence is marked "…" where it was cut). */
export function quotedPart(text: string, guidance: boolean): string {
  const stated = guidance ? guidanceSentences(text).slice(0, 2) : [];
  const [first, second] = stated;
  if (first === undefined) return openingQuote(text, OPENING_CHARS, 2, { linesAreSentences: true });
  if (second === undefined) return first.text;
  return `${first.text}${text.slice(first.end, second.start).trim() === "" ? " " : " … "}${second.text}`;
}

/**
 * The built-in analyst's paragraph on the calls. A summary question gets the call summary: the best
 * result, guidance and change sentences of the calls found, verbatim, each cited. Any other question
 * gets the top passages' openings, each cited with who said it; an analyst's question comes with the
 * answer that followed it. A guidance question gets the passages that state guidance first, each quoted
 * by its guidance sentences.
 */
export function analystTranscriptsParagraph(hits: readonly TranscriptChunkHit[], question: string): string {
  if (hits.length === 0) return "";
  const cite = (i: number) =>
    `[${transcriptLabel(i)}] (${escapeMarkdown(untrustedLine(describeTranscriptHit(hits[i]!)))})`;
  if (ASKS_SUMMARY.test(question)) {
    const bullets = summarizeCall(
      hits.map((hit, i) => ({ text: hit.text, role: hit.role, section: hit.section, ref: i })),
    );
    if (bullets.length > 0)
      return [
        "Key takeaways from the call (management's own words, quoted as said):",
        ...bullets.map((b) => `- ${quote(b.sentence)} ${cite(b.ref)}`),
      ].join("\n");
  }
  // A guidance question quotes first the passages that state guidance (or whose answer does), by rank.
  const guidance = asksForGuidance(question);
  const statesGuidance = (hit: TranscriptChunkHit) =>
    guidanceSentences(hit.text).length > 0 ||
    (hit.counterpart ? guidanceSentences(hit.counterpart.text).length > 0 : false);
  const ranked = hits.map((hit, i) => ({ hit, i }));
  const quoted = guidance
    ? [...ranked].sort((a, b) => Number(statesGuidance(b.hit)) - Number(statesGuidance(a.hit)))
    : ranked;
  // An answer already shown, under its question or as a passage of its own, is not quoted a second
  // time; the same words in two passages (chunks overlap, a call can be held twice) are quoted once,
  // citing both.
  const shownExchanges = new Set<string>();
  const entries: { said: string; cites: number[]; answer: string }[] = [];
  for (const { hit, i } of quoted.slice(0, PASSAGES_QUOTED)) {
    const exchange = hit.exchange === null ? null : `${hit.callId}#${hit.exchange}`;
    if (exchange && hit.exchangePart === "answer") {
      if (shownExchanges.has(exchange)) continue;
      shownExchanges.add(exchange);
    }
    const said = quote(quotedPart(hit.text, guidance));
    let answer = "";
    if (hit.exchangePart === "question" && hit.counterpart && !(exchange && shownExchanges.has(exchange))) {
      if (exchange) shownExchanges.add(exchange);
      answer = `\n  Answered by ${escapeMarkdown(untrustedLine(hit.counterpart.speaker ?? "management"))}: ${quote(quotedPart(hit.counterpart.text, guidance))}`;
    }
    const same = entries.find((e) => e.said === said && e.answer === answer);
    if (same) same.cites.push(i);
    else entries.push({ said, cites: [i], answer });
  }
  const lines = entries.map((e) => `- ${e.said} ${e.cites.map(cite).join(" ")}${e.answer}`);
  return [
    `What was said on the calls (quoted as said, ${hits.length} passage${hits.length === 1 ? "" : "s"} found):`,
    ...lines,
  ].join("\n");
}
