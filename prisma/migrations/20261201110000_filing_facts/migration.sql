-- Facts read from the statement tables of stored filings: one row per table cell, as a triplet
-- (subject "label:TICKER", relation "HAS_VALUE_IN_<period>", value and unit) with its attributes and
-- provenance (filing, page, line, table title, column header). External to Prisma like the filings
-- tables (prisma.config.ts): the generated tsvector column and its GIN index are written by hand.
-- Written by lib/ingest/facts-ingest.ts; catalog rows among them also go to metric_values as
-- source_kind 'filing_table', whose source_concept names the row ("filing_facts:<id>").

CREATE TABLE "filing_facts" (
    "id" BIGSERIAL NOT NULL,
    "filing_id" BIGINT NOT NULL REFERENCES "filings"("id") ON DELETE CASCADE,
    "ticker" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "relation" TEXT NOT NULL,
    -- The row label as written, and lower-cased with its headings ("earnings per share / basic").
    "label" TEXT NOT NULL,
    "normalized_label" TEXT NOT NULL,
    -- "income", "balance", "cash_flow", "segment", "other"
    "statement" TEXT NOT NULL,
    "is_subtotal" BOOLEAN NOT NULL,
    "fiscal_year" INTEGER NOT NULL,
    "fiscal_period" TEXT NOT NULL,
    "period_end" DATE NOT NULL,
    "period_end_is_exact" BOOLEAN NOT NULL,
    "is_instant" BOOLEAN NOT NULL,
    -- Base units (the printed number times the scale); null for a dash (nil).
    "value" DECIMAL(38,10),
    "value_as_written" TEXT,
    "unit" TEXT NOT NULL,
    "scale" DECIMAL(38,10) NOT NULL,
    "currency" TEXT NOT NULL,
    -- 0-based page of the filing's pages and line on that page.
    "page_index" INTEGER NOT NULL,
    "line" INTEGER NOT NULL,
    "table_title" TEXT NOT NULL,
    "column_header" TEXT NOT NULL,
    -- 0-based column: two columns may share a header ("2018" under two benefit plans).
    "column_index" INTEGER NOT NULL,
    -- The catalog metric the row maps to and the rule's confidence; null when unmapped or ambiguous.
    "metric_key" TEXT,
    "mapping_confidence" DECIMAL(4,3),
    "ingest_run_id" INTEGER REFERENCES "ingest_runs"("id") ON DELETE SET NULL,
    "label_search" tsvector GENERATED ALWAYS AS (to_tsvector('english', "normalized_label")) STORED,

    CONSTRAINT "filing_facts_pkey" PRIMARY KEY ("id")
);
-- One fact per cell: a rerun never stores a cell twice.
CREATE UNIQUE INDEX "filing_facts_cell_key" ON "filing_facts"("filing_id", "page_index", "line", "column_index");
CREATE INDEX "filing_facts_company_period_idx" ON "filing_facts"("ticker", "fiscal_year", "fiscal_period", "statement");
CREATE INDEX "filing_facts_label_search_idx" ON "filing_facts" USING GIN ("label_search");
