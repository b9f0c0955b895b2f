// The documents an answer cites, every kind together: news as [N1]…, filing passages as [F1]…. One
// value through the prompt and the built-in analyst, so a new kind (call transcripts) is one more field.
import type { DocumentNotice } from "@/lib/documents/document-asked";
import type { FilingTableAnswer } from "@/lib/documents/filings/table-answer";
import type { FilingChunkHit } from "@/lib/documents/filings/types";
import type { NewsHit } from "@/lib/documents/news/types";
import type { TranscriptChunkHit } from "@/lib/documents/transcripts/search";

export interface AnswerDocuments {
  news: readonly NewsHit[];
  filings: readonly FilingChunkHit[];
  /** Earnings-call passages, cited [T1]…. */
  transcripts: readonly TranscriptChunkHit[];
  /** A computation over one of the filing tables, when the question asked for one (filings/table-answer.ts). */
  tableAnswer?: FilingTableAnswer;
  /** The documents asked but not held, per company (the nearest held searched instead): said in the
   * answer before any of its quotes. Absent: none. */
  notices?: readonly DocumentNotice[];
}

export const NO_DOCUMENTS: AnswerDocuments = { news: [], filings: [], transcripts: [] };
