// The news table (news_articles, see its migration): inserting without duplicates, embedding, and
// reading articles back. Parameterized SQL only; the vector and tsvector columns are invisible to
// Prisma's client, so everything here goes through $queryRaw.
import type { Database } from "@/lib/db/client";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import type { WriteResult } from "@/lib/db/queries/metric-values";
import type { Progress } from "@/lib/core/progress";
import { contentHash } from "@/lib/documents/news/content-hash";
import { embeddingText, vectorLiteral, type Embedder } from "@/lib/documents/embeddings";
import { embedPendingDocuments, type PendingDocuments } from "@/lib/documents/embed-pending";
import type { NewsArticleInput, NewsKind } from "@/lib/documents/news/types";

type Db = PrismaClient | Prisma.TransactionClient;

/** Writes of at least this many articles or vectors are followed by tidying the news tables. */
const TIDY_AFTER = 1000;

/** After a bulk write: fresh planner statistics, and the visibility map that lets the filter tables
 * answer from their index alone. PGlite runs no autovacuum, so nothing else would do it. */
export async function tidyNewsTablesAfter(db: Database, written: number): Promise<void> {
  if (written >= TIDY_AFTER)
    await db.exec("VACUUM (ANALYZE) news_articles, news_article_tickers, news_article_sectors");
}

/** Inserts articles; one whose URL or content (title and body) is already stored is skipped. */
export async function insertNewsArticles(
  db: Db,
  articles: readonly NewsArticleInput[],
  runId: number | null,
): Promise<WriteResult & { ids: string[] }> {
  if (articles.length === 0) return { inserted: 0, unchanged: 0, rejected: 0, problems: [], ids: [] };
  const rows = articles.map((a) => ({
    kind: a.kind,
    source: a.source,
    url: a.url,
    title: a.title,
    body: a.body,
    published_at: a.publishedAt,
    tickers: a.tickers,
    sectors: a.sectors,
    content_hash: contentHash(a.title, a.body),
  }));
  // ON CONFLICT DO NOTHING covers both unique keys, and duplicates within the batch too.
  const inserted = await db.$queryRaw<{ id: bigint }[]>`
    INSERT INTO news_articles (kind, source, url, title, body, published_at, tickers, sectors, content_hash, ingest_run_id)
    SELECT r.kind::news_kind, r.source, r.url, r.title, r.body, r.published_at, r.tickers, r.sectors, r.content_hash, ${runId}::int
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS r(kind text, source text, url text, title text, body text, published_at timestamptz, tickers text[], sectors text[], content_hash text)
    ON CONFLICT DO NOTHING
    RETURNING id`;
  return {
    inserted: inserted.length,
    unchanged: articles.length - inserted.length,
    rejected: 0,
    problems: [],
    ids: inserted.map((r) => String(r.id)),
  };
}

interface ArticleText {
  id: string;
  title: string;
  body: string;
}

/** Articles without a vector from `model` (never embedded, or embedded by another model). */
async function articlesToEmbed(db: Db, model: string, limit: number): Promise<ArticleText[]> {
  const rows = await db.$queryRaw<{ id: bigint; title: string; body: string }[]>`
    SELECT id, title, body FROM news_articles
    WHERE embedding_model IS DISTINCT FROM ${model}
    ORDER BY id LIMIT ${limit}`;
  return rows.map((r) => ({ id: String(r.id), title: r.title, body: r.body }));
}

async function countArticlesToEmbed(db: Db, model: string): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM news_articles WHERE embedding_model IS DISTINCT FROM ${model}`;
  return row?.n ?? 0;
}

export async function saveEmbeddings(
  db: Db,
  model: string,
  vectors: readonly { id: string; vector: readonly number[] }[],
): Promise<void> {
  if (vectors.length === 0) return;
  const rows = vectors.map((v) => ({ id: v.id, embedding: vectorLiteral(v.vector) }));
  await db.$executeRaw`
    UPDATE news_articles a SET embedding = r.embedding::vector, embedding_model = ${model}
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(id bigint, embedding text)
    WHERE a.id = r.id`;
}

/** Embeds every article that lacks a vector from the embedder's model: after ingestion, and as the
 * re-embed command when the model changes. Returns how many it embedded. An aborted `signal` stops it
 * between batches (each batch is saved whole), so a later run resumes where it stopped. */
export function embedPendingArticles(
  prisma: PrismaClient,
  embedder: Embedder,
  progress: Progress,
  signal?: AbortSignal,
): Promise<number> {
  const pending: PendingDocuments = {
    label: "embedding",
    count: (model) => countArticlesToEmbed(prisma, model),
    next: async (model, limit) =>
      (await articlesToEmbed(prisma, model, limit)).map((a) => ({ id: a.id, text: embeddingText(a.title, a.body) })),
    save: (model, vectors) => saveEmbeddings(prisma, model, vectors),
  };
  return embedPendingDocuments(pending, embedder, progress, signal);
}

export interface StoredNewsArticle extends NewsArticleInput {
  id: string;
  embeddingModel: string | null;
}

/** Articles by id, with their text: for the search engines' results and for indexing elsewhere. */
export async function readNewsArticles(
  db: Db,
  options: { ids?: readonly string[]; afterId?: string; limit?: number } = {},
): Promise<StoredNewsArticle[]> {
  const ids = options.ids ? options.ids.map((id) => BigInt(id)) : null;
  const rows = await db.$queryRaw<
    {
      id: bigint;
      kind: NewsKind;
      source: string;
      url: string;
      title: string;
      body: string;
      published_at: Date;
      tickers: string[];
      sectors: string[];
      embedding_model: string | null;
    }[]
  >`
    SELECT id, kind::text AS kind, source, url, title, body, published_at, tickers, sectors, embedding_model
    FROM news_articles
    WHERE (${ids}::bigint[] IS NULL OR id = ANY(${ids}::bigint[]))
      AND id > ${BigInt(options.afterId ?? "0")}::bigint
    ORDER BY id
    LIMIT ${options.limit ?? 1000}`;
  return rows.map((r) => ({
    id: String(r.id),
    kind: r.kind,
    source: r.source,
    url: r.url,
    title: r.title,
    body: r.body,
    publishedAt: r.published_at.toISOString(),
    tickers: r.tickers,
    sectors: r.sectors,
    embeddingModel: r.embedding_model,
  }));
}

/** Stored vectors as numbers (pgvector's text form parsed), for indexing in Elasticsearch. */
export async function readEmbeddings(db: Db, ids: readonly string[]): Promise<Map<string, number[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db.$queryRaw<{ id: bigint; embedding: string }[]>`
    SELECT id, embedding::text AS embedding FROM news_articles
    WHERE id = ANY(${ids.map((id) => BigInt(id))}::bigint[]) AND embedding IS NOT NULL`;
  return new Map(rows.map((r) => [String(r.id), JSON.parse(r.embedding) as number[]]));
}
