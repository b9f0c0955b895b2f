import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, it, expect } from "vitest";
import { companyByTicker } from "@/lib/catalog/companies";
import { conceptIndex } from "@/lib/catalog/metrics";
import { dataDir } from "@/lib/ingest/data-dir";
import { collapseHistory, type ConceptIndex } from "@/lib/ingest/history";
import {
  companyFactsEntity,
  currencyOf,
  exactDecimalOf,
  parseCompanyFacts,
  type SkipReason,
} from "@/lib/ingest/sources/sec-companyfacts";
import type { MetricFact, Parsed } from "@/lib/core/types";

const concepts: ConceptIndex = new Map([
  ["us-gaap:Revenues", { metricKey: "revenue", priority: 1 }],
  ["us-gaap:EarningsPerShareDiluted", { metricKey: "eps_diluted", priority: 0 }],
  ["us-gaap:Assets", { metricKey: "total_assets", priority: 0 }],
  ["dei:EntityCommonStockSharesOutstanding", { metricKey: "shares_outstanding", priority: 1 }],
]);

const filing = { accn: "0000000001-24-000010", fy: 2024, fp: "FY", form: "10-K", filed: "2024-11-01" };

// An invented September-year company; its FY2024 10-K also reports FY2022 (fy 2024, fp FY).
const doc = {
  cik: 1234,
  entityName: "Acme Corp",
  facts: {
    dei: {
      EntityCommonStockSharesOutstanding: {
        label: "Shares",
        description: "",
        units: { shares: [{ end: "2024-10-18", val: 15_000_000, ...filing }] },
      },
      EntityPublicFloat: { units: { USD: [{ end: "2024-03-29", val: 5, ...filing }] } }, // not in the index
    },
    "us-gaap": {
      Revenues: {
        label: "Revenues",
        description: "Revenue",
        units: {
          USD: [
            { start: "2023-10-01", end: "2024-09-28", val: 123_000_000_000, ...filing, frame: "CY2024" },
            { start: "2021-09-26", end: "2022-09-24", val: 111_000_000_000, ...filing },
            { start: "2024-06-30", end: "2024-09-28", val: 33_000_000_000, ...filing },
            { start: "2023-10-01", end: "2024-09-28", val: 123_000_000_000, ...filing, form: "8-K" },
            { start: "2024-08-01", end: "2024-09-28", val: 1, ...filing }, // two months: no period
            { start: "2023-10-01", end: "2024-09-28", val: "391", ...filing }, // malformed
            { end: "2024-13-01", val: 1, ...filing }, // malformed
          ],
        },
      },
      EarningsPerShareDiluted: {
        units: { "USD/shares": [{ start: "2023-10-01", end: "2024-09-28", val: 3.17, ...filing }] },
      },
      Assets: { units: { USD: [{ end: "2024-09-28", val: 222_000_000_000, ...filing, fy: null, fp: null }] } },
      Goodwill: { units: { USD: [{ end: "2024-09-28", val: 1, ...filing }] } }, // not in the index
    },
  },
};

const opts = { file: "acme.json", ticker: "ACME", fiscalYearEndMonth: 9, concepts };
const records = (out: Parsed<MetricFact>[]) => out.flatMap((p) => (p.ok ? [p.record] : []));
const problems = (out: Parsed<MetricFact>[]) => out.flatMap((p) => (p.ok ? [] : [p.problem]));

