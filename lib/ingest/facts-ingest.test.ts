// `ingest facts` end to end on real databases (PGlite, and PostgreSQL when DATABASE_URL is set): a
// stored 10-K's statement tables become filing_facts with page and line, its catalog rows metric values
// of source kind "filing_table" (never where XBRL has the value), and a rerun writes nothing twice.
// The filing text is written for the test, with invented figures.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentProgress } from "@/lib/core/progress";
import { rulesAgent } from "@/lib/agent/rules-agent";
import { writeAnalysis } from "@/lib/answer/analysis";
import { buildContext } from "@/lib/context/build-context";
import { buildSlice } from "@/lib/data/build-slice";
import { sliceRequest } from "@/test/data";
import { getFactsOverview } from "@/lib/db/queries/facts-overview";
import { searchFilingFacts } from "@/lib/db/queries/filing-facts";
import { insertMetricFacts, loadIdLookups } from "@/lib/db/queries/metric-values";
import { prepareSchema } from "@/lib/ingest/prepare";
import { runIngest } from "@/lib/ingest/run";
import { testBackends, type TestDatabase } from "@/test/db";
import { writeFinancebenchFiling, storeFilingCompany } from "@/test/filing-tables";

const INCOME_STATEMENT = [
  "Consolidated Statements of Income",
  "Years Ended (In Millions, Except Per Share Amounts)   Dec 26, 2020   Dec 28, 2019",
  "Net revenue   $   1,200   $   1,000",
  "Cost of sales   700   650",
  "Operating income   300   250",
  "Net income   $   240   $   200",
  "Number of fabs   12   11",
].join("\n");

const BALANCE_SHEET = [
  "Consolidated Balance Sheets",
  "(In Millions, Except Par Value)   Dec 26, 2020   Dec 28, 2019",
  "Property, plant and equipment, net   500   460",
  "Total assets   $   2,000   $   1,900",
].join("\n");

function writeInputs(): string {
  return writeFinancebenchFiling({
    docName: "INTEL_2020_10K",
    company: "Intel",
    period: 2020,
    pages: [
      "FORM 10-K\nFor the fiscal year ended December 26, 2020\nINTEL CORPORATION",
      `Item 8.\n\n${INCOME_STATEMENT}`,
      BALANCE_SHEET,
    ],
  });
}

