// The news an answer uses: the request's companies and dates become the search's filters (its
// companies' tickers, its sectors; its date range widened a little, since news about a period often
// comes just before or after it; no date: the most recent items), the question is embedded once (and remembered a while), and
// the configured engine ranks. What it finds is kept only as evidence (evidence.ts): no promotional
// headline, and under a question about named companies only articles naming one in their title or lead.
// A fiscal period asked is read on the named companies' own fiscal calendars (Apple's FY2024 runs from
// October 2023), and its results come out weeks after it ends.
import { companyGroups, singleCompanies, type StructuredDataRequest } from "@/lib/agent/schema";
import { companyByTicker } from "@/lib/catalog/companies";
import { addDays, firstDayOfMonth, isoDateOf, lastDayOfMonth, maxDate, minDate, shiftMonth } from "@/lib/core/dates";
import { askedMoveWindow, NEWS_LEAD_DAYS } from "@/lib/data/price-move";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { NewsConfig } from "@/lib/documents/config";
import { RecentEmbeddings, type Embedder } from "@/lib/documents/embeddings";
import { RECENT_DAYS } from "@/lib/documents/search/engine";
import { newsSearchFor } from "@/lib/documents/news/elasticsearch";
import type { NewsFilters, NewsHit } from "@/lib/documents/news/types";
import { evidenceHits } from "@/lib/documents/news/evidence";

/** 512 floats each: about 2 MB for the process. */
const recentQuestions = new RecentEmbeddings(500);

/** "around January 2024": two weeks either side of the asked range. */
const DATE_MARGIN_DAYS = 14;
/** A fiscal period's results are released up to about six weeks after it ends (a 10-Q is due in 40
 * days): its news runs that long past its end. */
const RESULTS_LAG_DAYS = 45;
/** Candidates searched per hit kept: some are dropped as no evidence. */
const CANDIDATES_PER_HIT = 3;

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
function newsDates(
  request: StructuredDataRequest,
  tickers: readonly string[],
): { from: string | null; to: string | null } {
  const window = request.intent === "move" ? askedMoveWindow(request) : null;
  if (window) return { from: addDays(window.from, -NEWS_LEAD_DAYS), to: window.to };
  const { start, end, fiscal } = request.dates;
  if (fiscal && start === null && end === null) {
    const ranges = (tickers.length > 0 ? tickers : [null]).map((t) => fiscalRange(fiscal, t));
    const from = ranges.map((r) => r.from).reduce(minDate);
    const to = ranges.map((r) => r.to).reduce(maxDate);
    return { from: addDays(from, -DATE_MARGIN_DAYS), to: addDays(to, RESULTS_LAG_DAYS) };
  }
  return {
    from: start ? addDays(start, -DATE_MARGIN_DAYS) : null,
    to: end ? addDays(end, DATE_MARGIN_DAYS) : null,
  };
}

/** A fiscal year or quarter on the company's calendar (its fiscal year end month from the catalog;
 * December for a company outside it): whole months, the 52/53-week years' few days inside the margins. */
function fiscalRange(
  fiscal: NonNullable<StructuredDataRequest["dates"]["fiscal"]>,
  ticker: string | null,
): { from: string; to: string } {
  const yearEndMonth = (ticker ? companyByTicker(ticker)?.fiscalYearEndMonth : undefined) ?? 12;
  const quartersBeforeYearEnd = fiscal.period === "FY" ? 0 : 4 - Number(fiscal.period.slice(1));
  const end = shiftMonth(fiscal.year, yearEndMonth, -3 * quartersBeforeYearEnd);
  const start = shiftMonth(end.year, end.month, fiscal.period === "FY" ? -11 : -2);
  return {
    from: isoDateOf(firstDayOfMonth(start.year, start.month)),
    to: isoDateOf(lastDayOfMonth(end.year, end.month)),
  };
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
  return { tickers, sectors, ...newsDates(request, tickers) };
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
  const k = asAnswer ? ranking.k * 2 : ranking.k;
  const found = await newsSearchFor(
    options.prisma,
    options.config,
  )({
    text: options.request.question,
    embedding,
    filters,
    ranking: { ...ranking, k: k * CANDIDATES_PER_HIT },
  });
  const { engine } = found;
  // A sector's news is tagged by its companies' sectors: only named companies are checked by name.
  const evidence = evidenceHits(found.hits, filters.sectors.length === 0 ? filters.tickers : []).slice(0, k);
  const hits = asAnswer ? articlesFirst(evidence, ranking.k) : evidence;
  return { hits, filters, engine, ms: Math.round((performance.now() - started) * 10) / 10 };
}
