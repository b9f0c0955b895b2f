// News as FinGround stores, searches and cites it. Dates are ISO strings; published_at keeps its time.
import type { RankingOptions } from "@/lib/documents/search/engine";
import { z } from "zod";

const NEWS_KINDS = ["article", "filing_alert"] as const;
export type NewsKind = (typeof NEWS_KINDS)[number];

/** One article (or generated filing alert) ready to store: tickers and sectors already tagged. */
export interface NewsArticleInput {
  kind: NewsKind;
  /** Who published it: "nasdaq.com", "Benzinga", a feed's title, or "SEC EDGAR (generated)". */
  source: string;
  url: string;
  title: string;
  /** Body or summary; may be empty for headline-only items. */
  body: string;
  /** ISO timestamp with offset ("2024-01-25T08:33:00.000Z"). */
  publishedAt: string;
  tickers: string[];
  sectors: string[];
}

/** Filters applied before any ranking. Dates are inclusive calendar days (YYYY-MM-DD). */
const newsFiltersSchema = z.object({
  tickers: z.array(z.string().min(1)).default([]),
  sectors: z.array(z.string().min(1)).default([]),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .default(null),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .default(null),
});
export type NewsFilters = z.infer<typeof newsFiltersSchema>;

/** One question to the news index: text, its embedding (made once per request), filters, ranking. */
export interface NewsQuery {
  text: string;
  embedding: number[];
  filters: NewsFilters;
  ranking: RankingOptions;
}

/** A search result as the prompt and the cards use it. */
export interface NewsHit {
  id: string;
  kind: NewsKind;
  source: string;
  url: string;
  title: string;
  /** A short excerpt of the body (plain text, untrusted). */
  snippet: string;
  publishedAt: string;
  tickers: string[];
  score: number;
  /** Cosine similarity of the article to the query, or null when it had no embedding. */
  similarity: number | null;
  /** Keyword rank in 0..1 (ts_rank normalized, or BM25 normalized), 0 when no keyword matched. */
  keywordScore: number;
}

/** News search, whatever engine answers it; both take the query already embedded. */
export interface NewsSearchEngine {
  readonly name: "postgres" | "elasticsearch";
  search(query: NewsQuery): Promise<NewsHit[]>;
}