describe.each(testBackends())("ingest facts on $name", (backend) => {
  let test: TestDatabase;
  const dir = writeInputs();

  beforeAll(async () => {
    test = await backend.open();
    await prepareSchema(test.db);
    // Companies come from the seed; this test stores only the one it needs.
    await storeFilingCompany(test.db.prisma, { ticker: "INTC", name: "Intel Corporation", fiscalYearEndMonth: 12 });
    const filings = await runIngest(test.db, "filings", [dir], silentProgress, { embedder: null });
    expect(filings).toMatchObject({ inserted: 1, rejected: 0 });
    // XBRL already knows FY2020 revenue: the table's value must not be written beside it.
    await insertMetricFacts(
      test.db.prisma,
      [
        {
          ticker: "INTC",
          metricKey: "revenue",
          periodStart: "2019-12-29",
          periodEnd: "2020-12-26",
          fiscalYear: 2020,
          fiscalPeriod: "FY",
          value: "1200000000",
          unit: "USD",
          currency: "USD",
          decimals: -6,
          sourceKind: "sec_xbrl",
          concept: "us-gaap:Revenues",
          form: "10-K",
          accession: null,
          filedAt: null,
          knownAt: "2021-01-22",
        },
      ],
      await loadIdLookups(test.db.prisma),
      null,
    );
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it("stores every cell as a fact with its provenance, and the catalog rows XBRL lacks as metric values", async () => {
    const summary = await runIngest(test.db, "facts", [], silentProgress);
    expect(summary.problems).toEqual([]);
    const stored = await test.db.prisma.$queryRaw<{ form: string; pages: string[] }[]>`SELECT form, pages FROM filings`;
    expect(stored.map((f) => f.form)).toEqual(["10-K"]);
    expect(stored[0]!.pages[1]).toContain("Net revenue");
    const facts = await test.db.prisma.$queryRaw<
      {
        label: string;
        relation: string;
        value: string | null;
        page_index: number;
        line: number;
        metric_key: string | null;
      }[]
    >`
      SELECT label, relation, value::text AS value, page_index, line, metric_key FROM filing_facts ORDER BY page_index, line, relation DESC`;
    expect(facts).toHaveLength(14);
    expect(facts[0]).toEqual({
      label: "Net revenue",
      relation: "HAS_VALUE_IN_FY2020",
      value: "1200000000.0000000000",
      page_index: 1,
      line: 4,
      metric_key: "revenue",
    });
    // A line no catalog metric names stays a fact, unmapped.
    expect(facts.filter((f) => f.label === "Number of fabs").map((f) => f.metric_key)).toEqual([null, null]);

    const values = await test.db.prisma.$queryRaw<
      { metric: string; fiscal_year: number; value: string; source_concept: string; period_start: string | null }[]
    >`
      SELECT m.key AS metric, mv.fiscal_year, mv.value::text AS value, mv.source_concept, mv.period_start::text AS period_start
      FROM metric_values mv JOIN metrics m ON m.id = mv.metric_id WHERE mv.source_kind = 'filing_table'
      ORDER BY m.key, mv.fiscal_year`;
    expect(values.map((v) => `${v.metric} ${v.fiscal_year}`)).toEqual([
      "cost_of_revenue 2019",
      "cost_of_revenue 2020",
      "net_income 2019",
      "net_income 2020",
      "operating_income 2019",
      "operating_income 2020",
      "ppe_net 2019",
      "ppe_net 2020",
      "revenue 2019",
      "total_assets 2019",
      "total_assets 2020",
    ]);
    expect(values.find((v) => v.metric === "net_income" && v.fiscal_year === 2020)).toMatchObject({
      value: "240000000.0000000000",
      source_concept: "page 2, row 'Net income'",
      period_start: "2019-12-29",
    });
  });

  it("writes nothing twice on a rerun", async () => {
    const again = await runIngest(test.db, "facts", [], silentProgress);
    expect(again).toMatchObject({ read: 0, inserted: 0 });
    const [{ n }] = await test.db.prisma.$queryRaw<[{ n: number }]>`SELECT count(*)::int AS n FROM filing_facts`;
    expect(n).toBe(14);
  });

  it("finds a line that is no catalog metric by its label words within a period", async () => {
    const hits = await searchFilingFacts(test.db.prisma, { ticker: "INTC", words: "fabs", fiscalYear: 2020 });
    expect(hits).toEqual([
      expect.objectContaining({
        label: "Number of fabs",
        relation: "HAS_VALUE_IN_FY2020",
        value: "12.0000000000",
        unit: "count",
        valueAsWritten: "12",
        metricKey: null,
        filing: "INTEL_2020_10K",
        pageIndex: 1,
        line: 8,
        tableTitle: "Consolidated Statements of Income",
        columnHeader: "Dec 26, 2020",
      }),
    ]);
    expect(await searchFilingFacts(test.db.prisma, { ticker: "INTC", words: "fabs", statement: "balance" })).toEqual(
      [],
    );
  });

  it("gives the Data Module a derived metric over table values, each input with its page and row", async () => {
    const slice = await buildSlice(
      test.db.prisma,
      sliceRequest(["INTC"], ["fixed_asset_turnover"], {
        fiscal: { year: 2020, period: "FY" },
        expression: "fiscal 2020",
      }),
    );
    const point = slice.series.find((s) => s.metricKey === "fixed_asset_turnover")?.points[0];
    // 1,200 / ((500 + 460) / 2): revenue from XBRL (preferred), both PP&E balances from the table.
    expect(point?.value).toBe("2.5");
    expect(point?.source).toMatchObject({
      kind: "derived",
      inputs: expect.arrayContaining([
        expect.objectContaining({
          metricKey: "ppe_net",
          point: expect.objectContaining({
            value: "500000000",
            source: expect.objectContaining({
              via: "filing_table",
              concept: "page 3, row 'Property, plant and equipment, net'",
              accession: "INTEL_2020_10K",
            }),
          }),
        }),
        expect.objectContaining({
          metricKey: "revenue",
          point: expect.objectContaining({ source: expect.objectContaining({ via: "sec_xbrl" }) }),
        }),
      ]),
    });
  });

  it("answers a question about a line that is no catalog metric from the filing's table, page and row cited", async () => {
    const request = await rulesAgent.parse("How many fabs did Intel have in fiscal 2020?", { today: "2026-11-30" });
    expect(request.metrics).toEqual([]);
    const slice = await buildSlice(test.db.prisma, request);
    expect(slice.filingLines).toEqual([
      expect.objectContaining({
        ticker: "INTC",
        label: "Number of fabs",
        fiscalYear: 2020,
        fiscalPeriod: "FY",
        value: "12.0000000000",
        unit: "count",
        page: 2,
        line: 8,
        filing: expect.objectContaining({ key: "INTEL_2020_10K", form: "10-K", fiscalYear: 2020, fiscalPeriod: "FY" }),
      }),
    ]);
    // Found lines are the answer's data, so "the question names no metric" is not listed as missing.
    expect(slice.missing).toEqual([]);
    const filingId = slice.filingLines![0]!.filing.id;
    const answer = writeAnalysis(slice);
    // Text from the filing is Markdown-inert (escaped); it renders as printed.
    expect(answer).toContain(
      `- **Number of fabs**, FY2020: 12 (printed 12 under Dec 26\\, 2020, a count); [10\\-K FY2020\\, page 2\\, row \\'Number of fabs\\'](/filings/${filingId}/pages/2?line=8#line-8), table Consolidated Statements of Income.`,
    );
    expect(buildContext(slice).prompt).toContain(
      "- INTC FY2020 Number of fabs: 12.0000000000 count (10-K FY2020, page 2, row 'Number of fabs'; printed 12 (a count) in column Dec 26, 2020;",
    );
    // Another year: the table holds FY2019 too; a year it does not hold finds nothing.
    const earlier = await buildSlice(test.db.prisma, {
      ...request,
      dates: { ...request.dates, fiscal: { year: 2019, period: "FY" } },
    });
    expect(earlier.filingLines?.map((l) => l.value)).toEqual(["11.0000000000"]);
    const none = await buildSlice(test.db.prisma, {
      ...request,
      dates: { ...request.dates, fiscal: { year: 2015, period: "FY" } },
    });
    expect(none.filingLines).toBeUndefined();
  });

  it("shows both when XBRL and the table differ, and /data reports the extraction and the disagreement", async () => {
    // A later XBRL value for FY2020 operating income that the table (300) does not print.
    await insertMetricFacts(
      test.db.prisma,
      [
        {
          ticker: "INTC",
          metricKey: "operating_income",
          periodStart: "2019-12-29",
          periodEnd: "2020-12-26",
          fiscalYear: 2020,
          fiscalPeriod: "FY",
          value: "310000000",
          unit: "USD",
          currency: "USD",
          decimals: -6,
          sourceKind: "sec_xbrl",
          concept: "us-gaap:OperatingIncomeLoss",
          form: "10-K",
          accession: null,
          filedAt: null,
          knownAt: "2022-01-22",
        },
      ],
      await loadIdLookups(test.db.prisma),
      null,
    );
    // A question about fiscal 2020 reads it as its FY2020 10-K reported it: the table's 300, XBRL's later 310 beside it.
    const fiscal2020 = await buildSlice(
      test.db.prisma,
      sliceRequest(["INTC"], ["operating_income", "revenue"], {
        fiscal: { year: 2020, period: "FY" },
        expression: "fiscal 2020",
      }),
    );
    expect(fiscal2020.series.find((s) => s.metricKey === "operating_income")?.points[0]?.value).toBe("300000000");
    const disagreement = {
      ticker: "INTC",
      metricKey: "operating_income",
      fiscalYear: 2020,
      xbrlValue: "310000000.0000000000",
      tableValue: "300000000.0000000000",
      documentKey: "INTEL_2020_10K",
      page: 2,
      line: 6,
      row: "Operating income",
      // XBRL knew it on 2022-01-22, from a filing after the FY2020 10-K: a restatement, shown as such.
      kind: "restated_later",
    };
    // Revenue agrees (1,200 in both): only operating income is listed.
    expect(fiscal2020.tableDisagreements).toEqual([expect.objectContaining({ ...disagreement, used: "table" })]);
    expect(writeAnalysis(fiscal2020)).toContain(
      "XBRL $310,000,000, the filing's table $300,000,000 (used, as reported)",
    );

    // The latest figures read XBRL's restated 310, the table's 300 beside it.
    const slice = await buildSlice(
      test.db.prisma,
      sliceRequest(["INTC"], ["operating_income", "revenue"], { latest: true, expression: "latest" }),
    );
    expect(slice.series.find((s) => s.metricKey === "operating_income")?.points.at(-1)?.value).toBe("310000000");
    expect(slice.tableDisagreements).toEqual([expect.objectContaining({ ...disagreement, used: "xbrl" })]);
    const answer = writeAnalysis(slice);
    expect(answer).toContain("XBRL and the filing's table differ");
    expect(answer).toContain("XBRL $310,000,000 (used), the filing's table $300,000,000");
    expect(answer).toContain("), XBRL from a later filing (restated).");
    expect(buildContext(slice).prompt).toContain(
      "- INTC operating_income FY2020: XBRL 310000000.0000000000 (used); table 300000000.0000000000 (10-K FY2020, page 2, row 'Operating income'; XBRL from a later filing (restated))",
    );

    const overview = await getFactsOverview(test.db.prisma);
    expect(overview.bySource.map((s) => [s.sourceKind, s.values])).toEqual([
      ["filing_table", 11],
      ["sec_xbrl", 2],
    ]);
    expect(overview.extraction).toEqual({
      filings: 1,
      tables: 2,
      rows: 7,
      cells: 14,
      mappedRows: 6,
      mappedCells: 12,
      labels: 7,
      embeddedLabels: 0,
    });
    expect(overview).toMatchObject({ compared: 2, disagreeing: 1 });
    expect(overview.disagreements.map((d) => `${d.metricKey} ${d.fiscalYear}`)).toEqual(["operating_income 2020"]);
  });
});
