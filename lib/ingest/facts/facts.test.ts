// Table extraction, triplets and catalog mapping on small inline pages written for the test (invented figures).
import { describe, expect, it } from "vitest";
import { mapTriplets } from "./mapping";
import { findTables } from "./tables";
import { extractFiling, textLayoutOfSource } from "./triplets";
import { compareWithXbrl } from "./xbrl-agreement";

const INCOME_PAGE = [
  "   Table of Contents",
  "",
  "Consolidated Statements of Operations",
  "Years Ended (In Millions, Except Per Share Amounts)   Dec 26, 2020   Dec 28, 2019",
  "Net revenue   $   1,200   $   1,000",
  "Cost of sales   700   650",
  "Gross margin   500   350",
  "Restructuring and other charges (1)   (12)   —",
  "Operating income   488   350",
  "Net income   $   400   $   300",
  "Earnings per share:",
  "  Basic   $   4.10   $   3.05",
  "  Diluted   $   4.00   $   3.00",
  "Weighted average shares outstanding:",
  "  Basic   97   98",
  "  Diluted   100   100",
  "",
  "",
  "See accompanying notes.",
].join("\n");

const CASH_FLOW_PAGE = [
  "   EXAMPLE CORPORATION",
  "   CONSOLIDATED STATEMENTS OF CASH FLOWS",
  "   (amounts in thousands)",
  "   52 Weeks Ended",
  "   August 28,   August 29,",
  "   2022   2021",
  "CASH FLOWS FROM OPERATING ACTIVITIES",
  " Depreciation and amortization   90   80",
  "   Net cash provided by operating activities   1,500   1,400",
  " Additions to property and",
  "   equipment   (300)   (250)",
  " Cash dividend payments   (45)   (40)",
].join("\n");

const REF = { filing: "EXAMPLE_2020_10K", ticker: "EXM", company: "Example", form: "10-K", fiscalYearEndMonth: 12 };

describe("findTables", () => {
  it("reads title, dated columns, scale, negatives in parentheses, dashes and sections", () => {
    const [table] = findTables(INCOME_PAGE, 12);
    expect(table?.title).toBe("Consolidated Statements of Operations");
    expect(table?.statement).toBe("income");
    expect(table?.scale).toBe(1e6);
    expect(table?.columns.map((c) => [c.endDate, c.span])).toEqual([
      ["2020-12-26", "year"],
      ["2019-12-28", "year"],
    ]);
    const charges = table?.rows.find((r) => r.label.startsWith("Restructuring"));
    expect(charges?.cells.map((c) => c.value)).toEqual(["-12", null]);
    const basic = table?.rows.filter((r) => r.label === "Basic");
    expect(basic?.map((r) => r.sections)).toEqual([["Earnings per share"], ["Weighted average shares outstanding"]]);
    expect(table?.rows.find((r) => r.label === "Gross margin")?.isSubtotal).toBe(true);
  });

  it("joins month-day and year header lines and a label wrapped over two lines", () => {
    const [table] = findTables(CASH_FLOW_PAGE, 8);
    expect(table?.statement).toBe("cash_flow");
    expect(table?.scale).toBe(1000);
    expect(table?.columns.map((c) => c.endDate)).toEqual(["2022-08-28", "2021-08-29"]);
    expect(table?.rows.map((r) => r.label)).toContain("Additions to property and equipment");
  });
});

