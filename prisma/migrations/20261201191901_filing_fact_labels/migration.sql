-- One row per distinct normalized row label of filing_facts, with its vector: a label is shared by many
-- facts (every period, every filing repeating it), so embedding labels costs thousands of encoder calls
-- instead of one per fact. The document search engine ranks these rows (id, embedding, document) like any
-- document kind. External to Prisma like filing_facts (prisma.config.ts). Written by `ingest facts`
-- beside the facts; vectors come from background embedding (lib/documents/filings/fact-labels.ts).

CREATE TABLE "filing_fact_labels" (
    "id" BIGSERIAL NOT NULL,
    "normalized_label" TEXT NOT NULL,
    "embedding_model" TEXT,
    "embedding" vector(512),
    "document" tsvector GENERATED ALWAYS AS (to_tsvector('english', "normalized_label")) STORED,

    CONSTRAINT "filing_fact_labels_pkey" PRIMARY KEY ("id")
);
ALTER TABLE "filing_fact_labels" ALTER COLUMN "embedding" SET STORAGE PLAIN;
CREATE UNIQUE INDEX "filing_fact_labels_normalized_label_key" ON "filing_fact_labels"("normalized_label");
CREATE INDEX "filing_fact_labels_document_idx" ON "filing_fact_labels" USING GIN ("document");
CREATE INDEX "filing_fact_labels_embedding_idx" ON "filing_fact_labels" USING hnsw ("embedding" vector_cosine_ops);
CREATE INDEX "filing_fact_labels_embedding_model_idx" ON "filing_fact_labels"("embedding_model");
-- A company's labels within its periods: the search's filter, from filing_facts by ticker and label.
CREATE INDEX "filing_facts_ticker_label_idx" ON "filing_facts"("ticker", "normalized_label");

INSERT INTO "filing_fact_labels" ("normalized_label")
SELECT DISTINCT "normalized_label" FROM "filing_facts" ORDER BY 1;
