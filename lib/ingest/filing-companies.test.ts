// Companies known only from their filings, on real databases (PGlite, and PostgreSQL when DATABASE_URL is set):
// a company with no XBRL and no seed row — General Mills, whose year ends in May — becomes a covered company when
// its 10-K is ingested, so the facts of its tables answer a figure question. The filing text is written for the
// test, with invented figures.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rulesAgent } from "@/lib/agent/rules-agent";
import { silentProgress } from "@/lib/core/progress";
import { buildSlice } from "@/lib/data/build-slice";
import { prepareSchema } from "@/lib/ingest/prepare";
import { runIngest } from "@/lib/ingest/run";
import { testBackends, type TestDatabase } from "@/test/db";

const ITEM_8 = [
  "Item 8. Financial Statements",
  "CONSOLIDATED STATEMENTS OF EARNINGS",
  "(In millions) Fiscal years ended",
  "May 31,",
  "2020 May 26,",
  "2019",
  "Net sales $ 17,627 $ 16,865",
  "Cost of sales 11,497 11,108",
].join("\n\n");

function writeInputs(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fg-covered-"));
  const filing = {
    ticker: "GIS",
    cik: null,
    company: "General Mills, Inc.",
    form: "10-K",
    document_period_end: "May 31, 2020",
    fiscal_year_focus: 2020,
    fiscal_period_focus: "FY",
    source_path: "tests/fixtures/html/gis/10k/gis-10-k-2020-07-01.html",
    sections: { item_1: "Item 1. Business\n\nWe make food.", item_8: ITEM_8 },
  };
  writeFileSync(path.join(dir, "filing_sections.jsonl"), `${JSON.stringify(filing)}\n`);
  return dir;
}

describe.each(testBackends())("a company known only from its filings on $name", (backend) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await backend.open();
    await prepareSchema(test.db);
    await runIngest(test.db, "filings", [writeInputs()], silentProgress, { embedder: null });
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it("is covered: identity from the SEC list, its fiscal year end from its 10-K", async () => {
    const company = await test.db.prisma.company.findUnique({ where: { ticker: "GIS" } });
    expect(company).toMatchObject({ name: expect.stringMatching(/^General Mills/), fiscalYearEndMonth: 5 });
    expect(company?.cik).toMatch(/^\d{10}$/);
  });

  it("answers a figure question from its filing's table", async () => {
    await runIngest(test.db, "facts", [], silentProgress);
    const request = await rulesAgent.parse("What were General Mills' net sales in fiscal 2020?", {
      today: "2026-11-30",
    });
    const slice = await buildSlice(test.db.prisma, request);
    const revenue = slice.series.find((s) => s.ticker === "GIS" && s.metricKey === "revenue");
    expect(revenue?.points.map((p) => [p.fiscalYear, p.value])).toEqual([[2020, "17627000000"]]);
  });
});
