// News search on PostgreSQL and PGlite. Filters first (tickers or sectors, dates), then two candidate
// lists: the nearest vectors by cosine distance (HNSW index, `<=>`) and the full-text matches
// (websearch_to_tsquery, ts_rank). The union is scored vectorWeight × cosine + keywordWeight ×
// keyword rank (ts_rank divided by the best rank, so 0..1). A result found only by vector must reach
// the similarity threshold; a keyword match stays regardless.
import { Prisma, type PrismaClient } from "@/lib/db/generated/client";
import { vectorLiteral } from "../embeddings";
import type { NewsFilters, NewsHit, NewsKind, NewsQuery } from "../types";
import { keywordQuery, snippetOf, type NewsSearchEngine } from "./engine";

/** Candidates from each side before fusion: a few times k, so fusion has something to choose from. */
const CANDIDATE_FACTOR = 4;
/** With no date asked for, "most recent" means this many days up to the newest matching item. */
export const RECENT_DAYS = 90;

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

export function postgresSearchEngine(prisma: PrismaClient): NewsSearchEngine {
  return {
    name: "postgres",
    async search(query) {
      const rows = await prisma.$transaction(async (tx) => {
        // More of the HNSW graph per query, and iterative scans so filtered kNN still returns k rows.
        await tx.$executeRawUnsafe("SET LOCAL hnsw.ef_search = 100");
        await tx.$executeRawUnsafe("SET LOCAL hnsw.iterative_scan = relaxed_order");
        return tx.$queryRaw<Row[]>(searchSql(query));
      });
      return rows.map(toHit);
    },
  };
}

function filterSql(filters: NewsFilters, latest: boolean): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  const { tickers, sectors } = filters;
  if (tickers.length > 0 && sectors.length > 0) parts.push(Prisma.sql`(tickers && ${tickers}::text[] OR sectors && ${sectors}::text[])`);
  else if (tickers.length > 0) parts.push(Prisma.sql`tickers && ${tickers}::text[]`);
  else if (sectors.length > 0) parts.push(Prisma.sql`sectors && ${sectors}::text[]`);
  if (filters.from) parts.push(Prisma.sql`published_at >= ${filters.from}::date`);
  if (filters.to) parts.push(Prisma.sql`published_at < ${filters.to}::date + 1`);
  const base = parts.length > 0 ? Prisma.join(parts, " AND ") : Prisma.sql`TRUE`;
  if (!latest) return base;
  return Prisma.sql`${base} AND published_at >= (SELECT max(published_at) FROM news_articles WHERE ${base}) - ${`${RECENT_DAYS} days`}::interval`;
}

function searchSql(query: NewsQuery): Prisma.Sql {
  const { ranking, filters } = query;
  const latest = !filters.from && !filters.to;
  const where = filterSql(filters, latest);
  const candidates = ranking.k * CANDIDATE_FACTOR;
  const vector = vectorLiteral(query.embedding);
  const tsquery = Prisma.sql`websearch_to_tsquery('english', ${keywordQuery(query.text)})`;
  const useVector = ranking.mode !== "keyword";
  const useKeyword = ranking.mode !== "vector";
  const vectorWeight = ranking.mode === "vector" ? 1 : ranking.mode === "keyword" ? 0 : ranking.vectorWeight;
  const keywordWeight = ranking.mode === "keyword" ? 1 : ranking.mode === "vector" ? 0 : ranking.keywordWeight;
  return Prisma.sql`
    WITH vec AS (
      SELECT id FROM news_articles
      WHERE ${useVector} AND embedding IS NOT NULL AND ${where}
      ORDER BY embedding <=> ${vector}::vector
      LIMIT ${candidates}
    ), kw AS (
      SELECT id, ts_rank(document, ${tsquery}) AS rank FROM news_articles
      WHERE ${useKeyword} AND document @@ ${tsquery} AND ${where}
      ORDER BY rank DESC
      LIMIT ${candidates}
    ), kw_scaled AS (
      SELECT id, rank / NULLIF(max(rank) OVER (), 0) AS keyword FROM kw
    ), scored AS (
      SELECT a.id, a.kind::text AS kind, a.source, a.url, a.title, left(a.body, 2000) AS body, a.published_at, a.tickers,
             (1 - (a.embedding <=> ${vector}::vector))::float8 AS similarity,
             COALESCE(k.keyword, 0)::float8 AS keyword,
             k.id IS NOT NULL AS keyword_match
      FROM (SELECT id FROM vec UNION SELECT id FROM kw) pool
      JOIN news_articles a ON a.id = pool.id
      LEFT JOIN kw_scaled k ON k.id = pool.id
    )
    SELECT id, kind, source, url, title, body, published_at, tickers, similarity, keyword,
           (${vectorWeight}::float8 * COALESCE(similarity, 0) + ${keywordWeight}::float8 * keyword) AS score
    FROM scored
    WHERE (${useKeyword} AND keyword_match) OR (${useVector} AND similarity >= ${ranking.threshold}::float8)
    ORDER BY score DESC, published_at DESC, id
    LIMIT ${ranking.k}`;
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
