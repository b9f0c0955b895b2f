-- CreateEnum
CREATE TYPE "news_kind" AS ENUM ('article', 'filing_alert');

-- news_articles is an external table for Prisma (prisma.config.ts): written by hand, because Prisma
-- cannot express the pgvector column, the generated tsvector column or their indexes.
CREATE EXTENSION IF NOT EXISTS vector;

-- CreateTable
CREATE TABLE "news_articles" (
    "id" BIGSERIAL NOT NULL,
    "kind" "news_kind" NOT NULL DEFAULT 'article',
    "source" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "published_at" TIMESTAMPTZ(3) NOT NULL,
    "tickers" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "sectors" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "content_hash" TEXT NOT NULL,
    "embedding_model" TEXT,
    "embedding" vector(512),
    -- Title words weigh more than body words in ts_rank.
    "document" tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "body"), 'B')
    ) STORED,
    "ingested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ingest_run_id" INTEGER,

    CONSTRAINT "news_articles_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "news_articles_ingest_run_id_fkey" FOREIGN KEY ("ingest_run_id") REFERENCES "ingest_runs"("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "news_articles_url_key" ON "news_articles"("url");
CREATE UNIQUE INDEX "news_articles_content_hash_key" ON "news_articles"("content_hash");
-- Filters first: tickers and sectors by array overlap, dates by range.
CREATE INDEX "news_articles_tickers_idx" ON "news_articles" USING GIN ("tickers");
CREATE INDEX "news_articles_sectors_idx" ON "news_articles" USING GIN ("sectors");
CREATE INDEX "news_articles_published_at_idx" ON "news_articles"("published_at");
CREATE INDEX "news_articles_document_idx" ON "news_articles" USING GIN ("document");
CREATE INDEX "news_articles_embedding_idx" ON "news_articles" USING hnsw ("embedding" vector_cosine_ops);
