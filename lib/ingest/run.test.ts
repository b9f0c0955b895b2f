// Ingestion against real databases: append-only history, idempotent re-runs, precise rejects, and
// whole batches only when a run dies midway.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareSchema } from "@/lib/ingest/prepare";
import { upsertCompanies } from "@/lib/db/queries/companies";
import { insertMetricFacts, loadIdLookups, readMetricValues } from "@/lib/db/queries/metric-values";
import { testBackends, type TestDatabase } from "@/test/db";
import { silentProgress } from "@/lib/core/progress";
import { runIngest } from "./run";
import type { MetricFact } from "@/lib/core/types";
import { emptyTotals, writeInBatches } from "./write";

const CIK = "0000000042";
const dir = mkdtempSync(path.join(tmpdir(), "fg-ingest-"));

/** A companyfacts file in EDGAR's format for an invented company with a December year end. */
function companyFactsFile(): string {
  const annual = (val: number | string, fy: number, filed: string, accn: string) => ({
    start: "2022-01-01",
    end: "2022-12-31",
    val,
    accn,
    fy,
    fp: "FY",
    form: "10-K",
    filed,
  });
  const json = {
    cik: 42,
    entityName: "Example Widgets Inc.",
    facts: {
      "us-gaap": {
        Revenues: {
          label: "Revenues",
          description: "",
          units: {
            USD: [
              annual(1000, 2022, "2023-02-01", "0000000042-23-000001"),
              annual(1000, 2023, "2024-02-01", "0000000042-24-000001"), // repeated as a comparative
              annual(1100, 2024, "2025-02-01", "0000000042-25-000001"), // restated
              annual("abc", 2024, "2025-02-01", "0000000042-25-000002"), // malformed
              {
                start: "2023-01-01",
                end: "2023-03-31",
                val: 300,
                accn: "0000000042-23-000002",
                fy: 2023,
                fp: "Q1",
                form: "10-Q",
                filed: "2023-05-01",
              },
              {
                start: "2023-01-01",
                end: "2023-03-31",
                val: 300,
                accn: "0000000042-23-000003",
                fy: 2023,
                fp: "Q1",
                form: "8-K",
                filed: "2023-04-20",
              },
            ],
          },
        },
        EarningsPerShareDiluted: {
          label: "EPS",
          description: "",
          units: {
            "USD/shares": [
              {
                start: "2022-01-01",
                end: "2022-12-31",
                val: 6.08,
                accn: "0000000042-23-000001",
                fy: 2022,
                fp: "FY",
                form: "10-K",
                filed: "2023-02-01",
              },
            ],
          },
        },
      },
    },
  };
  const file = path.join(dir, "CIK0000000042.json");
  writeFileSync(file, JSON.stringify(json));
  return file;
}

function priceFile(): string {
  const file = path.join(dir, "prices.csv");
  writeFileSync(
    file,
    [
      "date,ticker,open,high,low,close_adj,volume",
      "2024-01-02,EXW,10.5,11,10,10.75,1000",
      "2024-01-03,EXW,10.75,11.25,not-a-price,11,1200",
      "2024-01-04,EXW,11,11.5,10.9,11.4,900",
    ].join("\n"),
  );
  return file;
}

