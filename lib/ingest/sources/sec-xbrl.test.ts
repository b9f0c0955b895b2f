import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, it, expect } from "vitest";
import { companyByTicker } from "@/lib/catalog/companies";
import { conceptIndex } from "@/lib/catalog/metrics";
import { dataDir } from "@/lib/ingest/data-dir";
import { collapseHistory, type ConceptIndex } from "@/lib/ingest/history";
import { documentDate, parseXbrlFactsCsv, xbrlCompanies, type XbrlSkipReason } from "@/lib/ingest/sources/sec-xbrl";
import type { MetricFact, Parsed } from "@/lib/core/types";

const concepts: ConceptIndex = new Map([
  ["us-gaap:Revenues", { metricKey: "revenue", priority: 1 }],
  ["us-gaap:EarningsPerShareDiluted", { metricKey: "eps_diluted", priority: 0 }],
  ["us-gaap:Assets", { metricKey: "total_assets", priority: 0 }],
]);

const HEADER =
  "ticker,cik,form,document_period_end,fiscal_year_focus,fiscal_period_focus,concept,period_type,start,end,unit,value,decimals";
// Invented numbers for an invented calendar-year company (ACME) and a September one (SEPT).
const CSV = [
  HEADER,
  'ACME,0000001234,10-K,"December\u00a031, 2024",2024,FY,us-gaap:Revenues,duration,2024-01-01,2024-12-31,USD,51234000000,-6',
  'ACME,0000001234,10-K,"December 31, 2024",2024,FY,us-gaap:Revenues,duration,2022-01-01,2022-12-31,USD,48765000000,-6',
  'ACME,0000001234,10-K,"December 31, 2024",2024,FY,us-gaap:EarningsPerShareDiluted,duration,2024-01-01,2024-12-31,USD/shares,2.46,2',
  'ACME,0000001234,10-K,"December 31, 2024",2024,FY,us-gaap:Assets,instant,,2024-12-31,USD,100,INF',
  'ACME,0000001234,10-K,"December 31, 2024",2024,FY,acme:Special,duration,2024-01-01,2024-12-31,USD,1e-05,INF',
  'ACME,0000001234,10-K,"December 31, 2024",2024,FY,us-gaap:Revenues,duration,2024-11-01,2024-12-31,USD,5,-6',
  'ACME,0000001234,10-K,"December 31, 2024",2024,FY,us-gaap:Revenues,duration,2024-01-01,2024-12-31,USD,1e-05,INF',
  'ACME,0000001234,10-K,"December 31, 2024",2024,FY,us-gaap:Assets,instant,,2024-02-30,USD,100,-6',
  'ACME,0000001234,10-K,"Sometime",2024,FY,us-gaap:Assets,instant,,2024-12-31,USD,100,-6',
  'ACME,0000001234,10-K,"December 31, 2024",2024,FY,us-gaap:Assets,instant,,2024-12-31,USD,100,millions',
  "ACME,0000001234,10-K,too,few",
  "UNKN,0000009999,10-K,2024-12-31,2024,FY,us-gaap:Assets,instant,,2024-12-31,USD,100,-6",
  "SEPT,320193,10-Q,2010-06-26,2010,Q3,us-gaap:Revenues,duration,2009-09-27,2010-06-26,USD,44000000000,-6",
  "SEPT,320193,8-K,2010-06-26,2010,Q3,us-gaap:Revenues,duration,2009-09-27,2010-06-26,USD,44000000000,-6",
].join("\r\n");

const fiscalYearEndMonth = (ticker: string) => ({ ACME: 12, SEPT: 9 })[ticker];
const records = (out: Parsed<MetricFact>[]) => out.flatMap((p) => (p.ok ? [p.record] : []));
const problems = (out: Parsed<MetricFact>[]) => out.flatMap((p) => (p.ok ? [] : [p.problem]));

