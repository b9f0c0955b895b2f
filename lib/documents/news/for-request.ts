// The news an answer uses: the request's companies and dates become the search's filters (its
// companies' tickers, its sectors; its date range widened a little, since news about a period often
// comes just before or after it; no date: the most recent items), the question is embedded once (and remembered a while), and
// the configured engine ranks.
import { companyGroups, singleCompanies, type StructuredDataRequest } from "@/lib/agent/schema";
import { addDays } from "@/lib/core/dates";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { NewsConfig } from "@/lib/documents/config";
import { RecentEmbeddings, type Embedder } from "@/lib/documents/embeddings";
import { searchEngineFor } from "@/lib/documents/search/engine-from-config";
import type { NewsFilters, NewsHit } from "@/lib/documents/news/types";

/** 512 floats each: about 2 MB for the process. */
const recentQuestions = new RecentEmbeddings(500);

/** "around January 2024": two weeks either side of the asked range. */
const DATE_MARGIN_DAYS = 14;

export interface AnswerNews {
  hits: NewsHit[];
  filters: NewsFilters;
  /** The engine that answered ("postgres" also when Elasticsearch was configured but down). */
  engine: string;
  ms: number;
}

function newsFilters(request: StructuredDataRequest): NewsFilters | null {
  const tickers = [...new Set(singleCompanies(request).map((c) => c.ticker))];
  for (const group of companyGroups(request)) if (group.kind === "peers") tickers.push(group.of.ticker);
  const sectors = companyGroups(request).flatMap((g) => (g.kind === "sector" ? [g.sector] : []));
  // No company or sector named ("top 5 by revenue"): news would be noise, not context.
  if (tickers.length === 0 && sectors.length === 0) return null;
  const { start, end, fiscal } = request.dates;
  const from = start ?? (fiscal ? `${fiscal.year}-01-01` : null);
  const to = end ?? (fiscal ? `${fiscal.year}-12-31` : null);
  return {
    tickers,
    sectors,
    from: from ? addDays(from, -DATE_MARGIN_DAYS) : null,
    to: to ? addDays(to, DATE_MARGIN_DAYS) : null,
  };
}

export async function newsForRequest(options: {
  prisma: PrismaClient;
  request: StructuredDataRequest;
  config: NewsConfig;
  embedder: Embedder;
}): Promise<AnswerNews | null> {
  const started = performance.now();
  const filters = newsFilters(options.request);
  if (!filters) return null;
  const embedding = await recentQuestions.embed(options.embedder, options.request.question);
  const { engine, hits } = await searchEngineFor(options.prisma, options.config).search({
    text: options.request.question,
    embedding,
    filters,
    ranking: options.config.ranking,
  });
  return { hits, filters, engine, ms: Math.round((performance.now() - started) * 10) / 10 };
}
