// Label search over a filing's table rows on real databases (PGlite, and PostgreSQL when DATABASE_URL
// is set), with the bundled encoder: ingest facts stores each distinct label once, keyword ranking serves
// before the labels are embedded, and once they are a phrasing that is not the label finds its line
// (through the Data Module as the chat calls it) while a nonsense question finds none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentProgress } from "@/lib/core/progress";
import { rulesAgent } from "@/lib/agent/rules-agent";
import { writeAnalysis } from "@/lib/answer/analysis";
import { buildContext } from "@/lib/context/build-context";
import { buildSlice } from "@/lib/data/build-slice";
import { useLiteEmbedder } from "@/lib/documents/embeddings";
import { prepareSchema } from "@/lib/ingest/prepare";
import { runIngest } from "@/lib/ingest/run";
import { testBackends, type TestDatabase } from "@/test/db";
import { writeFinancebenchFiling, storeFilingCompany } from "@/test/filing-tables";
import { embedPendingFactLabels, factLabelSearchOf } from "./fact-labels";

const embedder = useLiteEmbedder();
const embed = async (text: string) => (await embedder.embed([text]))[0] ?? null;

const INCOME_STATEMENT = [
  "Consolidated Statements of Income",
  "52 Weeks Ended (In Millions)   Aug 28, 2022   Aug 29, 2021",
  "Net sales   $   1,200   $   1,000",
  "Membership fees   40   35",
  "Merchandise costs   1,050   880",
  "Net income   $   60   $   50",
].join("\n");

const OPERATIONS = [
  "Selected Operating Data",
  "   Aug 28, 2022   Aug 29, 2021",
  "Number of warehouses   838   815",
  "Number of employees   304,000   288,000",
].join("\n");

const CASH_FLOWS = [
  "Consolidated Statements of Cash Flows",
  "52 Weeks Ended (In Millions)   Aug 28, 2022   Aug 29, 2021",
  "Repurchases of common stock   (439)   (495)",
  "Cross-currency swaps notional   700   650",
].join("\n");

/** Distinct row labels of the three tables. */
const LABELS = 8;

describe.each(testBackends())("filing fact labels on $name", (backend) => {
  let test: TestDatabase;
  const dir = writeFinancebenchFiling({
    docName: "COSTCO_2022_10K",
    company: "Costco",
    period: 2022,
    pages: [
      "FORM 10-K\nFor the fiscal year ended August 28, 2022\nCOSTCO WHOLESALE CORPORATION",
      `Item 8.\n\n${INCOME_STATEMENT}`,
      OPERATIONS,
      CASH_FLOWS,
    ],
  });
  const asked = { ticker: "COST", fiscalYear: 2022, fiscalPeriod: "FY" };
  const labelsFor = (words: string, asksCount = false, within: { fiscalYear?: number; statement?: string } = {}) =>
    factLabelSearchOf(test.db.prisma, embed)({ ...asked, ...within, words, asksCount });
  const sliceFor = async (question: string) =>
    buildSlice(test.db.prisma, await rulesAgent.parse(question, { today: "2026-11-30" }), {
      labelSearch: factLabelSearchOf(test.db.prisma, embed),
    });

  beforeAll(async () => {
    test = await backend.open();
    await prepareSchema(test.db);
    await storeFilingCompany(test.db.prisma, {
      ticker: "COST",
      name: "Costco Wholesale Corporation",
      fiscalYearEndMonth: 8,
    });
    expect(await runIngest(test.db, "filings", [dir], silentProgress, { embedder: null })).toMatchObject({
      inserted: 1,
    });
    await runIngest(test.db, "facts", [], silentProgress);
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it("stores each label once and ranks by keyword while no label has a vector", async () => {
    const [{ n }] = await test.db.prisma.$queryRaw<[{ n: number }]>`SELECT count(*)::int AS n FROM filing_fact_labels`;
    expect(n).toBe(LABELS);
    // A rerun adds no label twice.
    await runIngest(test.db, "facts", [], silentProgress);
    const [again] = await test.db.prisma.$queryRaw<[{ n: number }]>`SELECT count(*)::int AS n FROM filing_fact_labels`;
    expect(again.n).toBe(LABELS);
    expect(await labelsFor("employees")).toMatchObject([
      { normalizedLabel: "number of employees", ranking: "keyword" },
    ]);
    // Another phrasing needs the vectors.
    expect(await labelsFor("workers")).toEqual([]);
    const slice = await sliceFor("How many employees did Costco have in fiscal 2022?");
    expect(slice.filingLines?.map((l) => [l.label, l.value, l.labelRanking])).toEqual([
      ["Number of employees", "304000.0000000000", "keyword"],
    ]);
  });

  it("once embedded, finds a line by words other than its label, and nothing for nonsense", async () => {
    expect(await embedPendingFactLabels(test.db.prisma, embedder, silentProgress)).toBe(LABELS);
    expect(await embedPendingFactLabels(test.db.prisma, embedder, silentProgress)).toBe(0);
    const best = async (words: string, asksCount = false) => (await labelsFor(words, asksCount))[0];
    expect(await best("workers")).toMatchObject({ normalizedLabel: "number of employees", ranking: "hybrid" });
    expect(await best("staff", true)).toMatchObject({ normalizedLabel: "number of employees", ranking: "hybrid" });
    expect(await best("shops", true)).toMatchObject({ normalizedLabel: "number of warehouses", ranking: "hybrid" });
    expect((await best("buying back stock"))?.normalizedLabel).toBe("repurchases of common stock");
    expect(await best("purple elephant dances")).toBeUndefined();
    expect(await best("xyzzy", true)).toBeUndefined();
    // Filtered to the period asked: a year the table does not hold has no labels.
    expect(await labelsFor("shops", true, { fiscalYear: 2015 })).toEqual([]);
    // And to the statement asked: the counts are no income-statement line.
    expect(await labelsFor("workers", false, { statement: "income" })).not.toContainEqual(
      expect.objectContaining({ normalizedLabel: "number of employees" }),
    );

    const shops = await sliceFor("How many shops does Costco run in fiscal 2022?");
    expect(shops.filingLines?.map((l) => [l.label, l.fiscalYear, l.value, l.labelRanking])).toEqual([
      ["Number of warehouses", 2022, "838.0000000000", "hybrid"],
    ]);
    // The answer and the prompt say how the row was found: its label is not what was asked.
    expect(writeAnalysis(shops)).toContain("Rows found by their label's meaning and words (hybrid ranking)");
    expect(buildContext(shops).prompt).toContain("Number of warehouses: 838.0000000000 count (");
    expect(buildContext(shops).prompt).toContain("; label found by hybrid ranking)");
    expect((await sliceFor("How many purple elephants does Costco juggle?")).filingLines).toBeUndefined();
  });
});
