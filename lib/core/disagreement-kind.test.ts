// The kinds of disagreement between a filing's table and XBRL, on invented figures.
import { describe, expect, it } from "vitest";
import { type DisagreementEvidence, disagreementKindOf } from "./disagreement-kind";

const evidence = (over: Partial<DisagreementEvidence>): DisagreementEvidence => ({
  unit: "USD",
  tableValue: "1000",
  xbrlValue: "900",
  xbrlKnownAt: "2023-12-31",
  tableFilingPeriodEnd: "2021-12-31",
  laterTablePrintsXbrl: false,
  ...over,
});

describe("disagreementKindOf", () => {
  it("calls a difference with XBRL of the table's own filing unexplained, whatever it looks like", () => {
    expect(disagreementKindOf(evidence({ xbrlKnownAt: "2022-02-15" }))).toBe("unexplained");
    expect(
      disagreementKindOf(evidence({ unit: "USD/shares", tableValue: "40", xbrlValue: "2", xbrlKnownAt: "2022-02-15" })),
    ).toBe("unexplained");
    expect(disagreementKindOf(evidence({ xbrlKnownAt: "2022-02-15", laterTablePrintsXbrl: true }))).toBe("unexplained");
  });

  it("reads a whole split ratio off rounded per-share figures and share counts from a later filing", () => {
    expect(disagreementKindOf(evidence({ unit: "USD/shares", tableValue: "42.64", xbrlValue: "2.13" }))).toBe(
      "split_adjusted",
    );
    expect(disagreementKindOf(evidence({ unit: "shares", tableValue: "500", xbrlValue: "10000" }))).toBe(
      "split_adjusted",
    );
    // 1.5 is no whole ratio, and a money figure is never split-adjusted.
    expect(disagreementKindOf(evidence({ unit: "USD/shares", tableValue: "3", xbrlValue: "2" }))).toBe(
      "restated_later",
    );
    expect(disagreementKindOf(evidence({ tableValue: "2000", xbrlValue: "100" }))).toBe("restated_later");
  });

  it("names a value the XBRL filing gives under another concept of the metric, whenever it was known", () => {
    expect(disagreementKindOf(evidence({ xbrlKnownAt: "2022-02-15", otherConceptPrintsTable: true }))).toBe(
      "other_concept",
    );
  });

  it("names a table of a later filing than XBRL's restating its comparative", () => {
    expect(disagreementKindOf(evidence({ xbrlKnownAt: "2021-06-30", tableFilingPeriodEnd: "2022-06-30" }))).toBe(
      "restated_by_table",
    );
    // A quarter before the table's period end may still be the table's own fiscal year: unexplained.
    expect(disagreementKindOf(evidence({ xbrlKnownAt: "2022-03-31", tableFilingPeriodEnd: "2022-06-30" }))).toBe(
      "unexplained",
    );
  });

  it("says whether a later filing's table confirms the restated value", () => {
    expect(disagreementKindOf(evidence({ laterTablePrintsXbrl: true }))).toBe("restated_confirmed");
    expect(disagreementKindOf(evidence({}))).toBe("restated_later");
  });
});
