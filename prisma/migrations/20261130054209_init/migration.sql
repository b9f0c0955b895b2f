-- CreateEnum
CREATE TYPE "unit_kind" AS ENUM ('currency', 'per_share', 'shares', 'ratio', 'percent', 'count');

-- CreateEnum
CREATE TYPE "frequency" AS ENUM ('daily', 'quarterly', 'annual');

-- CreateEnum
CREATE TYPE "statement" AS ENUM ('income', 'balance_sheet', 'cash_flow', 'market', 'cover');

-- CreateEnum
CREATE TYPE "fiscal_period" AS ENUM ('FY', 'Q1', 'Q2', 'Q3', 'Q4', 'H1', 'M9');

-- CreateEnum
CREATE TYPE "alias_kind" AS ENUM ('name', 'abbreviation', 'former_name', 'brand');

-- CreateEnum
CREATE TYPE "ingest_status" AS ENUM ('running', 'succeeded', 'partial', 'failed');

-- CreateTable
CREATE TABLE "companies" (
    "id" SERIAL NOT NULL,
    "ticker" TEXT NOT NULL,
    "cik" TEXT,
    "name" TEXT NOT NULL,
    "sector" TEXT,
    "industry" TEXT,
    "exchange" TEXT,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "fiscal_year_end_month" INTEGER NOT NULL DEFAULT 12,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "companies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "company_aliases" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "alias" TEXT NOT NULL,
    "kind" "alias_kind" NOT NULL,

    CONSTRAINT "company_aliases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "metrics" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "unit_kind" "unit_kind" NOT NULL,
    "frequency" "frequency" NOT NULL,
    "statement" "statement" NOT NULL,

    CONSTRAINT "metrics_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "metric_aliases" (
    "id" SERIAL NOT NULL,
    "metric_id" INTEGER NOT NULL,
    "alias" TEXT NOT NULL,

    CONSTRAINT "metric_aliases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "metric_relations" (
    "metric_id" INTEGER NOT NULL,
    "related_metric_id" INTEGER NOT NULL,

    CONSTRAINT "metric_relations_pkey" PRIMARY KEY ("metric_id","related_metric_id")
);

-- CreateTable
CREATE TABLE "metric_values" (
    "id" BIGSERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "metric_id" INTEGER NOT NULL,
    "period_start" DATE,
    "period_end" DATE NOT NULL,
    "fiscal_year" INTEGER NOT NULL,
    "fiscal_period" "fiscal_period" NOT NULL,
    "value" DECIMAL(38,10) NOT NULL,
    "unit" TEXT NOT NULL,
    "currency" TEXT,
    "decimals" INTEGER,
    "source_kind" TEXT NOT NULL,
    "source_concept" TEXT,
    "source_form" TEXT,
    "source_accession" TEXT,
    "source_filed_at" DATE,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "ingested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ingest_run_id" INTEGER,

    CONSTRAINT "metric_values_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "daily_prices" (
    "company_id" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "open" DECIMAL(20,6),
    "high" DECIMAL(20,6),
    "low" DECIMAL(20,6),
    "close" DECIMAL(20,6),
    "adj_close" DECIMAL(24,10),
    "volume" BIGINT,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ingest_run_id" INTEGER,

    CONSTRAINT "daily_prices_pkey" PRIMARY KEY ("company_id","source","date")
);

-- CreateTable
CREATE TABLE "ingest_runs" (
    "id" SERIAL NOT NULL,
    "source" TEXT NOT NULL,
    "paths" TEXT[],
    "status" "ingest_status" NOT NULL DEFAULT 'running',
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    "rows_read" INTEGER NOT NULL DEFAULT 0,
    "rows_inserted" INTEGER NOT NULL DEFAULT 0,
    "rows_unchanged" INTEGER NOT NULL DEFAULT 0,
    "rows_rejected" INTEGER NOT NULL DEFAULT 0,
    "errors" JSONB NOT NULL DEFAULT '[]',

    CONSTRAINT "ingest_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "companies_ticker_key" ON "companies"("ticker");

-- CreateIndex
CREATE UNIQUE INDEX "companies_cik_key" ON "companies"("cik");

-- CreateIndex
CREATE INDEX "company_aliases_alias_idx" ON "company_aliases"("alias");

-- CreateIndex
CREATE UNIQUE INDEX "company_aliases_company_id_alias_key" ON "company_aliases"("company_id", "alias");

-- CreateIndex
CREATE UNIQUE INDEX "metrics_key_key" ON "metrics"("key");

-- CreateIndex
CREATE INDEX "metric_aliases_alias_idx" ON "metric_aliases"("alias");

-- CreateIndex
CREATE UNIQUE INDEX "metric_aliases_metric_id_alias_key" ON "metric_aliases"("metric_id", "alias");

-- CreateIndex
CREATE INDEX "metric_values_company_id_metric_id_period_end_updated_at_idx" ON "metric_values"("company_id", "metric_id", "period_end", "updated_at");

-- CreateIndex
CREATE INDEX "metric_values_metric_id_fiscal_year_fiscal_period_idx" ON "metric_values"("metric_id", "fiscal_year", "fiscal_period");

-- CreateIndex
CREATE INDEX "daily_prices_company_id_date_idx" ON "daily_prices"("company_id", "date");

-- CreateIndex
CREATE INDEX "ingest_runs_started_at_idx" ON "ingest_runs"("started_at");

-- AddForeignKey
ALTER TABLE "company_aliases" ADD CONSTRAINT "company_aliases_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "metric_aliases" ADD CONSTRAINT "metric_aliases_metric_id_fkey" FOREIGN KEY ("metric_id") REFERENCES "metrics"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "metric_relations" ADD CONSTRAINT "metric_relations_metric_id_fkey" FOREIGN KEY ("metric_id") REFERENCES "metrics"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "metric_relations" ADD CONSTRAINT "metric_relations_related_metric_id_fkey" FOREIGN KEY ("related_metric_id") REFERENCES "metrics"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "metric_values" ADD CONSTRAINT "metric_values_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "metric_values" ADD CONSTRAINT "metric_values_metric_id_fkey" FOREIGN KEY ("metric_id") REFERENCES "metrics"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "metric_values" ADD CONSTRAINT "metric_values_ingest_run_id_fkey" FOREIGN KEY ("ingest_run_id") REFERENCES "ingest_runs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "daily_prices" ADD CONSTRAINT "daily_prices_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "daily_prices" ADD CONSTRAINT "daily_prices_ingest_run_id_fkey" FOREIGN KEY ("ingest_run_id") REFERENCES "ingest_runs"("id") ON DELETE SET NULL ON UPDATE CASCADE;
