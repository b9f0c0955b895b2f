// News items for the prompt's and the analyst's tests.
import type { NewsHit } from "@/lib/documents/news/types";

/** News item `n` as the search returns it: an article on Apple of Jan 8, 2024, unless `over` says. */
export function newsHit(n: number, over: Partial<NewsHit> = {}): NewsHit {
  return {
    id: String(n),
    kind: "article",
    source: "news.example",
    url: `https://news.example/${n}`,
    title: `Story ${n}`,
    snippet: `Snippet ${n}.`,
    publishedAt: "2024-01-08T14:00:00.000Z",
    tickers: ["AAPL"],
    score: 0.5,
    similarity: 0.5,
    keywordScore: 0.5,
    ...over,
  };
}