describe("triplets and mapping", () => {
  it("makes one triplet per cell with exact scaled values and provenance", () => {
    const { triplets } = extractFiling(["", INCOME_PAGE], REF);
    const revenue = triplets.find((t) => t.subject === "Net revenue:EXM" && t.relation === "HAS_VALUE_IN_FY2020");
    expect(revenue?.value).toBe("1200000000");
    expect(revenue?.unit).toBe("USD");
    expect(revenue?.provenance).toMatchObject({ page: 1, line: 4, columnHeader: "Dec 26, 2020", cellWritten: "1,200" });
    const eps = triplets.find((t) => t.attributes.normalizedLabel === "earnings per share / basic");
    expect([eps?.value, eps?.unit]).toEqual(["4.1", "USD/shares"]);
    const shares = triplets.find(
      (t) => t.attributes.normalizedLabel === "weighted average shares outstanding / diluted",
    );
    expect([shares?.value, shares?.unit]).toEqual(["100000000", "shares"]);
  });

  it("maps catalog rows with their sign convention and leaves other rows unmapped", () => {
    const income = mapTriplets(extractFiling([INCOME_PAGE], REF).triplets);
    const fy2020 = Object.fromEntries(
      income.filter((m) => m.triplet.relation === "HAS_VALUE_IN_FY2020").map((m) => [m.metricKey, m.value]),
    );
    expect(fy2020).toEqual({
      revenue: "1200000000",
      cost_of_revenue: "700000000",
      gross_profit: "500000000",
      operating_income: "488000000",
      net_income: "400000000",
      eps_basic: "4.1",
      eps_diluted: "4",
      weighted_shares_basic: "97000000",
      weighted_shares_diluted: "100000000",
    });
    const cash = mapTriplets(extractFiling([CASH_FLOW_PAGE], { ...REF, fiscalYearEndMonth: 8 }).triplets);
    const fy2022 = Object.fromEntries(
      cash.filter((m) => m.triplet.relation === "HAS_VALUE_IN_FY2022").map((m) => [m.metricKey, m.value]),
    );
    expect(fy2022).toEqual({
      depreciation_amortization: "90000",
      operating_cash_flow: "1500000",
      capex: "300000",
      dividends_paid: "45000",
    });
  });

  it("reads nothing from a row whose values stand either side of a text column", () => {
    const page = [
      "Gains and losses on derivatives",
      "(Dollars in millions)   2023   2022   2021   Where reclassified   2023   2022   2021",
      "Currency forwards   (1)   (6)   5   Marketing expense   (5)   1   3",
      "Currency forwards   305   889   (563)   Cost of sales   581   (23)   51",
      "Total   304   883   (558)      576   (22)   54",
    ].join("\n");
    const labels = extractFiling([page], REF).triplets.map((t) => t.attributes.label);
    expect(labels.filter((label) => /forwards|marketing|cost of sales/i.test(label))).toEqual([]);
  });

  it("maps costs printed in parentheses as the positive costs they are", () => {
    const page = [
      "Consolidated Statements of Earnings",
      "(In millions)   2021   2020",
      "Net sales   $   6,700   $   6,500",
      "Cost of sales   (5,900)   (5,650)",
      "Research and development   (120)   (110)",
      "Operating profit   680   740",
    ].join("\n");
    const fy2021 = Object.fromEntries(
      mapTriplets(extractFiling([page], REF).triplets)
        .filter((m) => m.triplet.relation === "HAS_VALUE_IN_FY2021")
        .map((m) => [m.metricKey, m.value]),
    );
    expect(fy2021).toMatchObject({
      revenue: "6700000000",
      cost_of_revenue: "5900000000",
      research_and_development: "120000000",
      operating_income: "680000000",
    });
  });

  it("resolves rows claiming one metric: the most confident, else the one total row, else none", () => {
    const page = [
      "Consolidated Statements of Income",
      "Years Ended (In Millions)   Dec 26, 2020   Dec 28, 2019",
      "Net sales   $   1,000   $   900",
      "Membership fees   50   40",
      "Total revenue   1,050   940",
      "Net income including noncontrolling interests   110   95",
      "Net income attributable to 3M Example   100   90",
      "Net income   $   110   $   95",
      "Number of warehouses   12   11",
    ].join("\n");
    const { triplets } = extractFiling([page], REF);
    const fy2020 = Object.fromEntries(
      mapTriplets(triplets)
        .filter((m) => m.triplet.relation === "HAS_VALUE_IN_FY2020")
        .map((m) => [m.metricKey, [m.value, m.triplet.attributes.label]]),
    );
    expect(fy2020).toEqual({
      revenue: ["1050000000", "Total revenue"],
      net_income: ["100000000", "Net income attributable to 3M Example"],
    });
    // A count is printed as is, not in the table's millions.
    const warehouses = triplets.find(
      (t) => t.attributes.label === "Number of warehouses" && t.relation === "HAS_VALUE_IN_FY2020",
    );
    expect([warehouses?.value, warehouses?.unit]).toEqual(["12", "count"]);
  });
});

