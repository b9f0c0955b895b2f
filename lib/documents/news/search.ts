// News search on PostgreSQL and PGlite, through the engine every kind shares (../search/postgres.ts): the
// news_articles table, its tag filters (tickers, sectors) and dates, and a row as a hit.
import { addDays } from "@/lib/core/dates";
import { Prisma, type PrismaClient } from "@/lib/db/generated/client";
import {
  type DocumentFilterSql,
  type DocumentScores,
  type DocumentTable,
  searchDocuments,
} from "@/lib/documents/search/postgres";
import { RECENT_DAYS, snippetOf } from "@/lib/documents/search/engine";
import type { NewsFilters, NewsHit, NewsKind, NewsSearchEngine } from "./types";

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
export function postgresNewsEngine(prisma: PrismaClient, options: { exactScanLimit?: number } = {}): NewsSearchEngine {
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
