// Statements on a PostgreSQL server outside any one database (creating and dropping test databases),
// over a connection of their own.
import path from "node:path";
import pg from "pg";

export async function adminQuery(url: string, sql: string, params: unknown[] = []): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The name of the PostgreSQL template database of this test run (test/global-setup.ts drops it). */
export function seedTemplateName(runDir: string): string {
  const run = path
    .basename(runDir)
    .replace(/[^a-z0-9]/gi, "_")
    .toLowerCase();
  return `fg_seed_${run}`;
}
