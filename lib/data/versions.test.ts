// Which version of a period a series reads: rounding is no restatement, one concept per company and
// metric over the periods read (issue 30, item 3), and a filing's own period (item 4).
import { describe, expect, it } from "vitest";
import type { StoredMetricValue } from "@/lib/db/queries/metric-values";
import { filingsOfValues, measureOf, oneConceptRows, ownFilingOf, sameUpToRounding } from "./versions";

const RFC = "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax";
const REVENUES = "us-gaap:Revenues";

function version(
  fiscalYear: number,
  value: string,
  concept: string,
  knownOn: string,
  accession: string,
): StoredMetricValue {
  return {
    ticker: "CONC",
    metricKey: "revenue",
    periodStart: `${fiscalYear}-01-01`,
    periodEnd: `${fiscalYear}-12-31`,
    fiscalYear,
    fiscalPeriod: "FY",
    value,
    unit: "USD",
    currency: "USD",
    decimals: null,
    sourceKind: "sec_companyfacts",
    sourceConcept: concept,
    sourceForm: "10-K",
    sourceAccession: accession,
    sourceFiledAt: knownOn,
    updatedAt: `${knownOn}T00:00:00.000Z`,
  };
}

describe("sameUpToRounding", () => {
  it("takes a coarser re-report for the same value, never a change", () => {
    const v = (value: string, decimals: number | null = null) => ({ value, decimals });
    expect(sameUpToRounding(v("11758751000"), v("11759000000"))).toBe(true); // Tesla FY2017: thousands, then millions
    expect(sameUpToRounding(v("4130162000"), v("4130000000"))).toBe(true);
    expect(sameUpToRounding(v("36537000000"), v("42905000000"))).toBe(false); // Apple FY2009 10-K/A
    expect(sameUpToRounding(v("3496000000"), v("3495000000"))).toBe(false); // a million changed is a change
    expect(sameUpToRounding(v("1000000000"), v("1234000000"))).toBe(false); // whole billions are no rounding
    expect(sameUpToRounding(v("11.91"), v("2.98"))).toBe(false);
  });
});

describe("oneConceptRows", () => {
  it("reads every period on the concept most periods have, not each period's latest concept", () => {
    // FY2018: total revenues in its 10-K, net sales as the FY2019 10-K's comparative; FY2019: net sales,
    // then total revenues as the FY2020 10-K's comparative. The latest versions alone would divide FY2019's
    // total revenues by FY2018's net sales.
    const periods = [
      [version(2018, "1000", REVENUES, "2019-02-01", "a18"), version(2018, "950", RFC, "2020-02-01", "a19")],
      [version(2019, "1050", RFC, "2020-02-01", "a19"), version(2019, "1100", REVENUES, "2021-02-01", "a20")],
      [version(2020, "1200", REVENUES, "2021-02-01", "a20")],
    ];
    const { rows, concept } = oneConceptRows(periods, [RFC, REVENUES]);
    expect(concept).toBe(REVENUES);
    expect(rows.map((r) => [r.fiscalYear, r.value, r.sourceConcept])).toEqual([
      [2018, "1000", REVENUES],
      [2019, "1100", REVENUES],
      [2020, "1200", REVENUES],
    ]);
  });

  it("breaks a tie by the catalog's order, and keeps a period's latest version when the concept lacks it", () => {
    const tie = oneConceptRows(
      [[version(2018, "10", REVENUES, "2019-02-01", "a"), version(2018, "10", RFC, "2020-02-01", "b")]],
      [RFC, REVENUES],
    );
    expect(tie.concept).toBe(RFC);
    const mixed = oneConceptRows(
      [
        [version(2017, "5", "us-gaap:SalesRevenueNet", "2018-02-01", "a")],
        [version(2018, "6", RFC, "2019-02-01", "b")],
        [version(2019, "7", RFC, "2020-02-01", "c")],
      ],
      [RFC, REVENUES],
    );
    expect(mixed.concept).toBe(RFC);
    expect(mixed.rows.map((r) => r.sourceConcept)).toEqual(["us-gaap:SalesRevenueNet", RFC, RFC]);
  });
});

describe("ownFilingOf", () => {
  it("finds the filing whose own period is the one asked, not one that repeats it as a comparative", () => {
    const facts = [
      version(2021, "400", RFC, "2023-02-01", "k22"),
      version(2022, "500", RFC, "2023-02-01", "k22"),
      version(2022, "450", RFC, "2025-02-01", "k24"),
      version(2024, "600", RFC, "2025-02-01", "k24"),
    ];
    const filings = filingsOfValues(facts);
    expect(ownFilingOf(filings, 2022, "FY")).toMatchObject({ fiscalYear: 2022, knownOn: "2023-02-01" });
    expect(ownFilingOf(filings, 2024, "FY")).toMatchObject({ fiscalYear: 2024, knownOn: "2025-02-01" });
    expect(ownFilingOf(filings, 2021, "FY")).toBeNull();
  });

  it("reads one 10-K held both as XBRL and as its tables' facts by the later of their two days", () => {
    // The table facts of a FinanceBench 10-K carry its period end (no filing date given); its XBRL the day it was filed.
    const table = (fiscalYear: number, knownOn: string): StoredMetricValue => ({
      ...version(fiscalYear, "480", "page 3, row 'Net sales'", knownOn, `CONC_${fiscalYear}_10K`),
      sourceKind: "filing_table",
      sourceFiledAt: null,
    });
    const filings = filingsOfValues([
      version(2022, "500", RFC, "2023-02-01", "k22"),
      table(2022, "2022-12-31"),
      table(2023, "2023-12-31"),
    ]);
    expect(ownFilingOf(filings, 2022, "FY")).toMatchObject({
      form: "10-K",
      filedAt: "2023-02-01",
      knownOn: "2023-02-01",
    });
    expect(ownFilingOf(filings, 2023, "FY")).toMatchObject({ fromTables: true, knownOn: "2023-12-31" });
  });
});

describe("measureOf", () => {
  it("reads a table value by its row, not the page it was found on", () => {
    expect(measureOf("page 65, row 'Total equity'")).toBe(measureOf("page 66, row 'Total equity'"));
    expect(measureOf("page 65, row 'Total equity'")).not.toBe(measureOf("page 65, row 'Total liabilities'"));
    expect(measureOf(REVENUES)).toBe(REVENUES);
  });
});
