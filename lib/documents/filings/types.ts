// Filing passages as the answer uses them. The shape of the `filings` branch's search API
// (searchFilingChunks in this folder); until it is merged, this file states the same interface, and it
// gives way to that branch's version at the merge.
import type { RankingOptions } from "@/lib/documents/news/types";

/** Filters applied before any ranking; an empty list filters nothing. Dates are YYYY-MM-DD. */
export interface FilingFilters {
  tickers: string[];
  forms: string[];
  fiscalYears: number[];
  /** Section codes: "1A", "7", "8-K 2.02". */
  sections: string[];
  periodEndFrom: string | null;
  periodEndTo: string | null;
}

export interface FilingQuery {
  text: string;
  embedding: number[];
  filters: FilingFilters;
  ranking: RankingOptions;
}

/** One chunk of a filing, found for a query. */
export interface FilingChunkHit {
  chunkId: string;
  filingId: string;
  ticker: string;
  company: string;
  /** "10-K", "10-Q", "8-K". */
  form: string;
  fiscalYear: number | null;
  fiscalPeriod: string | null;
  periodEnd: string | null;
  filedDate: string;
  /** "1A", "7", "8-K 2.02". */
  sectionCode: string;
  sectionTitle: string;
  /** Page of the original document, when known. */
  page: number | null;
  startOffset: number;
  endOffset: number;
  /** The passage as filed (untrusted). */
  text: string;
  /** The contextual header the chunk was indexed with ("Apple Inc. 10-K FY2023, Item 1A Risk Factors"). */
  header: string;
  isTable: boolean;
  isFinancialStatement: boolean;
  /** The original document. */
  sourceUrl: string;
  score: number;
  similarity: number | null;
  keywordScore: number;
}
