import { describe, expect, it } from "vitest";
import { formatDate, labelIsDate, periodLabel } from "./periods";

describe("periods", () => {
  it.each([
    [2023, "FY", "2023-09-30", "FY2023"],
    [2025, "Q1", "2024-12-28", "Q1 FY2025"],
    [2024, "Q4", "2024-09-28", "Q4 FY2024"],
    [2025, "H1", "2025-03-29", "H1 FY2025"],
    [2025, "M9", "2025-06-28", "9M FY2025"],
    [null, null, "2024-01-05", "Jan 5, 2024"],
  ] as const)("%s %s → %s", (fiscalYear, fiscalPeriod, periodEnd, expected) => {
    expect(periodLabel({ fiscalYear, fiscalPeriod, periodEnd })).toBe(expected);
  });

  it("tells dated points from fiscal periods", () => {
    expect(labelIsDate({ fiscalYear: null, fiscalPeriod: null })).toBe(true);
    expect(labelIsDate({ fiscalYear: 2023, fiscalPeriod: "FY" })).toBe(false);
  });
});

describe("dates", () => {
  it("formats dates without time-zone shifts", () => {
    expect(formatDate("2024-12-31")).toBe("Dec 31, 2024");
    expect(formatDate("2024-01-01")).toBe("Jan 1, 2024");
    expect(formatDate("2023-09-30T00:00:00.000Z")).toBe("Sep 30, 2023");
  });

  it("returns anything else as it is", () => {
    expect(formatDate("not a date")).toBe("not a date");
    expect(formatDate("2024-13-01")).toBe("2024-13-01");
  });
});
