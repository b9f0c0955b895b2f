// Document search on PostgreSQL and PGlite, one engine for every kind (news articles, filing chunks, …).
// Filters first, then one hybrid score per document: vectorWeight × cosine similarity + keywordWeight ×
// keyword rank (ts_rank of websearch_to_tsquery, divided by the best rank among the candidates, so
// 0..1). A result found only by its vector must reach the similarity threshold; a keyword match stays
// regardless. A kind names its table, its tie-breaking date and the columns its hits show
// (`DocumentTable`), and turns its filters into SQL (`DocumentFilterSql`); `searchDocuments` ranks.
//
// Two plans, chosen by how many documents the filters leave:
// - up to EXACT_SCAN_LIMIT (a company, a few peers or a sector over months or years: the usual
//   question), the filters give the documents and every one is scored, exactly;
// - beyond it, candidates come from the indexes: the nearest vectors by HNSW (`<=>`, iterative scan so
//   filtered kNN still returns enough rows) and the best full-text matches (GIN, intersected with the
//   filter columns' indexes by bitmap), a few times k each, and only those are scored.
import { Prisma, type PrismaClient } from "@/lib/db/generated/client";
import type { NewsFilters, NewsHit, NewsKind, RankingOptions } from "@/lib/documents/news/types";
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

/** A document kind's table as the engine sees it. */
export interface DocumentTable {
  table: Prisma.Sql;
  /** Breaks ties in score, newest first (nulls last). */
  dateColumn: Prisma.Sql;
  /** What a hit carries: columns of the table aliased `a`, and of what `hitJoin` joins to it. */
  hitColumns: Prisma.Sql;
  hitJoin: Prisma.Sql;
}

/** A kind's filters in two forms that mean the same (tests hold them to it):
 * - `ids`, the matching documents' ids (for news read from its filter tables, one index range scan
 *   per ticker or sector): the exact plan's input, and the probe that chooses the plan;
 * - `predicate`, a condition on a document's own columns: the index plan checks it on each HNSW
 *   candidate, and the planner combines it with the full-text GIN index by bitmap. */
export interface DocumentFilterSql {
  ids: Prisma.Sql;
  predicate: Prisma.Sql;
}

/** The three scores of a hit. */
export interface DocumentScores {
  /** Cosine similarity to the query, null when the document (or the query) had no vector. */
  similarity: number | null;
  /** ts_rank over the best candidate's, 0..1; 0 when no keyword matched. */
  keyword: number;
  score: number;
}

export interface DocumentSearch {
  text: string;
  /** The query's vector; null searches by keyword only (e.g. no encoder at hand). */
  embedding: readonly number[] | null;
  filter: DocumentFilterSql;
  ranking: RankingOptions;
}

/** The best `ranking.k` documents of a kind for a query, each with the kind's hit columns and its
 * scores. `exactScanLimit` defaults to EXACT_SCAN_LIMIT; tests lower it to run the index plan on a few rows. */
export async function searchDocuments<Row>(
  prisma: PrismaClient,
  kind: DocumentTable,
  search: DocumentSearch,
  exactScanLimit = EXACT_SCAN_LIMIT,
): Promise<(Row & DocumentScores)[]> {
  const ranking: RankingOptions = search.embedding === null ? { ...search.ranking, mode: "keyword" } : search.ranking;
  const [{ n }] = await prisma.$queryRaw<[{ n: number }]>`
    SELECT count(*)::int AS n FROM (${search.filter.ids} LIMIT ${exactScanLimit + 1}) f`;
  const terms = searchTerms(search);
  const rows =
    n <= exactScanLimit
      ? await prisma.$queryRaw<(Row & DocumentScores)[]>(exactSearchSql(kind, terms, search.filter, ranking))
      : await prisma.$transaction(async (tx) => {
          // More of the HNSW graph per query, and iterative scans so filtered kNN still returns enough rows.
          await tx.$executeRawUnsafe("SET LOCAL hnsw.ef_search = 100");
          await tx.$executeRawUnsafe("SET LOCAL hnsw.iterative_scan = relaxed_order");
          return tx.$queryRaw<(Row & DocumentScores)[]>(indexedSearchSql(kind, terms, search.filter, ranking));
        });
  return rows.map((row) => ({
    ...row,
    similarity: row.similarity === null ? null : Number(row.similarity),
    keyword: Number(row.keyword),
    score: Number(row.score),
  }));
}

interface NewsRow {
  id: bigint;
  kind: NewsKind;
  source: string;
  url: string;
  title: string;
  body: string;
  published_at: Date;
  tickers: string[];
}

const NEWS_TABLE: DocumentTable = {
  table: Prisma.raw("news_articles"),
  dateColumn: Prisma.raw("published_at"),
  hitColumns: Prisma.raw(
    "a.id, a.kind::text AS kind, a.source, a.url, a.title, left(a.body, 2000) AS body, a.published_at, a.tickers",
  ),
  hitJoin: Prisma.empty,
};

/** The news engine on PostgreSQL. `exactScanLimit`: see searchDocuments. */
export function postgresSearchEngine(
  prisma: PrismaClient,
  options: { exactScanLimit?: number } = {},
): NewsSearchEngine {
  return {
    name: "postgres",
    async search(query) {
      const rows = await searchDocuments<NewsRow>(
        prisma,
        NEWS_TABLE,
        { text: query.text, embedding: query.embedding, filter: newsFilterSql(query.filters), ranking: query.ranking },
        options.exactScanLimit,
      );
      return rows.map(toNewsHit);
    },
  };
}

