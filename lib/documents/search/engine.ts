// What every document kind's search shares, whatever engine answers it (PostgreSQL/PGlite: pgvector + full-text;
// Elasticsearch: dense_vector kNN + BM25): the ranking modes' weights, the keyword query, snippets, recency.
import { shortenedQuote } from "@/lib/core/sentences";

export const SEARCH_MODES = ["hybrid", "vector", "keyword"] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

/** How results are ranked: score = vectorWeight × cosine + keywordWeight × keyword rank (0..1). */
export interface RankingOptions {
  mode: SearchMode;
  k: number;
  /** Minimum cosine similarity for a result found by the vector side alone. */
  threshold: number;
  vectorWeight: number;
  keywordWeight: number;
}

const SNIPPET_CHARS = 280;
/** With no date asked for, "most recent" means this many days up to the newest matching item. */
export const RECENT_DAYS = 90;
/** When candidates come from indexes (kNN, full text), each side brings a few times k, so fusion has
 * a choice. */
export const CANDIDATE_FACTOR = 4;

/** The weights a ranking mode gives the two scores: its configured ones for hybrid, all to one side
 * for vector-only and keyword-only. */
export function modeWeights(ranking: RankingOptions): { vector: number; keyword: number } {
  if (ranking.mode === "vector") return { vector: 1, keyword: 0 };
  if (ranking.mode === "keyword") return { vector: 0, keyword: 1 };
  return { vector: ranking.vectorWeight, keyword: ranking.keywordWeight };
}

/** A short excerpt: the body's start cut at a word boundary (never inside a word or a number) and
 * marked " …", or the title for headline-only items. */
export function snippetOf(title: string, body: string): string {
  const text = body.replace(/\s+/g, " ").trim();
  return text === "" ? title : shortenedQuote(text, SNIPPET_CHARS);
}

/** A chat question's words for a keyword query, or null when the text already uses search syntax
 * (quotes, or, a leading minus) and is passed through as written. */
export function queryWords(text: string): string[] | null {
  if (/"|\bor\b|(^|\s)-\w/i.test(text)) return null;
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'.&-]*/gu) ?? [];
  return words.map((w) => w.replace(/['.]+$/, "")).filter(Boolean);
}

/** A chat question as a keyword query: its words joined with "or" (websearch syntax), so an article
 * matching some of them ranks, instead of only those containing every word. Text that already uses
 * search syntax is passed through as written. */
export function keywordQuery(text: string): string {
  return queryWords(text)?.join(" or ") ?? text;
}
