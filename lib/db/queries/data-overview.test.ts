import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends, type TestDatabase } from "@/test/db";
import { METRICS } from "@/lib/catalog/metrics";
import { getDataOverview } from "./data-overview";

describe.each(testBackends())("the data overview on $name", (backend) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await backend.openSeeded();
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it("counts what the seed put in and describes each company's coverage", async () => {
    const overview = await getDataOverview(test.db.prisma);
    const facts = await test.db.prisma.metricValue.count();
    const prices = await test.db.prisma.dailyPrice.count();
    expect(overview.totals).toMatchObject({
      companies: 44,
      metrics: METRICS.length,
      metricValueRows: facts,
      dailyPriceRows: prices,
      ingestRuns: 1,
    });
    expect(overview.totals.currentMetricValues).toBeLessThan(facts);
    const apple = overview.companies.find((c) => c.ticker === "AAPL");
    expect(apple).toMatchObject({
      name: "Apple Inc.",
      fiscalYearEndMonth: 9,
      firstPriceDate: "2015-01-02",
      lastPriceDate: "2025-07-24",
    });
    expect(apple!.firstFiscalYear).toBeLessThanOrEqual(2009);
    expect(apple!.lastFiscalYear).toBe(2026);
    const cvx = overview.companies.find((c) => c.ticker === "CVX");
    expect(cvx).toMatchObject({ currentMetricValues: 0, firstFiscalYear: null });
    expect(overview.metrics.find((m) => m.key === "revenue")?.aliases).toContain("sales");
    expect(overview.ingestRuns[0]).toMatchObject({ source: "seed", status: "succeeded", rowsRejected: 0 });
  });
});
