// `ingest facts` on a section-split filing (edgartools filing_sections.jsonl: flow text taken from HTML,
// one section a page) on real databases: its tables are read, each fact cites the line of the section
// as stored (what the page viewer highlights), and its catalog rows become metric values.
// The filing text is written for the test, with invented figures.
import { storeFilingCompany } from "@/test/filing-tables";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rulesAgent } from "@/lib/agent/rules-agent";
import { silentProgress } from "@/lib/core/progress";
import { writeAnalysis } from "@/lib/answer/analysis";
import { buildContext } from "@/lib/context/build-context";
import { buildSlice } from "@/lib/data/build-slice";
import { prepareSchema } from "@/lib/ingest/prepare";
import { runIngest } from "@/lib/ingest/run";
import { testBackends, type TestDatabase } from "@/test/db";

const ITEM_8 = [
  "Item 8. Financial Statements",
  "",
  "CONSOLIDATED STATEMENTS OF OPERATIONS",
  "",
  "(In millions) Years ended",
  "",
  "December 31,",
  "",
  "2024 December 31,",
  "",
  "2023",
  "",
  "Net sales $ 1,200 $ 1,000",
  "",
  "Cost of sales 700 650",
  "",
  "Number of stores 41 38",
  "",
  "Number of employees 5,000 4,800",
].join("\n");

function writeInputs(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fg-facts-flow-"));
  const filing = {
    ticker: "INTC",
    cik: null,
    company: "Intel Corporation",
    form: "10-K",
    document_period_end: "December 31, 2024",
    fiscal_year_focus: 2024,
    fiscal_period_focus: "FY",
    source_path: "tests/fixtures/html/intc/10k/intc-10-k-2025-01-31.html",
    sections: { item_1: "Item 1. Business\n\nWe make chips.", item_8: ITEM_8 },
  };
  writeFileSync(path.join(dir, "filing_sections.jsonl"), `${JSON.stringify(filing)}\n`);
  return dir;
}

describe.each(testBackends())("ingest facts from a section-split filing on $name", (backend) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await backend.open();
    await prepareSchema(test.db);
    await storeFilingCompany(test.db.prisma, { ticker: "INTC", name: "Intel Corporation", fiscalYearEndMonth: 12 });
    const filings = await runIngest(test.db, "filings", [writeInputs()], silentProgress, { embedder: null });
    expect(filings).toMatchObject({ inserted: 1, rejected: 0 });
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it("reads its tables, citing the section's own lines, and writes the catalog rows", async () => {
    const summary = await runIngest(test.db, "facts", [], silentProgress);
    expect(summary.problems).toEqual([]);
    const [filing] = await test.db.prisma.$queryRaw<{ pages: string[] }[]>`SELECT pages FROM filings`;
    const facts = await test.db.prisma.$queryRaw<
      { label: string; relation: string; value: string; page_index: number; line: number; metric_key: string | null }[]
    >`
      SELECT label, relation, value::text AS value, page_index, line, metric_key FROM filing_facts
      ORDER BY line, relation DESC`;
    expect(facts.map((f) => [f.label, f.relation, f.value, f.metric_key])).toEqual([
      ["Net sales", "HAS_VALUE_IN_FY2024", "1200000000.0000000000", "revenue"],
      ["Net sales", "HAS_VALUE_IN_FY2023", "1000000000.0000000000", "revenue"],
      ["Cost of sales", "HAS_VALUE_IN_FY2024", "700000000.0000000000", "cost_of_revenue"],
      ["Cost of sales", "HAS_VALUE_IN_FY2023", "650000000.0000000000", "cost_of_revenue"],
      ["Number of stores", "HAS_VALUE_IN_FY2024", "41.0000000000", null],
      ["Number of stores", "HAS_VALUE_IN_FY2023", "38.0000000000", null],
      ["Number of employees", "HAS_VALUE_IN_FY2024", "5000.0000000000", null],
      ["Number of employees", "HAS_VALUE_IN_FY2023", "4800.0000000000", null],
    ]);
    // The stored section's line is the row as printed.
    for (const f of facts) expect(filing!.pages[f.page_index]!.split("\n")[f.line]).toMatch(new RegExp(`^${f.label} `));
    const values = await test.db.prisma.$queryRaw<{ metric: string; fiscal_year: number }[]>`
      SELECT m.key AS metric, mv.fiscal_year FROM metric_values mv JOIN metrics m ON m.id = mv.metric_id
      WHERE mv.source_kind = 'filing_table' ORDER BY m.key, mv.fiscal_year`;
    expect(values.map((v) => `${v.metric} ${v.fiscal_year}`)).toEqual([
      "cost_of_revenue 2023",
      "cost_of_revenue 2024",
      "revenue 2023",
      "revenue 2024",
    ]);
  });

  it("averages a metric over the fiscal years asked, exactly, from the table values", async () => {
    const request = await rulesAgent.parse("What was the average revenue of Intel from FY2023 to FY2024?", {
      today: "2026-11-30",
    });
    expect(request.presentation?.average).toBe(true);
    const slice = await buildSlice(test.db.prisma, request);
    const revenue = slice.series.find((s) => s.metricKey === "revenue");
    expect(revenue?.points.map((p) => [p.fiscalYear, p.value, p.source.kind === "sec_filing" && p.source.via])).toEqual(
      [
        [2023, "1000000000", "filing_table"],
        [2024, "1200000000", "filing_table"],
      ],
    );
    expect(revenue?.periodMean).toMatchObject({ periods: 2, value: "1100000000" });
    expect(writeAnalysis(slice)).toContain("- Average over FY2023–FY2024 (2 periods): $1.1 billion");
    expect(buildContext(slice).prompt).toContain(
      "Average over FY2023–FY2024 (2 periods), computed by FinGround: Intel Corporation (INTC) 1,100",
    );
  });

  it("answers a line the parser understood every word of ('employees') from the filing's row", async () => {
    const request = await rulesAgent.parse("How many employees does Intel have?", { today: "2026-11-30" });
    // Every word is understood, so none is left unrecognized: the line is found by the question's own words.
    expect([request.metrics, request.unrecognized]).toEqual([[], []]);
    const slice = await buildSlice(test.db.prisma, request);
    expect(slice.filingLines?.map((l) => [l.label, l.fiscalYear, l.value, l.unit, l.line])).toEqual([
      ["Number of employees", 2024, "5000.0000000000", "count", 18],
    ]);
    const stores = await rulesAgent.parse("Number of stores of Intel in FY2023", { today: "2026-11-30" });
    expect((await buildSlice(test.db.prisma, stores)).filingLines?.map((l) => [l.label, l.value])).toEqual([
      ["Number of stores", "38.0000000000"],
    ]);
  });
});