describe("compareWithXbrl", () => {
  it("counts exact agreement per metric, lists each disagreement with both sources, and the coverage added", () => {
    const mapped = mapTriplets(extractFiling([INCOME_PAGE], REF).triplets);
    const xbrl = (metricKey: string, fiscalYear: number, value: string) => ({
      ticker: "EXM",
      metricKey,
      fiscalYear,
      fiscalPeriod: "FY",
      periodEnd: `${fiscalYear}-12-31`,
      value,
      accession: null,
      knownAt: `${fiscalYear + 1}-02-01`,
    });
    const report = compareWithXbrl(mapped, [
      xbrl("revenue", 2020, "1200000000.0"),
      xbrl("net_income", 2020, "401000000"),
    ]);
    expect([report.compared, report.agreed]).toEqual([2, 1]);
    // XBRL known from the same filing: nothing explains the difference.
    expect(report.disagreements).toMatchObject([
      {
        metricKey: "net_income",
        period: "FY2020",
        tableValue: "400000000",
        xbrlValue: "401000000",
        line: 9,
        kind: "unexplained",
      },
    ]);
    expect(report.byKind).toEqual({
      other_concept: 0,
      split_adjusted: 0,
      restated_confirmed: 0,
      restated_later: 0,
      restated_by_table: 0,
      unexplained: 1,
    });
    // 9 metrics × 2 years mapped, 2 of them known to XBRL; FY2019 is a period XBRL lacks.
    expect(report.coverage).toEqual([{ ticker: "EXM", xbrlValues: 2, tableValues: 18, added: 16, periodsAdded: 1 }]);
  });

  it("classifies a later filing's split-adjusted or restated value, confirmed when its own table prints it", () => {
    const earlier = mapTriplets(extractFiling([INCOME_PAGE], REF).triplets);
    // The next year's filing repeats FY2020 with the restated net income and a 2-for-1 split.
    const laterPage = INCOME_PAGE.replace("Dec 26, 2020   Dec 28, 2019", "Dec 25, 2021   Dec 26, 2020")
      .replace("$   400   $   300", "$   450   $   390")
      .replace("$   4.10   $   3.05", "$   2.50   $   2.05");
    const later = mapTriplets(extractFiling([laterPage], { ...REF, filing: "EXM_2021_10K" }).triplets);
    const xbrl = (metricKey: string, value: string) => ({
      ticker: "EXM",
      metricKey,
      fiscalYear: 2020,
      fiscalPeriod: "FY",
      periodEnd: "2020-12-26",
      value,
      accession: null,
      knownAt: "2022-12-31",
    });
    const report = compareWithXbrl(
      [...earlier, ...later],
      [
        xbrl("net_income", "390000000"),
        xbrl("eps_basic", "2.05"),
        xbrl("operating_income", "480000000"),
        // The XBRL filing has the table's gross margin under another concept of the metric.
        { ...xbrl("gross_profit", "490000000"), otherConceptValues: ["500000000"] },
      ],
    );
    expect(report.disagreements.map((d) => [d.metricKey, d.filing, d.kind])).toEqual([
      ["gross_profit", REF.filing, "other_concept"],
      ["operating_income", REF.filing, "restated_later"],
      ["net_income", REF.filing, "restated_confirmed"],
      ["eps_basic", REF.filing, "split_adjusted"],
      ["gross_profit", "EXM_2021_10K", "restated_later"],
      ["operating_income", "EXM_2021_10K", "restated_later"],
    ]);
  });
});

describe("section-split filings (flow text)", () => {
  const SECTION = [
    "CONSOLIDATED STATEMENTS OF EARNINGS",
    "",
    "in millions, except per share data Fiscal Fiscal",
    "",
    "2024 2023",
    "",
    "Net sales $ 1,500 $ 1,400",
    "",
    "Cost of sales 900 850",
    "",
    "NET EARNINGS 300 280",
    "",
    "NET EARNINGS ATTRIBUTABLE TO EXAMPLE 290 270",
    "",
    "CONSOLIDATED STATEMENTS OF COMPREHENSIVE EARNINGS",
    "",
    "in millions Fiscal Fiscal",
    "",
    "2024 2023",
    "",
    "NET EARNINGS 300 280",
    "",
    "Foreign currency translation (5) 3",
  ].join("\n");
  // A filer naming fiscal years by the calendar year they start in: its fiscal 2024 ends February 2, 2025.
  const ref = { ...REF, filing: "example-10-k", fiscalYearEndMonth: 1, periodEnd: "2025-02-02" };

  it("reads the tables of a section, each fact citing its line in the section as stored", () => {
    const { triplets } = extractFiling([SECTION], ref, "flow");
    const sales = triplets.find((t) => t.attributes.label === "Net sales" && t.value === "1500000000");
    expect(sales?.provenance.line).toBe(6);
    expect(SECTION.split("\n")[sales!.provenance.line]).toBe("Net sales $ 1,500 $ 1,400");
    // "Fiscal 2024" is the year the filing reports (ending February 2, 2025): FY2025 on the catalog's calendar.
    expect([sales?.relation, sales?.attributes.periodEnd]).toEqual(["HAS_VALUE_IN_FY2025", "2025-01-31"]);
    // Without the filing's period end, the printed year is the fiscal year.
    const unaligned = extractFiling([SECTION], { ...ref, periodEnd: null }, "flow").triplets;
    expect(unaligned.find((t) => t.attributes.label === "Net sales")?.relation).toBe("HAS_VALUE_IN_FY2024");
  });

  it("maps net income to the parent's line, not the consolidated line another table repeats", () => {
    const mapped = mapTriplets(extractFiling([SECTION], ref, "flow").triplets);
    expect(
      mapped.filter((m) => m.metricKey === "net_income").map((m) => [m.triplet.attributes.label, m.value]),
    ).toEqual([
      ["NET EARNINGS ATTRIBUTABLE TO EXAMPLE", "290000000"],
      ["NET EARNINGS ATTRIBUTABLE TO EXAMPLE", "270000000"],
    ]);
  });
});

