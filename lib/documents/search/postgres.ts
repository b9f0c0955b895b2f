// News search on PostgreSQL and PGlite. Filters first (tickers or sectors, dates), then one hybrid
// score per article: vectorWeight × cosine similarity + keywordWeight × keyword rank (ts_rank of
// websearch_to_tsquery, divided by the best rank among the candidates, so 0..1). A result found only
// by its vector must reach the similarity threshold; a keyword match stays regardless.
//
// Two plans, chosen by how many articles the filters leave:
// - up to EXACT_SCAN_LIMIT (a company, a few peers or a sector over months or years: the usual
//   question), the filter tables give the articles and every one is scored, exactly;
// - beyond it, candidates come from the indexes: the nearest vectors by HNSW (`<=>`, iterative scan so
//   filtered kNN still returns enough rows) and the best full-text matches (GIN, intersected with the
//   tag arrays' GIN by bitmap), a few times k each, and only those are scored.
import { Prisma, type PrismaClient } from "@/lib/db/generated/client";
import type { NewsFilters, NewsHit, NewsKind, NewsQuery, RankingOptions } from "@/lib/documents/news/types";
import { addDays } from "@/lib/core/dates";
import {
  CANDIDATE_FACTOR,
  keywordQuery,
  modeWeights,
  RECENT_DAYS,
  snippetOf,
  type NewsSearchEngine,
} from "@/lib/documents/search/engine";

/** Filtered sets up to this size are scored exactly; larger ones through the indexes. */
const EXACT_SCAN_LIMIT = 5000;

interface Row {
  id: bigint;
  kind: NewsKind;
  source: string;
  url: string;
  title: string;
  body: string;
  published_at: Date;
  tickers: string[];
  similarity: number | null;
  keyword: number;
  score: number;
}

/** `exactScanLimit` defaults to EXACT_SCAN_LIMIT; tests lower it to run the index plan on a few rows. */
export function postgresSearchEngine(
  prisma: PrismaClient,
  options: { exactScanLimit?: number } = {},
): NewsSearchEngine {
  const exactScanLimit = options.exactScanLimit ?? EXACT_SCAN_LIMIT;
  return {
    name: "postgres",
    async search(query) {
      const filter = filterSql(query.filters);
      const [{ n }] = await prisma.$queryRaw<[{ n: number }]>`
        SELECT count(*)::int AS n FROM (${filter.ids} LIMIT ${exactScanLimit + 1}) f`;
      const terms = searchTerms(query);
      if (n <= exactScanLimit)
        return (await prisma.$queryRaw<Row[]>(exactSearchSql(terms, filter, query.ranking))).map(toHit);
      const rows = await prisma.$transaction(async (tx) => {
        // More of the HNSW graph per query, and iterative scans so filtered kNN still returns enough rows.
        await tx.$executeRawUnsafe("SET LOCAL hnsw.ef_search = 100");
        await tx.$executeRawUnsafe("SET LOCAL hnsw.iterative_scan = relaxed_order");
        return tx.$queryRaw<Row[]>(indexedSearchSql(terms, filter, query.ranking));
      });
      return rows.map(toHit);
    },
  };
}

/** The filters in two forms that mean the same (a test holds them to it):
 * - `ids`, the matching articles read from the filter tables, one index range scan per ticker or
 *   sector: the exact plan's input, and the probe that chooses the plan;
 * - `predicate`, a condition on an article's own columns: the index plan checks it on each HNSW
 *   candidate, and the planner combines it with the full-text GIN index by bitmap. */
interface FilterSql {
  ids: Prisma.Sql;
  predicate: Prisma.Sql;
}

/** The tag filters: each an array column of news_articles and its filter table. */
const TAG_FILTERS = [
  { key: "tickers", table: Prisma.raw("news_article_tickers"), column: Prisma.raw("ticker") },
  { key: "sectors", table: Prisma.raw("news_article_sectors"), column: Prisma.raw("sector") },
] as const;
type ActiveTag = (typeof TAG_FILTERS)[number] & { values: string[] };

function filterSql(filters: NewsFilters): FilterSql {
  const tags = TAG_FILTERS.filter((tag) => filters[tag.key].length > 0).map((tag) => ({
    ...tag,
    values: filters[tag.key],
  }));
  const dates = datesSql(filters, tags);
  if (tags.length === 0) return { ids: Prisma.sql`SELECT id FROM news_articles WHERE ${dates}`, predicate: dates };
  return {
    ids: Prisma.join(
      tags.map(
        ({ table, column, values }) =>
          Prisma.sql`SELECT article_id FROM ${table} WHERE ${column} = ANY(${values}::text[]) AND ${dates}`,
      ),
      " UNION ",
    ),
    predicate: Prisma.sql`(${Prisma.join(
      tags.map(({ key, values }) => Prisma.sql`${Prisma.raw(key)} && ${values}::text[]`),
      " OR ",
    )}) AND ${dates}`,
  };
}

/** The date range asked for (calendar days are UTC days), or without one the RECENT_DAYS up to the
 * newest article matching the tags. Bounds are timestamptz values, compared as they are. */
