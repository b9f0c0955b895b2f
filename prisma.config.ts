import { defineConfig } from "prisma/config";

// The Prisma CLI is only used for `prisma generate` here; migrations are applied by lib/db/migrate.ts,
// which works offline on PGlite and PostgreSQL alike (see README, "Database").
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/finground" },
});
