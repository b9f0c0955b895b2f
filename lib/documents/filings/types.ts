// Filings (10-K, 10-Q, 8-K, earnings releases) as FinGround stores, searches and cites them: one
// filing, its chunks, the filters a search applies first and the hit an answer cites. Dates are ISO
// calendar days (YYYY-MM-DD).
import { z } from "zod";
import type { FiscalPeriod } from "@/lib/core/types";
import type { RankingOptions, SearchMode } from "@/lib/documents/search/engine";

const FILING_FORMS = ["10-K", "10-Q", "8-K", "earnings"] as const;
export type FilingForm = (typeof FILING_FORMS)[number];

/** Where a filing came from (see docs/data-sources.md). */
type FilingSource = "financebench" | "edgartools" | "neo4j-sections";

/** One chunk ready to store: a passage of a section, or a whole table with its caption and headers. */
export interface FilingChunkInput {
  sectionCode: string;
  sectionTitle: string;
  /** 0-based page of the filing's pages; the offsets are characters of that page's text. */
  pageIndex: number;
  charStart: number;
  charEnd: number;
  isTable: boolean;
  isFinancialStatement: boolean;
  text: string;
  /** Company, form, fiscal year, section title, nearest heading or table caption. */
  header: string;
  summary: string | null;
}

/** A filing's document as a source gives it: what it is and its text, page by page. */
export interface FilingDocument {
  /** The company as the source names it ("3M", "Johnson & Johnson", "SYSCO CORP"). */
  companyName: string;
  form: FilingForm;
  fiscalYear: number;
  fiscalPeriod: FiscalPeriod;
  periodEnd: string | null;
  filedDate: string | null;
  sourceUrl: string | null;
  /** The accession number when known, otherwise the source's document key. */
  sourceKey: string;
  source: FilingSource;
  /** The text as read: one element per page (one element for inputs without pages). */
  pages: string[];
  pageCount: number | null;
}

/** A filing ready to store: its document, its company resolved to a catalog ticker, and its chunks. */
export interface FilingInput extends FilingDocument {
  ticker: string;
  /** Section codes found in the text, in order; empty when no Item heading was recognised. */
  sectionsFound: string[];
  /** The version of the chunker that cut it (FILING_CHUNKING_VERSION of lib/ingest/filing-chunks.ts). */
  chunking: number;
  chunks: FilingChunkInput[];
}

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Filters applied before any ranking; an empty list (or null bound) does not filter. */
export const filingFiltersSchema = z.object({
  tickers: z.array(z.string().min(1)).default([]),
  forms: z.array(z.enum(FILING_FORMS)).default([]),
  fiscalYears: z.array(z.number().int().min(1900).max(2100)).default([]),
  /** The filing's fiscal period on the company's calendar: "FY" (a 10-K), "Q1".."Q4" (a 10-Q, or an
   * 8-K or release of that quarter). */
  fiscalPeriods: z.array(z.enum(["FY", "Q1", "Q2", "Q3", "Q4"])).default([]),
  /** Section codes: "1A", "7", "8", "2.02", "exhibits", … */
  sections: z.array(z.string().min(1)).default([]),
  /** Inclusive bounds on the filing's period end. */
  periodEndFrom: isoDay.nullable().default(null),
  periodEndTo: isoDay.nullable().default(null),
});
export type FilingFilters = z.infer<typeof filingFiltersSchema>;

/** One question to the filing chunks: its text, its vector (null: keyword ranking only), filters, ranking. */
export interface FilingQuery {
  text: string;
  embedding: readonly number[] | null;
  filters: FilingFilters;
  ranking: RankingOptions;
}

/** A search result as the prompt and the cards use it. */
export interface FilingChunkHit {
  chunkId: string;
  filingId: string;
  ticker: string;
  companyName: string;
  form: FilingForm;
  fiscalYear: number;
  fiscalPeriod: FiscalPeriod;
  periodEnd: string | null;
  filedDate: string | null;
  sectionCode: string;
  sectionTitle: string;
  /** 1-based, for display. */
  page: number;
  /** 0-based, for readFilingPage. */
  pageIndex: number;
  charStart: number;
  charEnd: number;
  /** The chunk's text (plain text from the filing, untrusted). */
  text: string;
  header: string;
  isTable: boolean;
  isFinancialStatement: boolean;
  sourceUrl: string | null;
  score: number;
  /** Cosine similarity to the query, or null when the chunk (or the query) had no vector yet. */
  similarity: number | null;
  /** Keyword rank in 0..1, 0 when no keyword matched. */
  keywordScore: number;
  /** How this hit was ranked: "keyword" when no vector took part (query without one, chunk not yet embedded). */
  ranking: SearchMode;
}
