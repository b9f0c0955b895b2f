// Which stored line answers a question about a line that is no catalog metric, on real databases: when
// a filing prints the same line in an MD&A breakdown and in a primary statement, the statement's line is
// quoted (Nike's FY2023 10-K prints "Demand creation expense" in both). Invented figures.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentProgress } from "@/lib/core/progress";
import { rulesAgent } from "@/lib/agent/rules-agent";
import { buildSlice } from "@/lib/data/build-slice";
import { prepareSchema } from "@/lib/ingest/prepare";
import { runIngest } from "@/lib/ingest/run";
import { testBackends, type TestDatabase } from "@/test/db";
import { storeFilingCompany, writeFinancebenchFiling } from "@/test/filing-tables";

const OPERATING_DATA = [
  "Manufacturing footprint",
  "(In Millions)   Dec 26, 2020   Dec 28, 2019",
  "Number of fabs(1)   12   11",
  "Wafer starts   30   28",
].join("\n");

const INCOME_STATEMENT = [
  "Consolidated Statements of Income",
  "Years Ended (In Millions)   Dec 26, 2020   Dec 28, 2019",
  "Net revenue   $   1,200   $   1,000",
  "Operating income   300   250",
  "Number of fabs   12   11",
].join("\n");

describe.each(testBackends())("filing lines on $name", (backend) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await backend.open();
    await prepareSchema(test.db);
    await storeFilingCompany(test.db.prisma, { ticker: "INTC", name: "Intel Corporation", fiscalYearEndMonth: 12 });
    const dir = writeFinancebenchFiling({
      docName: "INTEL_2020_10K",
      company: "Intel",
      period: 2020,
      pages: [
        "FORM 10-K\nFor the fiscal year ended December 26, 2020\nINTEL CORPORATION",
        OPERATING_DATA,
        INCOME_STATEMENT,
      ],
    });
    await runIngest(test.db, "filings", [dir], silentProgress, { embedder: null });
    await runIngest(test.db, "facts", [], silentProgress, { embedder: null });
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it("quotes the primary statement's line over the same line in another table of the filing", async () => {
    const request = await rulesAgent.parse("How many fabs did Intel have in fiscal 2020?", { today: "2026-11-30" });
    const slice = await buildSlice(test.db.prisma, request);
    expect(slice.filingLines?.map((l) => [l.label, l.page, l.value])).toEqual([["Number of fabs", 3, "12.0000000000"]]);
  });
});