describe("parseCompanyFacts", () => {
  const skipped: SkipReason[] = [];
  const out = [...parseCompanyFacts(doc, { ...opts, onSkip: (reason) => skipped.push(reason) })];

  it("emits catalog concepts with periods computed from their own dates", () => {
    const revenue = records(out).filter((f) => f.metricKey === "revenue");
    expect(revenue.map((f) => [f.periodStart, f.periodEnd, f.fiscalYear, f.fiscalPeriod, f.value])).toEqual([
      ["2023-10-01", "2024-09-28", 2024, "FY", "123000000000"],
      ["2021-09-26", "2022-09-24", 2022, "FY", "111000000000"], // fy 2024 names the filing, not the period
      ["2024-06-30", "2024-09-28", 2024, "Q4", "33000000000"],
    ]);
  });

  it("fills every field of a fact", () => {
    expect(records(out).find((f) => f.metricKey === "revenue")).toEqual({
      ticker: "ACME",
      metricKey: "revenue",
      periodStart: "2023-10-01",
      periodEnd: "2024-09-28",
      fiscalYear: 2024,
      fiscalPeriod: "FY",
      value: "123000000000",
      unit: "USD",
      currency: "USD",
      decimals: null,
      sourceKind: "sec_companyfacts",
      concept: "us-gaap:Revenues",
      form: "10-K",
      accession: "0000000001-24-000010",
      filedAt: "2024-11-01",
      knownAt: "2024-11-01",
    });
  });

  it("handles per-share values, share counts, instants and dei concepts", () => {
    const byMetric = new Map(records(out).map((f) => [f.metricKey, f]));
    expect(byMetric.get("eps_diluted")).toMatchObject({ value: "3.17", unit: "USD/shares", currency: "USD" });
    expect(byMetric.get("shares_outstanding")).toMatchObject({
      value: "15000000",
      unit: "shares",
      currency: null,
      periodStart: null,
      fiscalYear: 2025,
      fiscalPeriod: "Q1",
      concept: "dei:EntityCommonStockSharesOutstanding",
    });
    expect(byMetric.get("total_assets")).toMatchObject({ periodStart: null, fiscalYear: 2024, fiscalPeriod: "FY" });
    expect(byMetric.has("goodwill")).toBe(false);
  });

  it("reports malformed facts by JSON pointer and parses the rest", () => {
    expect(problems(out)).toEqual([
      { where: "acme.json#/facts/us-gaap/Revenues/units/USD/5", reason: expect.stringContaining("val") },
      { where: "acme.json#/facts/us-gaap/Revenues/units/USD/6", reason: expect.stringContaining("end") },
    ]);
    expect(records(out)).toHaveLength(6);
  });

  it("skips other forms and periods that fit no fiscal period, without problems", () => {
    expect(skipped).toEqual(["form", "period"]);
  });

  it("escapes unit names in JSON pointers and reports a malformed concept once", () => {
    const bad = {
      cik: 1,
      entityName: "X",
      facts: {
        "us-gaap": {
          EarningsPerShareDiluted: { units: { "USD/shares": [{ end: "2024-09-28" }] } },
          Assets: { units: "none" },
        },
      },
    };
    expect(problems([...parseCompanyFacts(bad, opts)]).map((p) => p.where)).toEqual([
      "acme.json#/facts/us-gaap/EarningsPerShareDiluted/units/USD~1shares/0",
      "acme.json#/facts/us-gaap/Assets",
    ]);
  });

  it("reports a document that is not companyfacts as one problem", () => {
    const out = [...parseCompanyFacts({ facts: [] }, opts)];
    expect(out).toHaveLength(1);
    expect(problems(out)[0]?.where).toBe("acme.json#");
  });
});

describe("companyFactsEntity", () => {
  it("pads the CIK to 10 digits", () => {
    expect(companyFactsEntity(doc)).toEqual({ cik: "0000001234", name: "Acme Corp" });
    expect(companyFactsEntity({ cik: "320193", entityName: "Apple Inc." }).cik).toBe("0000320193");
  });

  it("throws on a document without an entity", () => {
    expect(() => companyFactsEntity({ cik: -1 })).toThrow(/companyfacts/);
  });
});

