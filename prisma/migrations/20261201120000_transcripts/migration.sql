-- Earnings-call transcripts and their chunks for retrieval. External tables for Prisma
-- (prisma.config.ts), written by hand like filings: Prisma cannot express the pgvector column, the
-- generated tsvector column or their HNSW and GIN indexes. Read and written with SQL in
-- lib/documents/transcripts/store.ts.

CREATE TABLE "transcripts" (
    "id" BIGSERIAL NOT NULL,
    "ticker" TEXT NOT NULL,
    "company_name" TEXT NOT NULL,
    -- The company's fiscal year and quarter, as the call names them.
    "fiscal_year" INTEGER NOT NULL,
    "fiscal_quarter" INTEGER NOT NULL CHECK ("fiscal_quarter" BETWEEN 1 AND 4),
    -- The calendar quarter the fiscal quarter ends in; null where the catalog does not know the
    -- company's fiscal year end (the sources give no call dates).
    "calendar_year" INTEGER,
    "calendar_quarter" INTEGER CHECK ("calendar_quarter" BETWEEN 1 AND 4),
    -- "ectsum" (prepared remarks only) or "la83la" (the full call with Q&A and participants).
    "source" TEXT NOT NULL,
    -- The source's id of the call, "KO_q3_2021".
    "call_id" TEXT NOT NULL,
    "ingested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ingest_run_id" INTEGER,

    CONSTRAINT "transcripts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "transcripts_ingest_run_id_fkey" FOREIGN KEY ("ingest_run_id") REFERENCES "ingest_runs"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
-- One call per company and fiscal quarter, whichever source brings it (the full call replaces the
-- prepared remarks alone).
CREATE UNIQUE INDEX "transcripts_call_key" ON "transcripts"("ticker", "fiscal_year", "fiscal_quarter");

CREATE TABLE "transcript_chunks" (
    "id" BIGSERIAL NOT NULL,
    "transcript_id" BIGINT NOT NULL REFERENCES "transcripts"("id") ON DELETE CASCADE,
    -- Position in the call, from 0.
    "ordinal" INTEGER NOT NULL,
    -- The call's filter columns, copied so a search filters and ranks chunks without a join.
    "ticker" TEXT NOT NULL,
    "fiscal_year" INTEGER NOT NULL,
    "fiscal_quarter" INTEGER NOT NULL,
    -- "prepared_remarks" or "qa".
    "section" TEXT NOT NULL,
    "speaker" TEXT,
    "speaker_title" TEXT,
    -- "executive", "analyst" or "operator".
    "role" TEXT NOT NULL,
    -- Q&A exchanges number from 1 within the call: an analyst's question ("question") and the answers
    -- that followed it ("answer") share one.
    "exchange" INTEGER,
    "exchange_part" TEXT,
    "text" TEXT NOT NULL,
    -- Company, quarter, section, speaker and role: whose words these are.
    "header" TEXT NOT NULL,
    "embedding_model" TEXT,
    "embedding" vector(512),
    -- Header words weigh more than the words said in ts_rank.
    "document" tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', "header"), 'A') || setweight(to_tsvector('english', "text"), 'B')
    ) STORED,

    CONSTRAINT "transcript_chunks_pkey" PRIMARY KEY ("id")
);
-- Vectors inline (see the news filter tables' migration: the exact plan reads one per chunk).
ALTER TABLE "transcript_chunks" ALTER COLUMN "embedding" SET STORAGE PLAIN;
CREATE UNIQUE INDEX "transcript_chunks_transcript_id_ordinal_key" ON "transcript_chunks"("transcript_id", "ordinal");
-- Filters first: a company's chunks by quarter, the other filters checked on those rows.
CREATE INDEX "transcript_chunks_ticker_quarter_idx" ON "transcript_chunks"("ticker", "fiscal_year", "fiscal_quarter");
CREATE INDEX "transcript_chunks_document_idx" ON "transcript_chunks" USING GIN ("document") WITH (fastupdate = off);
CREATE INDEX "transcript_chunks_embedding_idx" ON "transcript_chunks" USING hnsw ("embedding" vector_cosine_ops);
-- Background embedding finds what is left without scanning every chunk's vector.
CREATE INDEX "transcript_chunks_embedding_model_idx" ON "transcript_chunks"("embedding_model");