describe.each(testBackends())("ingestion on $name", (backend) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await backend.open();
    await prepareSchema(test.db);
    await upsertCompanies(test.db.prisma, [
      {
        ticker: "EXW",
        cik: CIK,
        name: "Example Widgets Inc.",
        sector: "Industrials",
        industry: null,
        exchange: "NYSE",
        currency: "USD",
        fiscalYearEndMonth: 12,
        aliases: [],
      },
    ]);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it("stores first reports and restatements, and reports a malformed fact by its JSON path", async () => {
    const file = companyFactsFile();
    const summary = await runIngest(test.db, "companyfacts", [file], silentProgress);
    // FY2022 revenue 1000 then restated 1100, Q1 2023 revenue, FY2022 EPS; the 8-K fact is not a filing we keep.
    expect(summary.inserted).toBe(4);
    expect(summary.rejected).toBe(1);
    expect(summary.problems[0]!.where).toBe(`${file}#/facts/us-gaap/Revenues/units/USD/3`);
    const run = await test.db.prisma.ingestRun.findUniqueOrThrow({ where: { id: summary.runId } });
    expect(run).toMatchObject({ status: "partial", rowsInserted: 4, rowsRejected: 1 });
  });

  it("reads the latest value by default and the value known at a past date on request", async () => {
    const query = { tickers: ["EXW"], metricKeys: ["revenue"], from: "2022-12-31", to: "2022-12-31" };
    const [latest] = await readMetricValues(test.db.prisma, query);
    expect(latest).toMatchObject({
      value: "1100",
      fiscalYear: 2022,
      fiscalPeriod: "FY",
      sourceAccession: "0000000042-25-000001",
    });
    const [known] = await readMetricValues(test.db.prisma, { ...query, asOf: new Date("2024-06-01") });
    expect(known).toMatchObject({ value: "1000", sourceAccession: "0000000042-23-000001" });
    const history = await test.db.prisma.metricValue.count({
      where: { company: { ticker: "EXW" }, metric: { key: "revenue" }, periodStart: new Date("2022-01-01") },
    });
    expect(history).toBe(2);
    const [eps] = await readMetricValues(test.db.prisma, { tickers: ["EXW"], metricKeys: ["eps_diluted"] });
    expect(eps).toMatchObject({ value: "6.08", unit: "USD/shares", currency: "USD" });
  });

  it("inserts nothing when the same file is ingested again", async () => {
    const summary = await runIngest(test.db, "companyfacts", [companyFactsFile()], silentProgress);
    expect(summary).toMatchObject({ inserted: 0, unchanged: 4, rejected: 1 });
  });

  it("lands valid price rows and rejects a bad one with file and line", async () => {
    const file = priceFile();
    const summary = await runIngest(test.db, "prices", [file], silentProgress);
    expect(summary).toMatchObject({ inserted: 2, rejected: 1 });
    expect(summary.problems[0]!.where).toBe(`${file}:3`);
    const again = await runIngest(test.db, "prices", [file], silentProgress);
    expect(again).toMatchObject({ inserted: 0, unchanged: 2 });
  });

  it("reports a file it cannot read or parse without stopping the others", async () => {
    const broken = path.join(dir, "broken.json");
    writeFileSync(broken, "{ not json");
    const summary = await runIngest(
      test.db,
      "companyfacts",
      [path.join(dir, "missing.json"), broken, companyFactsFile()],
      silentProgress,
    );
    expect(summary.problems.map((p) => p.where)).toEqual(
      expect.arrayContaining([path.join(dir, "missing.json"), broken]),
    );
    expect(summary.unchanged).toBe(4);
  });

  it("keeps whole batches only when a run dies midway, and a rerun finishes the job", async () => {
    const ids = await loadIdLookups(test.db.prisma);
    const fact = (year: number, value: string): MetricFact => ({
      ticker: "EXW",
      metricKey: "net_income",
      periodStart: `${year}-01-01`,
      periodEnd: `${year}-12-31`,
      fiscalYear: year,
      fiscalPeriod: "FY",
      value,
      unit: "USD",
      currency: "USD",
      decimals: -6,
      sourceKind: "sec_companyfacts",
      concept: "us-gaap:NetIncomeLoss",
      form: "10-K",
      accession: `acc-${year}`,
      filedAt: `${year + 1}-02-01`,
      knownAt: `${year + 1}-02-01`,
    });
    // numeric(38,10) holds 28 integer digits: the second batch's 30-digit value makes Postgres fail it.
    const records = [fact(2010, "1"), fact(2011, "2"), fact(2012, "3"), fact(2013, "9".repeat(30))];
    const runId = (await test.db.prisma.ingestRun.create({ data: { source: "test", paths: [] } })).id;
    const write = (tx: Parameters<typeof insertMetricFacts>[0], batch: readonly MetricFact[]) =>
      insertMetricFacts(tx, batch, ids, runId);
    await expect(
      writeInBatches({
        prisma: test.db.prisma,
        runId,
        records,
        write,
        progress: silentProgress,
        label: "t",
        totals: emptyTotals(),
        batchSize: 2,
      }),
    ).rejects.toThrow();
    const stored = await readMetricValues(test.db.prisma, { tickers: ["EXW"], metricKeys: ["net_income"] });
    expect(stored.map((v) => v.value)).toEqual(["1", "2"]);
    const counted = await test.db.prisma.ingestRun.findUniqueOrThrow({ where: { id: runId } });
    expect(counted).toMatchObject({ rowsRead: 2, rowsInserted: 2 });

    records[3] = fact(2013, "4");
    const totals = emptyTotals();
    await writeInBatches({
      prisma: test.db.prisma,
      runId,
      records,
      write,
      progress: silentProgress,
      label: "t",
      totals,
      batchSize: 2,
    });
    expect(totals).toMatchObject({ inserted: 2, unchanged: 2 });
    const after = await readMetricValues(test.db.prisma, { tickers: ["EXW"], metricKeys: ["net_income"] });
    expect(after.map((v) => v.value)).toEqual(["1", "2", "3", "4"]);
  });
});
