import { describe, expect, it } from "vitest";
import { sentencesOf as segment } from "@/lib/core/sentences";
import { CHUNK_OVERLAP_CHARS, CHUNK_TARGET_CHARS, chunksOfCall, packedPieces } from "./chunks";

const sentencesOf = (text: string) => segment(text, { linesAreSentences: true });
import type { TranscriptDraft, TranscriptTurn } from "./types";

const call = (turns: TranscriptTurn[]): TranscriptDraft => ({
  callId: "KO_q3_2021",
  source: "la83la",
  ticker: "KO",
  companyName: "The Coca-Cola Company",
  fiscalYear: 2021,
  fiscalQuarter: 3,
  calendar: { year: 2021, quarter: 3 },
  turns,
  referenceBullets: [],
  ectsumSplit: null,
});
const turn = (
  speaker: string,
  role: TranscriptTurn["role"],
  section: TranscriptTurn["section"],
  text: string,
): TranscriptTurn => ({
  speaker,
  title: role === "analyst" ? "Big Bank -- Analyst" : null,
  role,
  section,
  text,
});

describe("sentencesOf", () => {
  it("splits at sentence ends, not at decimals or abbreviations, and keeps lines as sentences", () => {
    expect(sentencesOf("EPS was $1.25. U.S. Sales rose 3.5%! Did margins grow? Yes\nNext line here.")).toEqual([
      "EPS was $1.25.",
      "U.S. Sales rose 3.5%!",
      "Did margins grow?",
      "Yes",
      "Next line here.",
    ]);
  });
});

describe("packedPieces", () => {
  const sentence = (i: number) => `Sentence number ${i} says something about the quarter's results and outlook.`;
  const text = Array.from({ length: 40 }, (_, i) => sentence(i)).join(" ");

  it("packs whole sentences to about 1,000 characters with about 200 overlapping", () => {
    const pieces = packedPieces(text);
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(CHUNK_TARGET_CHARS);
    for (const piece of pieces.slice(0, -1)) expect(piece.length).toBeGreaterThan(CHUNK_TARGET_CHARS - 100);
    for (let i = 1; i < pieces.length; i++) {
      const lastOfPrevious = sentencesOf(pieces[i - 1]!).at(-1)!;
      expect(pieces[i]!.includes(lastOfPrevious)).toBe(true);
      const carried = sentencesOf(pieces[i]!)
        .filter((s) => pieces[i - 1]!.includes(s))
        .join(" ");
      expect(carried.length).toBeLessThanOrEqual(CHUNK_OVERLAP_CHARS);
    }
    expect(new Set(pieces.flatMap(sentencesOf))).toEqual(new Set(sentencesOf(text)));
  });

  it("cuts a sentence longer than a chunk on spaces, with overlap", () => {
    const long = Array.from({ length: 300 }, (_, i) => `w${i}`).join(" ");
    const pieces = packedPieces(long);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(CHUNK_TARGET_CHARS);
    const head = pieces[1]!.slice(0, CHUNK_OVERLAP_CHARS - 20);
    expect(pieces[0]!.endsWith(pieces[1]!.slice(0, pieces[0]!.length - pieces[0]!.indexOf(head)))).toBe(true);
    expect(pieces[0]!.indexOf(head)).toBeGreaterThan(CHUNK_TARGET_CHARS - CHUNK_OVERLAP_CHARS - 20);
  });
});

describe("chunksOfCall", () => {
  it("pairs each analyst question with the answers that follow, and heads every chunk with company, quarter and speaker", () => {
    const chunks = chunksOfCall(
      call([
        turn("Jane Exec", "executive", "prepared_remarks", "We grew 14%."),
        turn("Operator", "operator", "qa", "First question from Sam Analyst."),
        turn("Sam Analyst", "analyst", "qa", "How is pricing?"),
        turn("Jane Exec", "executive", "qa", "Pricing is strong."),
        turn("John CFO", "executive", "qa", "And mix helped."),
        turn("Sam Analyst", "analyst", "qa", "And China?"),
        turn("Jane Exec", "executive", "qa", "Recovering."),
        turn("Operator", "operator", "qa", "That ends the call."),
      ]),
    );
    expect(chunks.map((c) => [c.ordinal, c.speaker, c.section, c.exchange, c.exchangePart])).toEqual([
      [0, "Jane Exec", "prepared_remarks", null, null],
      [1, "Operator", "qa", null, null],
      [2, "Sam Analyst", "qa", 1, "question"],
      [3, "Jane Exec", "qa", 1, "answer"],
      [4, "John CFO", "qa", 1, "answer"],
      [5, "Sam Analyst", "qa", 2, "question"],
      [6, "Jane Exec", "qa", 2, "answer"],
      [7, "Operator", "qa", null, null],
    ]);
    expect(chunks[2]!.header).toBe(
      "The Coca-Cola Company (KO), fiscal Q3 2021 earnings call, Q&A — Sam Analyst, analyst (Big Bank -- Analyst)",
    );
    expect(chunks[0]!.header).toBe(
      "The Coca-Cola Company (KO), fiscal Q3 2021 earnings call, prepared remarks — Jane Exec, executive",
    );
  });

  it("never packs two speakers into one chunk", () => {
    const chunks = chunksOfCall(
      call([turn("A", "executive", "prepared_remarks", "One."), turn("B", "executive", "prepared_remarks", "Two.")]),
    );
    expect(chunks.map((c) => c.text)).toEqual(["One.", "Two."]);
  });
});
