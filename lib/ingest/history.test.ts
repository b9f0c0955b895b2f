import { describe, it, expect } from "vitest";
import { canonicalDecimal, collapseHistory, type ConceptIndex } from "@/lib/ingest/history";
import type { MetricFact } from "@/lib/core/types";

const concepts: ConceptIndex = new Map([
  ["us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", { metricKey: "revenue", priority: 0 }],
  ["us-gaap:Revenues", { metricKey: "revenue", priority: 1 }],
  ["us-gaap:Assets", { metricKey: "total_assets", priority: 0 }],
]);

/** An FY2022 revenue fact as reported by a filing of the given date. */
function fact(knownAt: string, value: string, over: Partial<MetricFact> = {}): MetricFact {
  return {
    ticker: "ACME",
    metricKey: "revenue",
    periodStart: "2022-01-01",
    periodEnd: "2022-12-31",
    fiscalYear: 2022,
    fiscalPeriod: "FY",
    value,
    unit: "USD",
    currency: "USD",
    decimals: null,
    sourceKind: "sec_companyfacts",
    concept: "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
    form: "10-K",
    accession: `acc-${knownAt}`,
    filedAt: knownAt,
    knownAt,
    ...over,
  };
}

const summary = (facts: MetricFact[]) => facts.map((f) => [f.periodEnd, f.knownAt, f.value]);

describe("collapseHistory", () => {
  it("keeps only the first report of a value repeated by later filings", () => {
    const out = collapseHistory(
      [fact("2024-02-01", "100"), fact("2023-02-01", "100"), fact("2025-02-01", "100")],
      concepts,
    );
    expect(summary(out)).toEqual([["2022-12-31", "2023-02-01", "100"]]);
  });

  it("adds a row for a restatement and for a restatement back", () => {
    const out = collapseHistory(
      [fact("2023-02-01", "100"), fact("2024-02-01", "90"), fact("2025-02-01", "90"), fact("2026-02-01", "100")],
      concepts,
    );
    expect(summary(out)).toEqual([
      ["2022-12-31", "2023-02-01", "100"],
      ["2022-12-31", "2024-02-01", "90"],
      ["2022-12-31", "2026-02-01", "100"],
    ]);
  });

  it("picks the preferred concept when one filing reports two", () => {
    const broad = fact("2023-02-01", "120", { concept: "us-gaap:Revenues" });
    const preferred = fact("2023-02-01", "100");
    expect(summary(collapseHistory([broad, preferred], concepts))).toEqual([["2022-12-31", "2023-02-01", "100"]]);
    expect(summary(collapseHistory([preferred, broad], concepts))).toEqual([["2022-12-31", "2023-02-01", "100"]]);
  });

  it("does not count a change of concept with the same value as a restatement", () => {
    const out = collapseHistory(
      [fact("2023-02-01", "100", { concept: "us-gaap:Revenues" }), fact("2024-02-01", "100")],
      concepts,
    );
    expect(out).toHaveLength(1);
  });

  it("keeps periods, metrics and tickers apart and sorts them", () => {
    const q4 = { periodStart: "2022-10-01", fiscalPeriod: "Q4" as const };
    const out = collapseHistory(
      [
        fact("2023-02-01", "100"),
        fact("2023-02-01", "30", q4),
        fact("2023-02-01", "5", { metricKey: "total_assets", concept: "us-gaap:Assets", periodStart: null }),
        fact("2023-02-01", "7", { ticker: "ABC" }),
        fact("2022-02-01", "80", { periodStart: "2021-01-01", periodEnd: "2021-12-31" }),
      ],
      concepts,
    );
    expect(out.map((f) => [f.ticker, f.metricKey, f.periodStart, f.periodEnd, f.value])).toEqual([
      ["ABC", "revenue", "2022-01-01", "2022-12-31", "7"],
      ["ACME", "revenue", "2021-01-01", "2021-12-31", "80"],
      ["ACME", "revenue", "2022-01-01", "2022-12-31", "100"],
      ["ACME", "revenue", "2022-10-01", "2022-12-31", "30"],
      ["ACME", "total_assets", null, "2022-12-31", "5"],
    ]);
  });

  it("tells filings without accession apart by when they became known, ties broken by accession", () => {
    const out = collapseHistory(
      [
        fact("2024-01-01", "90", { accession: null }),
        fact("2023-01-01", "100", { accession: null }),
        fact("2023-01-01", "95", { accession: null, concept: "us-gaap:Revenues" }), // same filing, lower priority
        fact("2025-01-01", "90", { accession: "b" }),
        fact("2025-01-01", "80", { accession: "a" }),
      ],
      concepts,
    );
    expect(summary(out)).toEqual([
      ["2022-12-31", "2023-01-01", "100"],
      ["2022-12-31", "2024-01-01", "90"],
      ["2022-12-31", "2025-01-01", "80"],
      ["2022-12-31", "2025-01-01", "90"],
    ]);
  });

  it("compares values as decimals, not text", () => {
    expect(collapseHistory([fact("2023-01-01", "6.08"), fact("2024-01-01", "6.080")], concepts)).toHaveLength(1);
  });
});

describe("canonicalDecimal", () => {
  it("drops redundant zeros and signs", () => {
    expect(canonicalDecimal("6.080")).toBe("6.08");
    expect(canonicalDecimal("007")).toBe("7");
    expect(canonicalDecimal("-0.00")).toBe("0");
    expect(canonicalDecimal("-12.50")).toBe("-12.5");
    expect(canonicalDecimal("100")).toBe("100");
    expect(canonicalDecimal("0.5")).toBe("0.5");
  });
});

describe("collapseHistory with XBRL precision", () => {
  it("does not take a coarser rounding of the same value for a restatement", () => {
    const precise = fact("2024-09-28", "96662000000", { decimals: -6, accession: null });
    const rounded = fact("2025-06-28", "96700000000", { decimals: -8, accession: null });
    const changed = fact("2026-06-28", "96800000000", { decimals: -8, accession: null });
    expect(summary(collapseHistory([precise, rounded, changed], concepts))).toEqual([
      ["2022-12-31", "2024-09-28", "96662000000"],
      ["2022-12-31", "2026-06-28", "96800000000"],
    ]);
  });

  it("compares exactly when a precision is unknown", () => {
    const precise = fact("2024-09-28", "96662000000", { decimals: -6 });
    const rounded = fact("2025-06-28", "96700000000", { decimals: null });
    expect(collapseHistory([precise, rounded], concepts)).toHaveLength(2);
  });
});
