// The check of an LLM's triplets against the table it read: a value kept is a number of its line, scaled
// by the table's stated scale; a value, year or header number not printed there, or a relation that is
// not the period's on the company's calendar, is dropped and counted. Tables and figures are invented.
import { describe, expect, it } from "vitest";
import { promptMessages, verifiedTriplets } from "./llm-triplets";
import { extractFiling, type FilingRef } from "./triplets";

const REF: FilingRef = {
  filing: "EXM_2020_10K",
  ticker: "EXM",
  company: "Example Corp",
  form: "10-K",
  fiscalYearEndMonth: 12,
};

// Every row prints a change column besides the two years: the reader reads none of them.
const PAGE = [
  "Revenue by product line",
  "(In Millions)   2020   2019",
  "Data center   $   450   $   400   13 %",
  "Client computing   600   550   9 %",
  "Memory   150   (50)   12 %",
].join("\n");

const unread = () => {
  const extraction = extractFiling(["cover", PAGE], REF);
  expect(extraction.triplets).toEqual([]);
  expect(extraction.unreadTables).toHaveLength(1);
  return extraction.unreadTables[0]!;
};

const triplet = (label: string, year: number, value: string | number, line: number, extra: object = {}) => ({
  subject: `${label}:EXM`,
  relation: `HAS_VALUE_IN_FY${year}`,
  object: { value, unit: "USD" },
  attributes: { label, column_header: String(year), period_end: `${year}-12-31`, period: "FY", is_instant: false },
  provenance: { line },
  ...extra,
});

describe("verifiedTriplets", () => {
  it("keeps values printed on their line, with the table's scale, page and line", () => {
    const reading = verifiedTriplets(
      [
        triplet("Data center", 2020, "450", 3),
        triplet("Memory", 2019, "(50)", 5),
        triplet("Client computing", 2019, 550, 4),
      ],
      unread(),
      REF,
    );
    expect(reading).toMatchObject({ returned: 3, droppedNotInSource: 0, droppedInvalid: 0, firstDrop: null });
    expect(
      reading.kept.map((t) => [t.subject, t.relation, t.value, t.unit, t.provenance.page, t.provenance.line]),
    ).toEqual([
      ["Data center:EXM", "HAS_VALUE_IN_FY2020", "450000000", "USD", 1, 2],
      ["Memory:EXM", "HAS_VALUE_IN_FY2019", "-50000000", "USD", 1, 4],
      ["Client computing:EXM", "HAS_VALUE_IN_FY2019", "550000000", "USD", 1, 3],
    ]);
    expect(reading.kept[1]!.attributes).toMatchObject({
      valueAsWritten: "-50",
      scale: 1e6,
      fiscalYear: 2019,
      periodEndIsExact: false,
    });
    expect(reading.kept[1]!.provenance).toMatchObject({
      column: 1,
      cellWritten: "(50)",
      tableTitle: "Revenue by product line",
    });
  });

  it("places a value cited on the wrong line on the one line that prints it", () => {
    const reading = verifiedTriplets([triplet("Client computing", 2020, "600", 1)], unread(), REF);
    expect(reading.kept.map((t) => t.provenance.line)).toEqual([3]);
  });

  it("drops a number the table does not print, a scaled one, and a year it does not name", () => {
    const reading = verifiedTriplets(
      [
        triplet("Data center", 2020, "455", 3),
        triplet("Data center", 2020, "450000000", 3),
        { ...triplet("Data center", 2021, "450", 3) },
      ],
      unread(),
      REF,
    );
    expect(reading).toMatchObject({ returned: 3, kept: [], droppedNotInSource: 3, droppedInvalid: 0 });
    expect(reading.firstDrop).toBe("455 is not on one line of the table");
  });

  it("counts malformed triplets, another company, a relation off the calendar and a cell claimed twice as invalid", () => {
    const reading = verifiedTriplets(
      [
        "oops",
        { subject: "Data center:EXM" },
        triplet("Data center", 2020, "450", 3, { subject: "Data center:OTHER" }),
        triplet("Data center", 2020, "450", 3, { relation: "HAS_VALUE_IN_Q4_FY2020" }),
        triplet("Data center", 2020, "450", 3),
        triplet("Data center", 2020, "450", 3),
      ],
      unread(),
      REF,
    );
    expect(reading).toMatchObject({ returned: 6, droppedNotInSource: 0, droppedInvalid: 5 });
    expect(reading.kept).toHaveLength(1);
  });

  it("reads percentages as percent, unscaled", () => {
    const reading = verifiedTriplets([{ ...triplet("Data center", 2020, "13 %", 3) }], unread(), REF);
    expect(reading.kept.map((t) => [t.value, t.unit])).toEqual([["13", "%"]]);
  });
});

describe("promptMessages", () => {
  it("asks with three worked examples, then the table with its company, calendar, scale and numbered lines", () => {
    const messages = promptMessages(unread(), REF);
    expect(messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
      "user",
      "assistant",
      "user",
    ]);
    expect(messages[6]!.content).toBe(
      [
        "Company: Example Corp (EXM); fiscal year ends in month 12",
        "Table: Revenue by product line",
        "Scale: (In Millions)",
        "1| Revenue by product line",
        "2| (In Millions)   2020   2019",
        "3| Data center   $   450   $   400   13 %",
        "4| Client computing   600   550   9 %",
        "5| Memory   150   (50)   12 %",
      ].join("\n"),
    );
  });
});
