// Ties, cut-offs and currencies on a small dataset inserted into a real database (the seed has no
// exact ties and is all in US dollars): revenue for fiscal 2023 of six made-up beverage companies.
import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { prepareSchema } from "@/lib/ingest/prepare";
import { testBackends } from "@/test/db";
import { sliceDatabase, sliceRequest } from "@/test/data";

const COMPANIES = [
  { ticker: "TIEA", revenue: "200", currency: "USD" },
  { ticker: "TIEB", revenue: "200.0", currency: "USD" },
  { ticker: "TIEC", revenue: "150.25", currency: "USD" },
  { ticker: "TIED", revenue: "150.25", currency: "USD" },
  { ticker: "TIEE", revenue: "90", currency: "USD" },
  { ticker: "EURO", revenue: "500", currency: "EUR" },
] as const;

const BEVERAGES = { kind: "industry", industry: "Beverages", span: null, confidence: 1 } as const;
const FY2023 = { fiscal: { year: 2023, period: "FY" as const }, granularity: "annual" as const };

/** The schema and the companies above, each with its fiscal 2023 revenue. */
async function insertBeverages(db: Database): Promise<void> {
  await prepareSchema(db);
  const { prisma } = db;
  const revenue = await prisma.metric.findUniqueOrThrow({ where: { key: "revenue" } });
  for (const c of COMPANIES) {
    const company = await prisma.company.create({
      data: {
        ticker: c.ticker,
        name: `${c.ticker} Drinks Inc.`,
        sector: "Consumer Staples",
        industry: "Beverages",
        currency: c.currency,
      },
    });
    await prisma.metricValue.create({
      data: {
        companyId: company.id,
        metricId: revenue.id,
        periodStart: new Date("2023-01-01"),
        periodEnd: new Date("2023-12-31"),
        fiscalYear: 2023,
        fiscalPeriod: "FY",
        value: c.revenue,
        unit: c.currency,
        currency: c.currency,
        sourceKind: "sec_xbrl",
        sourceForm: "10-K",
        updatedAt: new Date("2024-02-01"),
      },
    });
  }
}

describe.each(testBackends())("rankings with ties and currencies on $name", (backend) => {
  const { slice } = sliceDatabase(backend, insertBeverages, { seed: false });

  it("gives equal values the same rank, says so, and keeps every company tied at the cut-off", async () => {
    const result = await slice(
      sliceRequest([BEVERAGES], ["revenue"], FY2023, undefined, { rank: { n: 3, order: "desc" } }),
    );
    const ranking = result.ranking!;
    // 200 and 200.0 are the same value; 150.25 twice shares rank 3, so the top 3 shows four companies.
    expect(ranking.entries.map((e) => [e.rank, e.ticker, e.value, e.tied])).toEqual([
      [1, "TIEA", "200", true],
      [1, "TIEB", "200", true],
      [3, "TIEC", "150.25", true],
      [3, "TIED", "150.25", true],
    ]);
    expect(ranking.ties).toEqual([
      { rank: 1, tickers: ["TIEA", "TIEB"] },
      { rank: 3, tickers: ["TIEC", "TIED"] },
    ]);
    expect(ranking.notes).toContain("4 companies are shown for the top 3: companies tied at rank 3 are all included");
  });

  it("never compares values in different currencies: the other currency is listed apart", async () => {
    const result = await slice(
      sliceRequest([BEVERAGES], ["revenue"], FY2023, undefined, { rank: { n: null, order: "asc" } }),
    );
    const ranking = result.ranking!;
    expect(ranking.currency).toBe("USD");
    expect(ranking.entries.map((e) => [e.rank, e.ticker])).toEqual([
      [1, "TIEE"],
      [2, "TIEC"],
      [2, "TIED"],
      [4, "TIEA"],
      [4, "TIEB"],
    ]);
    expect(ranking.universe).toMatchObject({ considered: 6, withData: 6, lacking: [] });
    expect(ranking.universe.notCompared).toEqual([
      {
        ticker: "EURO",
        companyName: "EURO Drinks Inc.",
        reason: "EURO reports revenue in EUR, not USD; values in different currencies are not compared (no conversion)",
      },
    ]);
  });

  it("screens exactly at the threshold; a threshold in euros compares only values in euros", async () => {
    const atLeast = await slice(
      sliceRequest([BEVERAGES], ["revenue"], FY2023, undefined, {
        screen: { metricKey: "revenue", op: ">=", value: "150.25" },
      }),
    );
    expect(atLeast.ranking!.entries.map((e) => e.ticker)).toEqual(["TIEA", "TIEB", "TIEC", "TIED"]);
    const over = await slice(
      sliceRequest([BEVERAGES], ["revenue"], FY2023, undefined, {
        screen: { metricKey: "revenue", op: ">", value: "$150.25" },
      }),
    );
    expect(over.ranking!.entries.map((e) => e.ticker)).toEqual(["TIEA", "TIEB"]);
    expect(over.ranking!.screen).toMatchObject({ threshold: "150.25", passed: 2 });
    const euros = await slice(
      sliceRequest([BEVERAGES], ["revenue"], FY2023, undefined, {
        screen: { metricKey: "revenue", op: ">", value: "€100" },
      }),
    );
    // A threshold in euros ranks the companies reporting in euros, and sets the others apart.
    expect(euros.ranking!.currency).toBe("EUR");
    expect(euros.ranking!.entries.map((e) => [e.ticker, e.value])).toEqual([["EURO", "500"]]);
    expect(euros.ranking!.universe.notCompared.map((g) => g.ticker)).toEqual(["TIEA", "TIEB", "TIEC", "TIED", "TIEE"]);
  });
});
