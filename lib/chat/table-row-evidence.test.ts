// Issue 30.10: a table row is shown only when its label matches what was asked, its scale and unit always
// with it. A Costco 10-K of three small tables, its labels embedded by the offline sentence encoder.
import { answeredParts } from "@/test/answer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentProgress } from "@/lib/core/progress";
import { useLiteEmbedder } from "@/lib/documents/embeddings";
import { embedPendingFactLabels } from "@/lib/documents/filings/fact-labels";
import { prepareSchema } from "@/lib/ingest/prepare";
import { runIngest } from "@/lib/ingest/run";
import { testBackends, type TestDatabase } from "@/test/db";
import { storeFilingCompany, writeFinancebenchFiling } from "@/test/filing-tables";

const embedder = useLiteEmbedder();
const PAGES = [
  "FORM 10-K\nFor the fiscal year ended August 28, 2022\nCOSTCO WHOLESALE CORPORATION",
  [
    "Consolidated Statements of Income",
    "52 Weeks Ended (In Millions)   Aug 28, 2022   Aug 29, 2021",
    "Net sales   $   1,200   $   1,000",
    "Merchandise costs   1,050   880",
    "Net income   $   60   $   50",
  ].join("\n"),
  [
    "Selected Operating Data",
    "   Aug 28, 2022   Aug 29, 2021",
    "Number of warehouses   838   815",
    "Number of employees   304,000   288,000",
  ].join("\n"),
  [
    "Derivative Instruments",
    "(In Millions)   Aug 28, 2022   Aug 29, 2021",
    "Cross-currency swaps notional   700   650",
    "Net losses after tax   (35)   (20)",
  ].join("\n"),
];
describe.each(testBackends())("table rows as evidence on $name", (backend) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await backend.open();
    await prepareSchema(test.db);
    await storeFilingCompany(test.db.prisma, {
      ticker: "COST",
      name: "Costco Wholesale Corporation",
      fiscalYearEndMonth: 8,
    });
    const filing = writeFinancebenchFiling({
      docName: "COSTCO_2022_10K",
      company: "Costco",
      period: 2022,
      pages: PAGES,
    });
    await runIngest(test.db, "filings", [filing], silentProgress, { embedder: null });
    await runIngest(test.db, "facts", [], silentProgress);
    await embedPendingFactLabels(test.db.prisma, embedder, silentProgress);
  }, 120_000);
  afterAll(async () => {
    await test?.dispose();
  });

  const answer = async (question: string) => {
    const parts = await answeredParts({ prisma: test.db.prisma, question, today: "2026-12-01", embedder });
    return parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");
  };

  it("shows no row whose label shares only a word with the question, nor one merely near in meaning", async () => {
    // "Net losses after tax" shares "tax"; "Net income" is the closest label by meaning, not clearly.
    const text = await answer("How much did Costco spend on property tax in fiscal 2022?");
    expect(text).not.toContain("Net losses after tax");
    expect(text).not.toContain("Net income");
    expect(text).not.toContain("filing tables print it");
  });

  it("shows a row whose label holds every word asked, with its table's scale and unit", async () => {
    const swaps = await answer("What was Costco's cross-currency swaps notional in fiscal 2022?");
    expect(swaps).toContain("**Cross\\-currency swaps notional**, FY2022: $700,000,000");
    expect(swaps).toContain("printed 700 under Aug 28\\, 2022, in millions of USD");
    const warehouses = await answer("How many warehouses did Costco have in fiscal 2022?");
    expect(warehouses).toContain("**Number of warehouses**, FY2022: 838 (printed 838 under Aug 28\\, 2022, a count)");
  });

  it("shows a row found by meaning alone when it is clearly the closest label", async () => {
    const text = await answer("How many workers did Costco have in fiscal 2022?");
    expect(text).toContain("**Number of employees**, FY2022: 304,000");
  });
});
