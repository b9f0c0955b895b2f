// Header lines the facts reader used to detect but not read: a month and day left of the years, a change
// column beside them, the first year glued to its phrase; and Schedule I's parent-only statements (invented figures).
import { describe, expect, it } from "vitest";
import { mapTriplets } from "./mapping";
import { findTables } from "./tables";
import { extractFiling } from "./triplets";

const REF = { filing: "EXAMPLE_2022_10K", ticker: "EXM", company: "Example", form: "10-K", fiscalYearEndMonth: 12 };

const page = (...lines: string[]) => lines.join("\n");
const periodsOf = (text: string) => findTables(text, 12)[0]?.columns.map((c) => c.endDate);
const valuesOf = (text: string) => findTables(text, 12)[0]?.rows.map((r) => r.cells.map((c) => c.value));

describe("header columns", () => {
  it("shares a month and day printed left of the years on the same line with every year", () => {
    const balance = page(
      "   Consolidated Statements of Financial Position",
      "(Dollars in millions)",
      "December 31,   2022   2021",
      "Assets",
      "Cash and cash equivalents   $1,461   $805",
      "   Total current assets   10,952   10,866",
      "   Total assets   $13,710   $13,855",
    );
    const [table] = findTables(balance, 12);
    expect(table?.statement).toBe("balance");
    expect(table?.columns.map((c) => [c.endDate, c.endDateIsExact])).toEqual([
      ["2022-12-31", true],
      ["2021-12-31", true],
    ]);
    expect(valuesOf(balance)).toEqual([
      ["1461", "805"],
      ["10952", "10866"],
      ["13710", "13855"],
    ]);
  });

  it("keeps two different month-days left of the years as columns, so their rows stay unread", () => {
    const text = page("June 30,   December 31,   2022   2021", "Cash   10   20", "Debt   30   40");
    expect(findTables(text, 12)[0]?.rows).toEqual([]);
  });

  it("reads a change column beside the years as a column without a period: no triplet from it", () => {
    const text = page(
      "Net debt",
      "   December 31,",
      "(Millions)   2022   2021   % Change",
      "Total debt   $   1,593 $   1,736 $   (8)%",
      "Less: cash   391   479   (18)%",
      "  Net debt   $   1,202 $   1,257 $   (4)%",
    );
    expect(periodsOf(text)).toEqual(["2022-12-31", "2021-12-31", null]);
    expect(valuesOf(text)?.[0]).toEqual(["1593", "1736", "-8"]);
    const extraction = extractFiling([text], REF);
    expect(extraction.unreadTables).toEqual([]);
    // "(Millions)" scales the year columns; the change column's percentages become nothing.
    expect(extraction.triplets.map((t) => t.value)).toEqual(
      ["1593", "1736", "391", "479", "1202", "1257"].map((v) => `${v}000000`),
    );
  });

  it("gives month-day lines above the years to the period columns only", () => {
    const text = page(
      "   August 28,   August 29,",
      "   2022   2021   Change",
      "Revenue   10   8   2",
      "Costs   5   4   1",
    );
    expect(periodsOf(text)).toEqual(["2022-08-28", "2021-08-29", null]);
  });

  it("leaves out a row whose values do not fill the year and change columns rather than guessing which they are", () => {
    const text = page("   2022   2021   $ Change", "Revenue   10   8   2", "Costs   5   4", "Other   3   1   2");
    const [table] = findTables(text, 12);
    expect(table?.rows.map((r) => r.label)).toEqual(["Revenue", "Other"]);
    expect(table?.skippedRows).toBe(1);
  });

  it("is no header when a change column has no period left of it", () => {
    expect(findTables(page("   Change   % Change", "Revenue   10   8", "Costs   5   4"), 12)).toEqual([]);
  });

  it("splits the first year off the phrase it is glued to", () => {
    const text = page(
      "Consolidated Statement of Income",
      "In millions   Years ended December 31, 2022   2021   2020",
      "Revenues   $   2,318.6   $   2,322.9   $   1,920.8",
      "Net income   610.2   755.5   473.1",
    );
    expect(periodsOf(text)).toEqual(["2022-12-31", "2021-12-31", "2020-12-31"]);
    expect(valuesOf(text)?.[0]).toEqual(["2318.6", "2322.9", "1920.8"]);
  });

  it("reads Schedule I's parent-only balance sheet as no statement, so none of it maps to catalog metrics", () => {
    const text = page(
      "Schedule I",
      "Condensed Financial Information of Registrant",
      "(Parent Company Only)",
      "Condensed Balance Sheets",
      "(in millions)",
      "December 31,   2022   2021",
      "Cash and cash equivalents   23   77",
      "Total current assets   64   134",
      "Total assets   18,683   16,156",
    );
    const extraction = extractFiling([text], REF);
    expect(extraction.triplets.map((t) => t.attributes.statement)).toContain("other");
    expect(mapTriplets(extraction.triplets)).toEqual([]);
  });
});
