-- The LLM fallback of `ingest facts --llm` (lib/ingest/facts-llm.ts): which reader wrote a fact ("parser",
-- the table reader, or "llm", a model reading a table the reader could not), and every table the model
-- was asked about with what became of its answer, so a table already asked is never asked again.
-- Both external to Prisma like the other filings tables (prisma.config.ts).

ALTER TABLE "filing_facts" ADD COLUMN "source" TEXT NOT NULL DEFAULT 'parser';

CREATE TABLE "filing_llm_tables" (
    "filing_id" BIGINT NOT NULL REFERENCES "filings"("id") ON DELETE CASCADE,
    -- The table: its page and the line of its header on that page (as the reader counts them).
    "page_index" INTEGER NOT NULL,
    "line" INTEGER NOT NULL,
    "model" TEXT NOT NULL,
    -- "read" (its triplets checked) or "invalid_answer" (no JSON of the expected shape).
    "outcome" TEXT NOT NULL,
    "returned" INTEGER NOT NULL,
    "kept" INTEGER NOT NULL,
    "dropped_not_in_source" INTEGER NOT NULL,
    "dropped_invalid" INTEGER NOT NULL,
    "ingest_run_id" INTEGER REFERENCES "ingest_runs"("id") ON DELETE SET NULL,
    "asked_at" TIMESTAMPTZ NOT NULL DEFAULT now(),

    CONSTRAINT "filing_llm_tables_pkey" PRIMARY KEY ("filing_id", "page_index", "line")
);
