// `ingest filings` then `ingest facts` on the data folder's neo4j 10-K sections of catalog companies
// (tables printed one cell per line), on real databases holding the seed: the tables give facts, and
// every value mapped to a catalog metric equals the seed's XBRL value of the same company, metric and
// fiscal period. Skips without the data folder.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Decimal } from "@/lib/core/decimal";
import { silentProgress } from "@/lib/core/progress";
import { dataDir, hasDataDir } from "@/lib/ingest/data-dir";
import { runIngest } from "@/lib/ingest/run";
import { testBackends, type TestDatabase } from "@/test/db";

/** The neo4j files of catalog companies: Procter & Gamble's and NIKE's FY2023 10-Ks. */
const NEO4J_FILES = ["0000080424-23-000073.json", "0000320187-23-000039.json"];

describe.skipIf(!hasDataDir()).each(testBackends())("facts of the neo4j 10-K sections on $name", (backend) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await backend.openSeeded();
    const files = NEO4J_FILES.map((f) => path.join(dataDir(), "sec_10k_sections_neo4j", f));
    await runIngest(test.db, "filings", files, silentProgress, { embedder: null });
    await runIngest(test.db, "facts", [], silentProgress);
  }, 600_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it("reads both filings' tables into facts, each citing a stored line", async () => {
    const rows = await test.db.prisma.$queryRaw<{ ticker: string; facts: number; outside: number }[]>`
      SELECT f.ticker, count(*)::int AS facts,
             count(*) FILTER (WHERE ff.line >= cardinality(string_to_array(f.pages[ff.page_index + 1], E'\\n')))::int
               AS outside
      FROM filing_facts ff JOIN filings f ON f.id = ff.filing_id
      WHERE f.source = 'neo4j-sections' GROUP BY f.ticker ORDER BY f.ticker`;
    expect(rows.map((r) => r.ticker)).toEqual(["NKE", "PG"]);
    for (const r of rows) {
      expect(r.facts, r.ticker).toBeGreaterThan(50);
      expect(r.outside, r.ticker).toBe(0);
    }
  });

  it("maps values that equal the XBRL value of the same company, metric and fiscal period", async () => {
    const compared = await test.db.prisma.$queryRaw<
      { ticker: string; metric: string; fiscal_year: number; label: string; table_value: string; xbrl: string[] }[]
    >`
      SELECT ff.ticker, ff.metric_key AS metric, ff.fiscal_year, ff.label, ff.value::text AS table_value,
             array_agg(DISTINCT mv.value::text) AS xbrl
      FROM filing_facts ff
      JOIN filings f ON f.id = ff.filing_id AND f.source = 'neo4j-sections'
      JOIN companies c ON c.ticker = ff.ticker
      JOIN metrics m ON m.key = ff.metric_key
      JOIN metric_values mv ON mv.company_id = c.id AND mv.metric_id = m.id AND mv.fiscal_year = ff.fiscal_year
        AND mv.fiscal_period::text = ff.fiscal_period AND mv.source_kind <> 'filing_table'
      WHERE ff.metric_key IS NOT NULL
      GROUP BY ff.ticker, ff.metric_key, ff.fiscal_year, ff.label, ff.value`;
    expect(compared.length).toBeGreaterThanOrEqual(6);
    // Magnitudes: the mapping stores an outflow printed in parentheses as a positive value.
    const disagreeing = compared.filter(
      (r) => !r.xbrl.some((x) => new Decimal(x).abs().eq(new Decimal(r.table_value).abs())),
    );
    expect(disagreeing).toEqual([]);
  });
});