/** The tag filters: each an array column of news_articles and its filter table. */
const TAG_FILTERS = [
  { key: "tickers", table: Prisma.raw("news_article_tickers"), column: Prisma.raw("ticker") },
  { key: "sectors", table: Prisma.raw("news_article_sectors"), column: Prisma.raw("sector") },
] as const;
type ActiveTag = (typeof TAG_FILTERS)[number] & { values: string[] };

function newsFilterSql(filters: NewsFilters): DocumentFilterSql {
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

function searchTerms(search: DocumentSearch): SearchTerms {
  return {
    vector:
      search.embedding === null
        ? Prisma.sql`NULL::vector`
        : Prisma.sql`${scaledIntegerArray(search.embedding)}::int4[]::vector`,
    tsquery: Prisma.sql`websearch_to_tsquery('english', ${keywordQuery(search.text)})`,
  };
}

/** Every filtered document, scored. */
function exactSearchSql(
  kind: DocumentTable,
  { vector, tsquery }: SearchTerms,
  filter: DocumentFilterSql,
  ranking: RankingOptions,
): Prisma.Sql {
  return rankedSql(
    kind,
    Prisma.sql`
      SELECT id, ${kind.dateColumn} AS sort_date, 1 - (embedding <=> ${vector}) AS similarity,
             CASE WHEN document @@ ${tsquery} THEN ts_rank(document, ${tsquery}) END AS rank
      FROM ${kind.table} WHERE id IN (${filter.ids})`,
    ranking,
  );
}

/** The best candidates by vector (HNSW) and by keyword (GIN), scored. */
function indexedSearchSql(
  kind: DocumentTable,
  { vector, tsquery }: SearchTerms,
  filter: DocumentFilterSql,
  ranking: RankingOptions,
): Prisma.Sql {
  const candidates = ranking.k * CANDIDATE_FACTOR;
  const vectorCandidates =
    ranking.mode === "keyword"
      ? Prisma.empty
      : Prisma.sql`
      (SELECT id FROM ${kind.table} WHERE embedding IS NOT NULL AND ${filter.predicate} ORDER BY embedding <=> ${vector} LIMIT ${candidates})`;
  const keywordCandidates =
    ranking.mode === "vector"
      ? Prisma.empty
      : Prisma.sql`
      (SELECT id FROM ${kind.table} WHERE document @@ ${tsquery} AND ${filter.predicate} ORDER BY ts_rank(document, ${tsquery}) DESC LIMIT ${candidates})`;
  const union = ranking.mode === "hybrid" ? Prisma.sql`UNION` : Prisma.empty;
  return rankedSql(
    kind,
    Prisma.sql`
      SELECT a.id, a.${kind.dateColumn} AS sort_date, 1 - (a.embedding <=> ${vector}) AS similarity,
             CASE WHEN a.document @@ ${tsquery} THEN ts_rank(a.document, ${tsquery}) END AS rank
      FROM (${vectorCandidates} ${union} ${keywordCandidates}) pool JOIN ${kind.table} a ON a.id = pool.id`,
    ranking,
  );
}

/** Scores candidates (id, sort_date, similarity, rank — null when the words don't match) and
 * returns the best k with the kind's hit columns. */
function rankedSql(kind: DocumentTable, candidates: Prisma.Sql, ranking: RankingOptions): Prisma.Sql {
  const useVector = ranking.mode !== "keyword";
  const useKeyword = ranking.mode !== "vector";
  const weights = modeWeights(ranking);
  return Prisma.sql`
    WITH candidates AS MATERIALIZED (${candidates}
    ), scored AS (
      SELECT id, sort_date, similarity::float8 AS similarity,
             COALESCE(rank / NULLIF(max(rank) OVER (), 0), 0)::float8 AS keyword,
             rank IS NOT NULL AS keyword_match
      FROM candidates
    ), ranked AS (
      SELECT id, sort_date, similarity, keyword,
             ${weights.vector}::float8 * COALESCE(similarity, 0) + ${weights.keyword}::float8 * keyword AS score
      FROM scored
      WHERE (${useKeyword} AND keyword_match) OR (${useVector} AND similarity >= ${ranking.threshold}::float8)
      ORDER BY score DESC, sort_date DESC NULLS LAST, id
      LIMIT ${ranking.k}
    )
    SELECT ${kind.hitColumns}, r.similarity, r.keyword, r.score
    FROM ranked r JOIN ${kind.table} a ON a.id = r.id ${kind.hitJoin}
    ORDER BY r.score DESC, r.sort_date DESC NULLS LAST, r.id`;
}

function toNewsHit(row: NewsRow & DocumentScores): NewsHit {
  return {
    id: String(row.id),
    kind: row.kind,
    source: row.source,
    url: row.url,
    title: row.title,
    snippet: snippetOf(row.title, row.body),
    publishedAt: row.published_at.toISOString(),
    tickers: row.tickers,
    score: row.score,
    similarity: row.similarity,
    keywordScore: row.keyword,
  };
}