describe("neo4j 10-K sections (one cell per line)", () => {
  // A cash-flow summary as such sections print it: every cell on a line of its own, "$" and "%" apart.
  const SECTION = [
    "Cash Flow Analysis",
    "($ millions)",
    "2025",
    "2024",
    "Net cash provided by operating activities",
    "$",
    "1,600\u00a0",
    "$",
    "1,500\u00a0",
    "Net cash used in investing activities",
    "(450)",
    "(400)",
    "Net cash used in financing activities",
    "(1,100)",
    "(1,050)",
    "Free cash flow productivity",
    "95",
    "%",
    "93",
    "%",
    "Operating cash flow rose with earnings, while the company spent more on its factories than before.",
    "Store count",
    "2025",
    "2024",
    "Stores",
    "1,210",
    "1,190",
    "Outlets",
    "85",
    "80",
  ].join("\n");
  const ref = { ...REF, filing: "neo4j-sections:0000000000-25-000001", fiscalYearEndMonth: 6, periodEnd: "2025-06-30" };

  it("is the layout of the neo4j source, and its cells become triplets in base units citing their label's line", () => {
    expect(textLayoutOfSource("neo4j-sections")).toBe("cell_per_line");
    const { triplets } = extractFiling([SECTION], ref, textLayoutOfSource("neo4j-sections"));
    const operating = triplets.find((t) => t.attributes.label === "Net cash provided by operating activities");
    expect([operating?.relation, operating?.value, operating?.attributes.periodEnd]).toEqual([
      "HAS_VALUE_IN_FY2025",
      "1600000000",
      "2025-06-30",
    ]);
    expect(SECTION.split("\n")[operating!.provenance.line]).toBe("Net cash provided by operating activities");
    const productivity = triplets.find((t) => t.attributes.label === "Free cash flow productivity");
    expect([productivity?.value, productivity?.unit]).toEqual(["95", "%"]);
    // A table printing no scale is read as printed, never in the scale of the table before it.
    expect(triplets.find((t) => t.attributes.label === "Stores")?.value).toBe("1210");
  });

  it("maps the summary's cash-flow lines", () => {
    const mapped = mapTriplets(extractFiling([SECTION], ref, "cell_per_line").triplets);
    expect(mapped.map((m) => [m.metricKey, m.triplet.attributes.fiscalYear, m.value])).toEqual([
      ["operating_cash_flow", 2025, "1600000000"],
      ["operating_cash_flow", 2024, "1500000000"],
      ["investing_cash_flow", 2025, "-450000000"],
      ["investing_cash_flow", 2024, "-400000000"],
      ["financing_cash_flow", 2025, "-1100000000"],
      ["financing_cash_flow", 2024, "-1050000000"],
    ]);
  });
});

describe("mapping equity and note tables", () => {
  it("prefers the parent's equity total, and leaves a balance-sheet classification note unmapped", () => {
    const page = [
      "CONSOLIDATED BALANCE SHEETS",
      "(in millions)   Dec 31, 2020   Dec 31, 2019",
      "Total current assets   500   400",
      "Total Example shareholders' equity   900   800",
      "Noncontrolling interest   50   40",
      "Total shareholders' equity   950   840",
      "Total liabilities and shareholders' equity   2,000   1,800",
      "",
      "",
      "",
      "",
      "Balance Sheet Classification",
      "(in millions)   Dec 31, 2020   Dec 31, 2019",
      "Finance lease assets   30   20",
      "Net property and equipment   30   20",
    ].join("\n");
    const mapped = mapTriplets(extractFiling([page], REF).triplets).filter(
      (m) => m.triplet.relation === "HAS_VALUE_IN_FY2020",
    );
    expect(mapped.map((m) => [m.metricKey, m.value])).toEqual([
      ["current_assets", "500000000"],
      ["stockholders_equity", "900000000"],
      ["liabilities_and_equity", "2000000000"],
    ]);
  });
});
