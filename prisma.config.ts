import { defineConfig } from "prisma/config";

// The Prisma CLI is only used for `prisma generate` here; migrations are applied by lib/db/migrate.ts,
// which works offline on PGlite and PostgreSQL alike (see README, "Database").
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/finground" },
  // Tables whose migration SQL is written by hand (pgvector and full-text columns, HNSW and GIN
  // indexes Prisma cannot express): `db:diff` leaves them alone instead of dropping what it cannot see.
  experimental: { externalTables: true },
  tables: {
    external: [
      "public.news_articles",
      "public.news_article_tickers",
      "public.news_article_sectors",
      "public.filings",
      "public.filing_chunks",
      "public.transcripts",
      "public.transcript_chunks",
      "public.filing_facts",
      "public.filing_llm_tables",
      "public.filing_fact_labels",
    ],
  },
});
