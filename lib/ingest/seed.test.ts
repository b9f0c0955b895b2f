// The committed seed, loaded into real databases the way the app loads it on first start, must hold
// exactly the figures the SEC reports. Checked by hand against Apple's 10-Ks.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "@/lib/ingest/prepare";
import { readMetricValues } from "@/lib/db/queries/metric-values";
import { testBackends, type TestDatabase } from "@/test/db";
import { dataDir, hasDataDir } from "./data-dir";
import { silentProgress } from "@/lib/core/progress";
import { runIngest } from "./run";

const CORE_TICKERS =
  "AAPL MSFT AMZN GOOGL META NVDA TSLA NFLX ADBE CRM IBM INTC AMD ORCL JPM WFC V MA AXP PYPL JNJ PFE UNH ABBV CVS KO PEP PG WMT COST HD MCD NKE BBY BA MMM UNP LMT VZ XOM CVX".split(
    " ",
  );

describe.each(testBackends())("the committed seed on $name", (backend) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await backend.open();
    const result = await prepareDatabase(test.db);
    expect(result.seedLoaded).toBe(true);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  const annual = (ticker: string, metricKey: string, periodEnd: string) =>
    readMetricValues(test.db.prisma, {
      tickers: [ticker],
      metricKeys: [metricKey],
      from: periodEnd,
      to: periodEnd,
    }).then((rows) => rows.filter((r) => r.fiscalPeriod === "FY"));

  it("holds the 41 core companies with CIKs and sectors", async () => {
    const companies = await test.db.prisma.company.findMany({ where: { ticker: { in: CORE_TICKERS } } });
    expect(companies).toHaveLength(41);
    expect(companies.find((c) => c.ticker === "AAPL")).toMatchObject({
      cik: "0000320193",
      name: "Apple Inc.",
      sector: "Information Technology",
      fiscalYearEndMonth: 9,
    });
    expect(companies.every((c) => c.cik && c.sector)).toBe(true);
    const aliases = await test.db.prisma.companyAlias.findMany({ where: { company: { ticker: "META" } } });
    expect(aliases.map((a) => a.alias)).toContain("Facebook");
  });

  it("gives Apple's FY2024 and FY2023 figures exactly as filed", async () => {
    const [revenue2024] = await annual("AAPL", "revenue", "2024-09-28");
    expect(revenue2024).toMatchObject({
      value: "391035000000",
      unit: "USD",
      currency: "USD",
      periodStart: "2023-10-01",
      fiscalYear: 2024,
      sourceForm: "10-K",
      sourceAccession: "0000320193-24-000123",
      sourceFiledAt: "2024-11-01",
    });
    expect((await annual("AAPL", "net_income", "2024-09-28"))[0]?.value).toBe("93736000000");
    expect((await annual("AAPL", "eps_diluted", "2024-09-28"))[0]).toMatchObject({ value: "6.08", unit: "USD/shares" });
    expect((await annual("AAPL", "revenue", "2023-09-30"))[0]?.value).toBe("383285000000");
  });

  it("names a period's fiscal year by its own dates, not by the filing that repeated it", async () => {
    const [fy2022] = await annual("AAPL", "revenue", "2022-09-24");
    expect(fy2022).toMatchObject({ value: "394328000000", fiscalYear: 2022 });
    const [q1fy2025] = await readMetricValues(test.db.prisma, {
      tickers: ["AAPL"],
      metricKeys: ["revenue"],
      from: "2024-12-28",
      to: "2024-12-28",
    });
    expect(q1fy2025).toMatchObject({
      value: "124300000000",
      fiscalYear: 2025,
      fiscalPeriod: "Q1",
      periodStart: "2024-09-29",
    });
    const [nvda] = await annual("NVDA", "revenue", "2025-01-26");
    expect(nvda?.fiscalYear).toBe(2025);
  });

  it("keeps Apple's 2010 restatement as history and reads the latest value", async () => {
    const [fy2009] = await annual("AAPL", "revenue", "2009-09-26");
    expect(fy2009?.value).toBe("42905000000");
    const [asFirstFiled] = (
      await readMetricValues(test.db.prisma, {
        tickers: ["AAPL"],
        metricKeys: ["revenue"],
        from: "2009-09-26",
        to: "2009-09-26",
        asOf: new Date("2009-12-31"),
      })
    ).filter((r) => r.fiscalPeriod === "FY");
    expect(asFirstFiled?.value).toBe("36537000000");
  });

  it("adds companies from the XBRL fact tables", async () => {
    expect((await annual("KO", "revenue", "2024-12-31"))[0]?.value).toBe("47061000000");
    expect((await annual("KO", "net_income", "2024-12-31"))[0]?.value).toBe("10631000000");
  });

  it("holds daily prices from both sources, as traded and adjusted", async () => {
    const rows = await test.db.prisma.dailyPrice.findMany({
      where: { company: { ticker: "AAPL" }, date: new Date("2020-01-02") },
      orderBy: { source: "asc" },
    });
    expect(rows.map((r) => [r.source, r.close?.toString() ?? null, r.adjClose?.toString() ?? null])).toEqual([
      ["alphavantage", "300.35", "74.3321507018"],
      ["yfinance", null, "72.6208"],
    ]);
    const tickers = await test.db.prisma.dailyPrice.groupBy({ by: ["companyId"], where: { source: "yfinance" } });
    expect(tickers.length).toBe(41);
  });

  it("loads once: a second start skips it and a forced reload inserts nothing", async () => {
    expect((await prepareDatabase(test.db)).seedLoaded).toBe(false);
    const again = await runIngest(test.db, "seed", [], silentProgress);
    expect(again).toMatchObject({ inserted: 0, rejected: 0 });
    expect(again.unchanged).toBe(again.read);
  });
});

describe.skipIf(!hasDataDir())("ingesting the SEC file itself", () => {
  it("gives the same Apple figures as the seed", async () => {
    const [backend] = testBackends();
    const test = await backend!.open();
    try {
      await prepareDatabase(test.db);
      const file = path.join(dataDir(), "sec_companyfacts_edgartools/AAPL_CIK0000320193_companyfacts_subset.json");
      const summary = await runIngest(test.db, "companyfacts", [file], silentProgress);
      expect(summary).toMatchObject({ inserted: 0, rejected: 0 });
      expect(summary.unchanged).toBeGreaterThan(3000);
    } finally {
      await test.dispose();
    }
  });
});