function datesSql(filters: NewsFilters, tags: readonly ActiveTag[]): Prisma.Sql {
  if (filters.from || filters.to) {
    const from = filters.from
      ? Prisma.sql`published_at >= ${`${filters.from}T00:00:00Z`}::timestamptz`
      : Prisma.sql`TRUE`;
    const to = filters.to
      ? Prisma.sql`published_at < ${`${addDays(filters.to, 1)}T00:00:00Z`}::timestamptz`
      : Prisma.sql`TRUE`;
    return Prisma.sql`${from} AND ${to}`;
  }
  // Per ticker or sector, the last entry of its filter table: one index probe each.
  const newest =
    tags.length === 0
      ? Prisma.sql`SELECT max(published_at) FROM news_articles`
      : Prisma.sql`SELECT max(newest) FROM (${Prisma.join(
          tags.map(
            ({ table, column, values }) =>
              Prisma.sql`SELECT (SELECT max(published_at) FROM ${table} WHERE ${column} = tag) AS newest FROM unnest(${values}::text[]) AS tag`,
          ),
          " UNION ALL ",
        )}) n`;
  return Prisma.sql`published_at >= (${newest}) - ${`${RECENT_DAYS} days`}::interval`;
}

/** The query vector as a Postgres integer array, scaled so its largest component is ±2·10⁹. Cosine
 * distance ignores scale, and integers parse fast everywhere: PGlite (WASM) parses a 512-float
 * vector literal in 2–6 ms, the same vector as integers in ~0.2 ms. The float4 values pgvector makes
 * from them carry the original float4 precision. */
export function scaledIntegerArray(vector: readonly number[]): string {
  const largest = Math.max(...vector.map(Math.abs));
  const scale = largest > 0 ? 2e9 / largest : 1;
  return `{${vector.map((x) => Math.round(x * scale)).join(",")}}`;
}

interface SearchTerms {
  vector: Prisma.Sql;
  tsquery: Prisma.Sql;
}

function searchTerms(query: NewsQuery): SearchTerms {
  return {
    vector: Prisma.sql`${scaledIntegerArray(query.embedding)}::int4[]::vector`,
    tsquery: Prisma.sql`websearch_to_tsquery('english', ${keywordQuery(query.text)})`,
  };
}

/** Every filtered article, scored. */
function exactSearchSql({ vector, tsquery }: SearchTerms, filter: FilterSql, ranking: RankingOptions): Prisma.Sql {
  return rankedSql(
    Prisma.sql`
      SELECT id, published_at, 1 - (embedding <=> ${vector}) AS similarity,
             CASE WHEN document @@ ${tsquery} THEN ts_rank(document, ${tsquery}) END AS rank
      FROM news_articles WHERE id IN (${filter.ids})`,
    ranking,
  );
}

/** The best candidates by vector (HNSW) and by keyword (GIN), scored. */
function indexedSearchSql({ vector, tsquery }: SearchTerms, filter: FilterSql, ranking: RankingOptions): Prisma.Sql {
  const candidates = ranking.k * CANDIDATE_FACTOR;
  const vectorCandidates =
    ranking.mode === "keyword"
      ? Prisma.empty
      : Prisma.sql`
      (SELECT id FROM news_articles WHERE embedding IS NOT NULL AND ${filter.predicate} ORDER BY embedding <=> ${vector} LIMIT ${candidates})`;
  const keywordCandidates =
    ranking.mode === "vector"
      ? Prisma.empty
      : Prisma.sql`
      (SELECT id FROM news_articles WHERE document @@ ${tsquery} AND ${filter.predicate} ORDER BY ts_rank(document, ${tsquery}) DESC LIMIT ${candidates})`;
  const union = ranking.mode === "hybrid" ? Prisma.sql`UNION` : Prisma.empty;
  return rankedSql(
    Prisma.sql`
      SELECT a.id, a.published_at, 1 - (a.embedding <=> ${vector}) AS similarity,
             CASE WHEN a.document @@ ${tsquery} THEN ts_rank(a.document, ${tsquery}) END AS rank
      FROM (${vectorCandidates} ${union} ${keywordCandidates}) pool JOIN news_articles a ON a.id = pool.id`,
    ranking,
  );
}

/** Scores candidates (id, published_at, similarity, rank — null when the words don't match) and
 * returns the best k with what a card shows. */
function rankedSql(candidates: Prisma.Sql, ranking: RankingOptions): Prisma.Sql {
  const useVector = ranking.mode !== "keyword";
  const useKeyword = ranking.mode !== "vector";
  const weights = modeWeights(ranking);
  return Prisma.sql`
    WITH candidates AS MATERIALIZED (${candidates}
    ), scored AS (
      SELECT id, published_at, similarity::float8 AS similarity,
             COALESCE(rank / NULLIF(max(rank) OVER (), 0), 0)::float8 AS keyword,
             rank IS NOT NULL AS keyword_match
      FROM candidates
    ), ranked AS (
      SELECT id, published_at, similarity, keyword,
             ${weights.vector}::float8 * COALESCE(similarity, 0) + ${weights.keyword}::float8 * keyword AS score
      FROM scored
      WHERE (${useKeyword} AND keyword_match) OR (${useVector} AND similarity >= ${ranking.threshold}::float8)
      ORDER BY score DESC, published_at DESC, id
      LIMIT ${ranking.k}
    )
    SELECT a.id, a.kind::text AS kind, a.source, a.url, a.title, left(a.body, 2000) AS body, a.published_at, a.tickers,
           r.similarity, r.keyword, r.score
    FROM ranked r JOIN news_articles a ON a.id = r.id
    ORDER BY r.score DESC, r.published_at DESC, r.id`;
}

function toHit(row: Row): NewsHit {
  return {
    id: String(row.id),
    kind: row.kind,
    source: row.source,
    url: row.url,
    title: row.title,
    snippet: snippetOf(row.title, row.body),
    publishedAt: row.published_at.toISOString(),
    tickers: row.tickers,
    score: Number(row.score),
    similarity: row.similarity === null ? null : Number(row.similarity),
    keywordScore: Number(row.keyword),
  };
}
