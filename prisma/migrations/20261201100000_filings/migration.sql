-- Filings (10-K, 10-Q, 8-K, earnings releases) and their chunks for retrieval. External tables for
-- Prisma (prisma.config.ts), written by hand like news_articles: Prisma cannot express the pgvector
-- column, the generated tsvector column or their HNSW and GIN indexes. Read and written with SQL in
-- lib/documents/filings/store.ts.

CREATE TABLE "filings" (
    "id" BIGSERIAL NOT NULL,
    "ticker" TEXT NOT NULL,
    "company_name" TEXT NOT NULL,
    -- "10-K", "10-Q", "8-K", "earnings"
    "form" TEXT NOT NULL,
    "fiscal_year" INTEGER NOT NULL,
    -- "FY", "Q1".."Q4"; an 8-K's is the quarter of its date
    "fiscal_period" TEXT NOT NULL,
    "period_end" DATE,
    "filed_date" DATE,
    "source_url" TEXT,
    -- The accession number when known, otherwise the source's own document key ("3M_2018_10K").
    "source_key" TEXT NOT NULL,
    -- Which input it came from: "financebench", "edgartools", "neo4j-sections".
    "source" TEXT NOT NULL,
    "page_count" INTEGER,
    -- The section codes found in the text (empty: no Item heading was recognised).
    "sections_found" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    -- The text as read, one element per page (a single element for inputs without pages).
    "pages" TEXT[] NOT NULL,
    "ingested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ingest_run_id" INTEGER,

    CONSTRAINT "filings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "filings_ingest_run_id_fkey" FOREIGN KEY ("ingest_run_id") REFERENCES "ingest_runs"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
-- A filing is stored once, whichever file brings it again.
CREATE UNIQUE INDEX "filings_identity_key" ON "filings"("ticker", "form", "fiscal_year", "fiscal_period", "source_key");

CREATE TABLE "filing_chunks" (
    "id" BIGSERIAL NOT NULL,
    "filing_id" BIGINT NOT NULL REFERENCES "filings"("id") ON DELETE CASCADE,
    -- Position in the filing, from 0.
    "ordinal" INTEGER NOT NULL,
    -- The filing's filter columns, copied so a search filters and ranks chunks without a join.
    "ticker" TEXT NOT NULL,
    "form" TEXT NOT NULL,
    "fiscal_year" INTEGER NOT NULL,
    "period_end" DATE,
    -- "1", "1A", "7", "8", … for 10-K/10-Q items, "2.02", "9.01", … for 8-K items, "exhibits", or
    -- "other" for text before the first item heading.
    "section_code" TEXT NOT NULL,
    "section_title" TEXT NOT NULL,
    -- 0-based page of the filing's pages; offsets are characters of that page's text.
    "page_index" INTEGER NOT NULL,
    "char_start" INTEGER NOT NULL,
    "char_end" INTEGER NOT NULL,
    "is_table" BOOLEAN NOT NULL DEFAULT FALSE,
    "is_financial_statement" BOOLEAN NOT NULL DEFAULT FALSE,
    "text" TEXT NOT NULL,
    -- Company, form, fiscal year, section and nearest heading or caption: what the chunk is about.
    "header" TEXT NOT NULL,
    -- A short LLM summary when an endpoint was configured at ingestion; null otherwise.
    "summary" TEXT,
    "embedding_model" TEXT,
    "embedding" vector(512),
    -- Header words weigh more than body words in ts_rank.
    "document" tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', "header"), 'A')
        || setweight(to_tsvector('english', "text" || ' ' || coalesce("summary", '')), 'B')
    ) STORED,

    CONSTRAINT "filing_chunks_pkey" PRIMARY KEY ("id")
);
-- Vectors inline (see the news filter tables' migration: the exact plan reads one per chunk).
ALTER TABLE "filing_chunks" ALTER COLUMN "embedding" SET STORAGE PLAIN;
CREATE UNIQUE INDEX "filing_chunks_filing_id_ordinal_key" ON "filing_chunks"("filing_id", "ordinal");
-- Filters first: a company's chunks by year, and the other filters checked on those rows.
CREATE INDEX "filing_chunks_ticker_fiscal_year_idx" ON "filing_chunks"("ticker", "fiscal_year");
CREATE INDEX "filing_chunks_document_idx" ON "filing_chunks" USING GIN ("document") WITH (fastupdate = off);
CREATE INDEX "filing_chunks_embedding_idx" ON "filing_chunks" USING hnsw ("embedding" vector_cosine_ops);
-- Background embedding finds what is left without scanning every chunk's vector.
CREATE INDEX "filing_chunks_embedding_model_idx" ON "filing_chunks"("embedding_model");
