// The news an answer uses: the request's companies and dates become the search's filters (its
// companies' tickers, its sectors; its date range widened a little, since news about a period often
// comes just before or after it; no date: the most recent items), the question is embedded once (and remembered a while), and
// the configured engine ranks.
import { companyGroups, singleCompanies, type StructuredDataRequest } from "@/lib/agent/schema";
import { addDays } from "@/lib/core/dates";
import { askedMoveWindow, NEWS_LEAD_DAYS } from "@/lib/data/price-move";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { NewsConfig } from "@/lib/documents/config";
import { RecentEmbeddings, type Embedder } from "@/lib/documents/embeddings";
import { RECENT_DAYS } from "@/lib/documents/search/engine";
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

/** A news or move question reads news as its answer: twice the usual number is searched, so that the
 * articles are kept first and generated filing alerts (at most ALERTS_KEPT) never crowd them out. */
const ALERTS_KEPT = 2;

function readsNewsAsAnswer(request: StructuredDataRequest): boolean {
  return request.intent === "news" || request.intent === "move";
}

/** Articles first, then a few alerts, cut to `k`; the engine's order kept within each. */
function articlesFirst(hits: readonly NewsHit[], k: number): NewsHit[] {
  const articles = hits.filter((h) => h.kind !== "filing_alert");
  const alerts = hits.filter((h) => h.kind === "filing_alert").slice(0, ALERTS_KEPT);
  return [...articles.slice(0, Math.max(k - alerts.length, 0)), ...alerts].slice(0, k);
}

/** The asked range, or for a move question its window from NEWS_LEAD_DAYS before it. */
function newsDates(request: StructuredDataRequest): { from: string | null; to: string | null } {
  const window = request.intent === "move" ? askedMoveWindow(request) : null;
  if (window) return { from: addDays(window.from, -NEWS_LEAD_DAYS), to: window.to };
  const { start, end, fiscal } = request.dates;
  const from = start ?? (fiscal ? `${fiscal.year}-01-01` : null);
  const to = end ?? (fiscal ? `${fiscal.year}-12-31` : null);
  return { from: from ? addDays(from, -DATE_MARGIN_DAYS) : null, to: to ? addDays(to, DATE_MARGIN_DAYS) : null };
}

/** "The latest news" with no date: the RECENT_DAYS up to the newest *article* about the companies, so a
 * newer run of generated filing alerts cannot push every article out of the window. */
async function latestArticleWindow(prisma: PrismaClient, filters: NewsFilters): Promise<NewsFilters> {
  const [row] = await prisma.$queryRaw<{ newest: string | null }[]>`
    SELECT to_char(max(published_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS newest
    FROM news_articles
    WHERE kind = 'article' AND (tickers && ${filters.tickers}::text[] OR sectors && ${filters.sectors}::text[])`;
  return row?.newest ? { ...filters, from: addDays(row.newest, -RECENT_DAYS), to: row.newest } : filters;
}

function newsFilters(request: StructuredDataRequest): NewsFilters | null {
  const tickers = [...new Set(singleCompanies(request).map((c) => c.ticker))];
  for (const group of companyGroups(request)) if (group.kind === "peers") tickers.push(group.of.ticker);
  const sectors = companyGroups(request).flatMap((g) => (g.kind === "sector" ? [g.sector] : []));
  // No company or sector named ("top 5 by revenue"): news would be noise, not context.
  if (tickers.length === 0 && sectors.length === 0) return null;
  return { tickers, sectors, ...newsDates(request) };
}

export async function newsForRequest(options: {
  prisma: PrismaClient;
  request: StructuredDataRequest;
  config: NewsConfig;
  embedder: Embedder;
}): Promise<AnswerNews | null> {
  const started = performance.now();
  const asked = newsFilters(options.request);
  if (!asked) return null;
  const asAnswer = readsNewsAsAnswer(options.request);
  const filters = asAnswer && !asked.from && !asked.to ? await latestArticleWindow(options.prisma, asked) : asked;
  const embedding = await recentQuestions.embed(options.embedder, options.request.question);
  const { ranking } = options.config;
  const found = await searchEngineFor(options.prisma, options.config).search({
    text: options.request.question,
    embedding,
    filters,
    ranking: asAnswer ? { ...ranking, k: ranking.k * 2 } : ranking,
  });
  const { engine } = found;
  const hits = asAnswer ? articlesFirst(found.hits, ranking.k) : found.hits;
  return { hits, filters, engine, ms: Math.round((performance.now() - started) * 10) / 10 };
}