describe("exactDecimalOf", () => {
  it("gives integers and short fractions back as written", () => {
    expect(exactDecimalOf(123456789012)).toBe("123456789012");
    expect(exactDecimalOf(-1234)).toBe("-1234");
    expect(exactDecimalOf(2.57)).toBe("2.57");
    expect(exactDecimalOf(0.1)).toBe("0.1");
    expect(exactDecimalOf(-0.47)).toBe("-0.47");
    expect(exactDecimalOf(0)).toBe("0");
    expect(exactDecimalOf(1e-7)).toBe("0.0000001");
    expect(exactDecimalOf(1.5e-10)).toBe("0.00000000015");
  });

  it("refuses values a double may not have carried exactly", () => {
    expect(exactDecimalOf(2 ** 53)).toBeNull();
    expect(exactDecimalOf(0.1 + 0.2)).toBeNull(); // 0.30000000000000004: 17 digits
    expect(exactDecimalOf(Number.NaN)).toBeNull();
    expect(exactDecimalOf(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe("currencyOf", () => {
  it("finds the currency of monetary units only", () => {
    expect(currencyOf("USD")).toBe("USD");
    expect(currencyOf("USD/shares")).toBe("USD");
    expect(currencyOf("EUR")).toBe("EUR");
    expect(currencyOf("shares")).toBeNull();
    expect(currencyOf("pure")).toBeNull();
  });
});

// Extra checks against the real EDGAR file when ../shared/data is present.
const FOLDER = path.join(dataDir(), "sec_companyfacts_edgartools");

describe.skipIf(!existsSync(FOLDER))("parseCompanyFacts on Apple's real companyfacts", () => {
  const file = "AAPL_CIK0000320193_companyfacts_subset.json";
  const json = existsSync(FOLDER) ? (JSON.parse(readFileSync(path.join(FOLDER, file), "utf8")) as unknown) : null;
  const fiscalYearEndMonth = companyByTicker("AAPL")?.fiscalYearEndMonth ?? 9;
  const options = { file, ticker: "AAPL", fiscalYearEndMonth, concepts: conceptIndex() };
  const out = json === null ? [] : [...parseCompanyFacts(json, options)];
  const history = collapseHistory(records(out), conceptIndex());
  const rows = (metricKey: string, periodStart: string | null, periodEnd: string) =>
    history.filter((f) => f.metricKey === metricKey && f.periodStart === periodStart && f.periodEnd === periodEnd);

  it("parses without problems and names the company", () => {
    expect(problems(out)).toEqual([]);
    expect(records(out).length).toBeGreaterThan(5000);
    expect(companyFactsEntity(json)).toEqual({ cik: "0000320193", name: "Apple Inc." });
  });

  it("gives the FY2024 income statement figures once each", () => {
    const fy2024 = (metricKey: string) => rows(metricKey, "2023-10-01", "2024-09-28");
    expect(fy2024("revenue")).toHaveLength(1);
    expect(fy2024("revenue")[0]).toMatchObject({ value: "391035000000", fiscalYear: 2024, fiscalPeriod: "FY" });
    expect(fy2024("net_income").map((f) => f.value)).toEqual(["93736000000"]);
    expect(fy2024("eps_diluted").map((f) => f.value)).toEqual(["6.08"]);
    expect(rows("revenue", "2022-09-25", "2023-09-30").map((f) => f.value)).toEqual(["383285000000"]);
  });

  it("gives quarterly revenue (Q1 FY2025)", () => {
    expect(rows("revenue", "2024-09-29", "2024-12-28")).toEqual([
      expect.objectContaining({ value: "124300000000", fiscalYear: 2025, fiscalPeriod: "Q1", form: "10-Q" }),
    ]);
  });

  it("dates FY2022 revenue by its period, not by the FY2024 10-K that repeats it", () => {
    const repeated = records(out).find(
      (f) => f.metricKey === "revenue" && f.periodEnd === "2022-09-24" && f.accession === "0000320193-24-000123",
    );
    expect(repeated).toMatchObject({
      periodStart: "2021-09-26",
      fiscalYear: 2022,
      fiscalPeriod: "FY",
      filedAt: "2024-11-01",
    });
    // Its history is the first report only: later 10-Ks repeat the same value.
    expect(rows("revenue", "2021-09-26", "2022-09-24")).toEqual([
      expect.objectContaining({ fiscalYear: 2022, knownAt: "2022-10-28" }),
    ]);
  });
});