describe("parseXbrlFactsCsv", () => {
  const skipped: XbrlSkipReason[] = [];
  const out = [
    ...parseXbrlFactsCsv(CSV, { file: "f.csv", fiscalYearEndMonth, concepts, onSkip: (r) => skipped.push(r) }),
  ];

  it("maps catalog concepts to facts with computed fiscal periods", () => {
    expect(
      records(out).map((f) => [f.ticker, f.metricKey, f.periodEnd, f.fiscalYear, f.fiscalPeriod, f.value]),
    ).toEqual([
      ["ACME", "revenue", "2024-12-31", 2024, "FY", "51234000000"],
      ["ACME", "revenue", "2022-12-31", 2022, "FY", "48765000000"],
      ["ACME", "eps_diluted", "2024-12-31", 2024, "FY", "2.46"],
      ["ACME", "total_assets", "2024-12-31", 2024, "FY", "100"],
      ["SEPT", "revenue", "2010-06-26", 2010, "M9", "44000000000"],
    ]);
  });

  it("fills every field, with the document period end as the earliest known date", () => {
    expect(records(out)[1]).toEqual({
      ticker: "ACME",
      metricKey: "revenue",
      periodStart: "2022-01-01",
      periodEnd: "2022-12-31",
      fiscalYear: 2022,
      fiscalPeriod: "FY",
      value: "48765000000",
      unit: "USD",
      currency: "USD",
      decimals: -6,
      sourceKind: "sec_xbrl",
      concept: "us-gaap:Revenues",
      form: "10-K",
      accession: null,
      filedAt: null,
      knownAt: "2024-12-31",
    });
    expect(records(out)[3]).toMatchObject({ periodStart: null, decimals: null });
    expect(records(out)[2]).toMatchObject({ unit: "USD/shares", currency: "USD", decimals: 2 });
  });

  it("reports malformed rows of catalog concepts as file:line", () => {
    expect(problems(out)).toEqual([
      { where: "f.csv:8", reason: 'value "1e-05" is not a plain decimal' },
      { where: "f.csv:9", reason: 'end "2024-02-30" is not a YYYY-MM-DD date' },
      { where: "f.csv:10", reason: 'document_period_end "Sometime" is not a date' },
      { where: "f.csv:11", reason: 'decimals "millions" is not an integer or INF' },
      { where: "f.csv:12", reason: "expected 13 fields, found 5" },
    ]);
  });

  it("skips other concepts silently and counts other skips", () => {
    expect(skipped).toEqual(["period", "company", "form"]);
  });

  it("reports a header without the needed columns once", () => {
    const bad = [...parseXbrlFactsCsv("ticker,value\nA,1\n", { file: "g.csv", fiscalYearEndMonth, concepts })];
    expect(problems(bad)).toEqual([{ where: "g.csv:1", reason: expect.stringContaining("document_period_end") }]);
  });
});

describe("documentDate", () => {
  it("reads the cover-page date styles found in filings", () => {
    expect(documentDate("September 28, 2024")).toBe("2024-09-28");
    expect(documentDate("December\u00a031, 2024")).toBe("2024-12-31");
    expect(documentDate("JUNE\u00a030, 2025")).toBe("2025-06-30");
    expect(documentDate("MAY 31, 2025")).toBe("2025-05-31");
    expect(documentDate("2010-09-25")).toBe("2010-09-25");
    expect(documentDate("February 30, 2025")).toBeNull();
    expect(documentDate("Smarch 1, 2025")).toBeNull();
  });
});

describe("xbrlCompanies", () => {
  it("lists each company once with a 10-digit CIK", () => {
    expect(xbrlCompanies(CSV)).toEqual([
      { ticker: "ACME", cik: "0000001234" },
      { ticker: "UNKN", cik: "0000009999" },
      { ticker: "SEPT", cik: "0000320193" },
    ]);
  });
});

// Extra checks against the real fact tables when ../shared/data is present.
const FOLDER = path.join(dataDir(), "sec_10k_10q_ixbrl_edgartools");

describe.skipIf(!existsSync(FOLDER))("parseXbrlFactsCsv on the real fact tables", () => {
  const fiscalYearEndMonth = (ticker: string) => companyByTicker(ticker)?.fiscalYearEndMonth;
  const parse = (file: string) => {
    const text = readFileSync(path.join(FOLDER, file), "utf8");
    return { text, out: [...parseXbrlFactsCsv(text, { file, fiscalYearEndMonth, concepts: conceptIndex() })] };
  };
  const period = (facts: MetricFact[], ticker: string, metricKey: string, start: string, end: string) =>
    facts.filter(
      (f) => f.ticker === ticker && f.metricKey === metricKey && f.periodStart === start && f.periodEnd === end,
    );

  it("maps the inline XBRL table without problems", () => {
    const { text, out } = parse("ixbrl_facts_nondimensional.csv");
    expect(problems(out)).toEqual([]);
    // 5,235 facts with the catalog of this writing; the catalog only grows.
    expect(records(out).length).toBeGreaterThanOrEqual(5000);
    expect(xbrlCompanies(text)).toContainEqual({ ticker: "KO", cik: "0000021344" });

    const history = collapseHistory(records(out), conceptIndex());
    const ko2024 = (metricKey: string) => period(history, "KO", metricKey, "2024-01-01", "2024-12-31");
    expect(ko2024("revenue")).toEqual([
      expect.objectContaining({ value: "47061000000", fiscalYear: 2024, fiscalPeriod: "FY", decimals: -6 }),
    ]);
    expect(ko2024("revenue")[0]?.knownAt).toBe("2024-12-31");
    expect(ko2024("net_income").map((f) => f.value)).toEqual(["10631000000"]);
    expect(period(history, "AAPL", "revenue", "2023-10-01", "2024-09-28")).toEqual([
      expect.objectContaining({ value: "391035000000", fiscalYear: 2024, fiscalPeriod: "FY" }),
    ]);
  });

  it("maps the XBRL instance table without problems", () => {
    const { out } = parse("xbrl_instance_facts_nondimensional.csv");
    expect(problems(out)).toEqual([]);
    // 3,229 facts with the catalog of this writing.
    expect(records(out).length).toBeGreaterThanOrEqual(3000);
    const apple2010 = period(records(out), "AAPL", "revenue", "2009-09-27", "2010-09-25");
    expect(apple2010.length).toBeGreaterThan(0);
    expect(apple2010[0]).toMatchObject({ fiscalYear: 2010, fiscalPeriod: "FY", knownAt: "2010-09-25" });
  });
});
