// A call as the chunks search indexes: each speaker turn packed into pieces of about 1,000 characters
// overlapping by about 200 (whole sentences where possible, never across speakers), each with the
// section, speaker, role, the Q&A exchange it belongs to, and a header naming company, quarter and
// speaker, so a chunk read alone (by a person or the encoder) says whose words these are.
import type { CallSection, SpeakerRole, TranscriptDraft } from "./types";
import { sentencesOf } from "@/lib/core/sentences";

export const CHUNK_TARGET_CHARS = 1_000;
export const CHUNK_OVERLAP_CHARS = 200;

export interface TranscriptChunkDraft {
  /** Position in the call, from 0. */
  ordinal: number;
  section: CallSection;
  speaker: string | null;
  title: string | null;
  role: SpeakerRole;
  /** Q&A exchanges number from 1: an analyst's question and the management answers that follow it
   * share one; null in the prepared remarks and for the operator. */
  exchange: number | null;
  /** "question" for the analyst's turn of an exchange, "answer" for management's replies. */
  exchangePart: "question" | "answer" | null;
  header: string;
  text: string;
}

/** A sentence longer than a chunk, cut on spaces into pieces that overlap by the overlap. */
function piecesOfLongSentence(sentence: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < sentence.length) {
    let end = Math.min(start + CHUNK_TARGET_CHARS, sentence.length);
    if (end < sentence.length) {
      const space = sentence.lastIndexOf(" ", end);
      if (space > start + CHUNK_OVERLAP_CHARS) end = space;
    }
    pieces.push(sentence.slice(start, end).trim());
    if (end >= sentence.length) break;
    const back = sentence.indexOf(" ", end - CHUNK_OVERLAP_CHARS);
    start = back > start && back < end ? back + 1 : end;
  }
  return pieces;
}

/** A turn's text packed into pieces of at most about CHUNK_TARGET_CHARS, each after the first starting
 * with the previous piece's last sentences up to CHUNK_OVERLAP_CHARS. */
export function packedPieces(text: string): string[] {
  // Lines are sentences already (ECTSum writes one a line).
  const sentences = sentencesOf(text, { linesAreSentences: true }).flatMap((s) =>
    s.length > CHUNK_TARGET_CHARS ? piecesOfLongSentence(s) : [s],
  );
  const pieces: string[] = [];
  let current: string[] = [];
  let length = 0;
  let fresh = 0; // sentences in `current` not carried over from the previous piece
  for (const sentence of sentences) {
    if (length > 0 && length + 1 + sentence.length > CHUNK_TARGET_CHARS && fresh > 0) {
      pieces.push(current.join(" "));
      const overlap: string[] = [];
      let overlapLength = 0;
      for (let i = current.length - 1; i >= 0; i--) {
        const s = current[i]!;
        if (overlapLength + s.length + 1 > CHUNK_OVERLAP_CHARS) break;
        overlap.unshift(s);
        overlapLength += s.length + 1;
      }
      if (overlapLength + sentence.length > CHUNK_TARGET_CHARS) overlap.length = 0;
      current = overlap;
      length = overlap.join(" ").length;
      fresh = 0;
    }
    current.push(sentence);
    length += (length > 0 ? 1 : 0) + sentence.length;
    fresh++;
  }
  if (fresh > 0) pieces.push(current.join(" "));
  return pieces;
}

const SECTION_NAMES: Record<CallSection, string> = { prepared_remarks: "prepared remarks", qa: "Q&A" };

/** "The Coca-Cola Company (KO), fiscal Q3 2021 earnings call, Q&A — Jane Doe, analyst (Big Bank)". */
function headerOf(
  call: TranscriptDraft,
  section: CallSection,
  speaker: string | null,
  role: SpeakerRole,
  title: string | null,
): string {
  const who = speaker === null ? "management" : `${speaker}, ${role}${title ? ` (${title})` : ""}`;
  return `${call.companyName} (${call.ticker}), fiscal Q${call.fiscalQuarter} ${call.fiscalYear} earnings call, ${SECTION_NAMES[section]} — ${who}`;
}

/** The chunks of a call, in call order. */
export function chunksOfCall(call: TranscriptDraft): TranscriptChunkDraft[] {
  const chunks: TranscriptChunkDraft[] = [];
  let exchange = 0;
  let inExchange = false;
  for (const turn of call.turns) {
    let part: TranscriptChunkDraft["exchangePart"] = null;
    if (turn.section === "qa") {
      if (turn.role === "analyst") {
        exchange++;
        inExchange = true;
        part = "question";
      } else if (turn.role === "operator") {
        inExchange = false;
      } else if (inExchange) {
        part = "answer";
      }
    }
    const header = headerOf(call, turn.section, turn.speaker, turn.role, turn.title);
    for (const text of packedPieces(turn.text)) {
      chunks.push({
        ordinal: chunks.length,
        section: turn.section,
        speaker: turn.speaker,
        title: turn.title,
        role: turn.role,
        exchange: part === null ? null : exchange,
        exchangePart: part,
        header,
        text,
      });
    }
  }
  return chunks;
}
