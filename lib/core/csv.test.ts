import { describe, it, expect } from "vitest";
import { csvHeader, readCsv, readCsvRecords } from "@/lib/core/csv";

const rows = (text: string) => [...readCsv(text)];

describe("readCsv", () => {
  it("splits plain records and numbers their lines", () => {
    expect(rows("a,b\n1,2\n3,4\n")).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["1", "2"] },
      { line: 3, fields: ["3", "4"] },
    ]);
  });

  it("accepts CRLF, LF and a missing final line break alike", () => {
    expect(rows("a,b\r\n1,2")).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["1", "2"] },
    ]);
  });

  it("reads quoted fields with commas, doubled quotes and line breaks", () => {
    const text = 'name,note\r\n"Acme, Inc.","say ""hi"""\r\n"multi\r\nline",x\r\nlast,y\r\n';
    expect(rows(text)).toEqual([
      { line: 1, fields: ["name", "note"] },
      { line: 2, fields: ["Acme, Inc.", 'say "hi"'] },
      { line: 3, fields: ["multi\r\nline", "x"] },
      { line: 5, fields: ["last", "y"] },
    ]);
  });

  it("keeps empty fields, skips blank lines but not an explicit empty quoted value", () => {
    expect(rows('a,,c\n\n""\n,\n')).toEqual([
      { line: 1, fields: ["a", "", "c"] },
      { line: 3, fields: [""] },
      { line: 4, fields: ["", ""] },
    ]);
  });

  it("ignores a byte-order mark", () => {
    expect(rows("\uFEFFdate,x\n")).toEqual([{ line: 1, fields: ["date", "x"] }]);
  });

  it("reports malformed records and resumes at the next line", () => {
    expect(rows('a,"b"c,d\nok,1\nx"y,2\n"open\n')).toEqual([
      { line: 1, error: "text after a closing quote" },
      { line: 2, fields: ["ok", "1"] },
      { line: 3, error: "quote inside an unquoted field" },
      { line: 4, error: "unterminated quoted field" },
    ]);
  });
});

describe("csvHeader", () => {
  it("returns the first record", () => {
    expect(csvHeader("date,ticker\r\n2020-01-02,AAPL\r\n")).toEqual(["date", "ticker"]);
    expect(csvHeader("")).toBeNull();
  });
});

describe("readCsvRecords", () => {
  it("maps the columns asked for, ignoring others", () => {
    const text = "b,a,extra\n2,1,z\n";
    expect([...readCsvRecords(text, ["a", "b"] as const)]).toEqual([{ ok: true, line: 2, values: { a: "1", b: "2" } }]);
  });

  it("fails once for a header missing a column", () => {
    expect([...readCsvRecords("a\n1\n2\n", ["a", "b"] as const)]).toEqual([
      { ok: false, line: 1, reason: "header lacks column(s) b" },
    ]);
  });

  it("fails rows with the wrong number of fields", () => {
    expect([...readCsvRecords("a,b\n1\n1,2,3\n1,2\n", ["a", "b"] as const)]).toEqual([
      { ok: false, line: 2, reason: "expected 2 fields, found 1" },
      { ok: false, line: 3, reason: "expected 2 fields, found 3" },
      { ok: true, line: 4, values: { a: "1", b: "2" } },
    ]);
  });
});
