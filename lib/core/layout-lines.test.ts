// Flow text (section-split filings) rewritten as page-aligned lines, on invented tables.
import { describe, expect, it } from "vitest";
import { layoutOfFlowText, splitLayoutLine } from "./layout-lines";

const STATEMENT = [
  "Example Corp.",
  "",
  "CONSOLIDATED STATEMENTS OF OPERATIONS",
  "",
  "(In millions) Years ended",
  "",
  "March 28,",
  "",
  "2025 March 30,",
  "",
  "2024",
  "",
  "Net sales $ 1,200 $ 1,000",
  "",
  "Other income/(expense), net (12) —",
  "",
  "Senior notes due 2030 (1) 450 400",
  "",
  "Accounts receivable, net of allowances of $5 and $4",
  "",
  "310 290",
  "",
  "Condensed Statements of Cash Flows",
  "",
  "(Dollars in millions) Six months ended June 30",
  "",
  "2025 2024",
  "",
  "Depreciation 90 80",
].join("\n");

describe("layoutOfFlowText", () => {
  const flow = layoutOfFlowText(STATEMENT);
  const at = (source: number) => flow.lines[flow.sourceLine.indexOf(source)];

  it("joins a header spread over lines, its month and day at the end of a text line, into one line", () => {
    expect(at(4)).toBe("(In millions) Years ended");
    expect(at(10)).toBe("March 28, 2025   March 30, 2024");
    // The table before ends above the title lines leading to the header.
    expect(flow.lines.slice(0, 6)).toEqual(["", "", "", "", "Example Corp.", "CONSOLIDATED STATEMENTS OF OPERATIONS"]);
  });

  it("spaces a row's cells apart, at most as many as the header has columns", () => {
    expect(splitLayoutLine(at(12)!)).toMatchObject({ label: "Net sales", values: ["1,200", "1,000"] });
    expect(splitLayoutLine(at(14)!)).toMatchObject({ label: "Other income/(expense), net", values: ["(12)", "—"] });
    expect(splitLayoutLine(at(16)!)).toMatchObject({ label: "Senior notes due 2030 (1)", values: ["450", "400"] });
  });

  it("keeps a label wrapped before its values, and a month and day ending a line, as text", () => {
    expect(splitLayoutLine(at(18)!).values).toEqual([]);
    expect(splitLayoutLine(at(20)!)).toMatchObject({ label: "", values: ["310", "290"] });
    expect(at(24)).toBe("(Dollars in millions) Six months ended June 30");
    expect(at(26)).toBe("2025   2024");
  });
});
