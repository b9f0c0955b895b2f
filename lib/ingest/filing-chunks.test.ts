// Sections and chunks from inline filing text: item headings in order, table-of-contents pages and
// cross-references skipped, 8-K items, paragraphs packed, tables whole with caption and column
// headers (split by rows when huge, headers repeated), statement flags and contextual headers.
import { describe, expect, it } from "vitest";
import { chunkFiling, findSections, sectionsFound, tenQItemAsTenK } from "./filing-chunks";

const TOC = [
  "TABLE OF CONTENTS",
  "Item 1.    Business   3",
  "Item 1A.   Risk Factors   9",
  "Item 7.    Management's Discussion and Analysis   20",
  "Item 8.    Financial Statements and Supplementary Data   40",
].join("\n");

const context = { companyName: "Example Corp", form: "10-K" as const, fiscalYear: 2023, fiscalPeriod: "FY" };

describe("findSections", () => {
  it("finds item headings in order, skipping the table of contents and cross-references", () => {
    const pages = [
      "FORM 10-K\nExample Corp",
      TOC,
      "PART I\nItem 1. Business\nWe make widgets.\nItem 1A. Risk Factors\nWidgets may fail.",
      "Item 1. of this report describes the business.\nItem 7. Management's Discussion and Analysis\nSales grew.",
      "Item 8. Financial Statements and Supplementary Data\nSee below.\nEXHIBIT INDEX\n3.1 Charter",
    ];
    const sections = findSections(pages);
    expect(sections.map((s) => [s.code, s.pageIndex])).toEqual([
      ["front", 0],
      ["1", 2],
      ["1A", 2],
      ["7", 3],
      ["8", 4],
      ["exhibits", 4],
    ]);
    expect(sections[2]).toMatchObject({ title: "Item 1A. Risk Factors", charStart: pages[2]!.indexOf("Item 1A") });
    expect(sectionsFound(sections)).toEqual(["1", "1A", "7", "8", "exhibits"]);
  });

  it("reads 8-K items and restarts the order at a new part (10-Q)", () => {
    const eightK = findSections([
      "Item 2.02 Results of Operations\nText.\nItem 9.01 Financial Statements and Exhibits\n99.1",
    ]);
    expect(sectionsFound(eightK)).toEqual(["2.02", "9.01"]);
    const tenQ = findSections([
      "PART I\nItem 1. Financial Statements\nx\nItem 2. MD&A\ny",
      "PART II\nItem 1. Legal Proceedings\nz",
    ]);
    expect(tenQ.map((s) => s.code)).toEqual(["front", "1", "2", "1"]);
  });

  it("codes a 10-Q's items by part as the 10-K items of the same disclosures", () => {
    const tenQ = findSections(
      [
        // At most three item headings a page: four would read as a table of contents.
        "Item 1. Financial Statements\nx\nItem 2. Management's Discussion and Analysis\ny",
        "Item 3. Market Risk\nm\nItem 4. Controls\nc",
        "PART II. OTHER INFORMATION\nItem 1. Legal Proceedings\nz\nItem 1A. Risk Factors\nr",
        "Item 2. Unregistered Sales\nu\nItem 3. Defaults\nd\nItem 6. Exhibits",
      ],
      "10-Q",
    );
    expect(tenQ.map((s) => [s.code, s.title])).toEqual([
      ["front", "Cover and front matter"],
      ["8", "Item 1. Financial Statements"],
      ["7", "Item 2. Management's Discussion and Analysis"],
      ["7A", "Item 3. Market Risk"],
      ["9A", "Item 4. Controls"],
      ["3", "Item 1. Legal Proceedings"],
      ["1A", "Item 1A. Risk Factors"],
      ["5", "Item 2. Unregistered Sales"],
      ["II-3", "Item 3. Defaults"],
      ["15", "Item 6. Exhibits"],
    ]);
    const chunks = chunkFiling(
      ["x", "PART II\nItem 1. Legal Proceedings\nA lawsuit was filed against us in 2023."],
      findSections(["x", "PART II\nItem 1. Legal Proceedings\nA lawsuit was filed against us in 2023."], "10-Q"),
      {
        companyName: "Example Corp",
        form: "10-Q",
        fiscalYear: 2023,
        fiscalPeriod: "Q2",
      },
    );
    // Part II Item 1 is legal proceedings, not the statements of Part I Item 1.
    expect(chunks.filter((c) => c.sectionCode === "3").map((c) => c.isFinancialStatement)).toEqual([false]);
  });

  it("codes a 10-Q item of a known part, or of none (Items 1-4 are Part I's, the rest Part II's)", () => {
    expect(["1", "2", "3", "4", "1A", "5", "6"].map((item) => tenQItemAsTenK(item, null))).toEqual([
      "8",
      "7",
      "7A",
      "9A",
      "1A",
      "9B",
      "15",
    ]);
    expect(["1", "2", "3", "4"].map((item) => tenQItemAsTenK(item, "II"))).toEqual(["3", "5", "II-3", "4"]);
    // Part I ends at Item 4: Item 6 read before any PART II heading is still the exhibits.
    expect(tenQItemAsTenK("6", "I")).toBe("15");
    // A part no 10-Q has keeps the item's own number.
    expect(tenQItemAsTenK("1", "III")).toBe("1");
  });

  it("reports no section for text without item headings (an earnings release)", () => {
    expect(sectionsFound(findSections(["Example Corp reports record quarter\nRevenue rose 10%."]))).toEqual([]);
  });
});

describe("chunkFiling", () => {
  const statementPage = [
    "Item 8. Financial Statements and Supplementary Data",
    "",
    "Consolidated Statement of Income",
    "(Millions)                          2023        2022",
    "Net sales                       $ 34,229    $ 32,184",
    "Cost of sales                     19,232      16,605",
    "Net income                         5,777       5,921",
    "",
    "The accompanying notes are an integral part of these statements.",
  ].join("\n");

  it("keeps a table whole with its caption and column headers, flagged as a statement", () => {
    const pages = [statementPage];
    const chunks = chunkFiling(pages, findSections(pages), context);
    const table = chunks.find((c) => c.isTable)!;
    expect(table.text.split("\n")).toEqual([
      "Consolidated Statement of Income",
      "(Millions)                          2023        2022",
      "Net sales                       $ 34,229    $ 32,184",
      "Cost of sales                     19,232      16,605",
      "Net income                         5,777       5,921",
    ]);
    expect(table).toMatchObject({
      sectionCode: "8",
      isFinancialStatement: true,
      pageIndex: 0,
      header:
        "Example Corp 10-K FY2023 — Item 8. Financial Statements and Supplementary Data — Consolidated Statement of Income",
    });
    expect(pages[0]!.slice(table.charStart, table.charEnd)).toContain("Net income");
    expect(chunks.some((c) => !c.isTable && c.text.includes("accompanying notes"))).toBe(true);
  });

  it("splits a huge table by rows, repeating caption and headers", () => {
    const rows = Array.from(
      { length: 120 },
      (_, i) => `Segment ${i} revenue               ${1000 + i}.5        ${900 + i}.5`,
    );
    const pages = [
      ["Item 7. MD&A", "", "Revenue by segment", "                     2023        2022", ...rows].join("\n"),
    ];
    const tables = chunkFiling(pages, findSections(pages), context).filter((c) => c.isTable);
    expect(tables.length).toBeGreaterThan(1);
    for (const t of tables) {
      expect(t.text.startsWith("Revenue by segment\n                     2023        2022\n")).toBe(true);
      expect(t.text.length).toBeLessThanOrEqual(2600);
      expect(t.isFinancialStatement).toBe(false);
    }
    expect(tables.flatMap((t) => t.text.split("\n").filter((l) => l.startsWith("Segment")))).toHaveLength(120);
  });

  it("packs paragraphs to about 1,000 characters under the nearest heading", () => {
    const paragraph = (n: number) => `Paragraph ${n} explains demand for widgets in many markets. `.repeat(4).trim();
    const pages = [
      [
        "Item 7. Management's Discussion and Analysis",
        "",
        "Results of Operations",
        "",
        ...Array.from({ length: 12 }, (_, i) => `${paragraph(i)}\n`),
      ].join("\n"),
    ];
    const chunks = chunkFiling(pages, findSections(pages), context).filter((c) => c.sectionCode === "7");
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(1600);
      expect(c.header).toBe(
        "Example Corp 10-K FY2023 — Item 7. Management's Discussion and Analysis — Results of Operations",
      );
    }
    expect(chunks.map((c) => c.text).join("\n")).toContain("Paragraph 11");
  });

  it("marks with … a chunk edge inside a sentence: a long paragraph cut to size, a page continuing the last one", () => {
    // One paragraph of wrapped lines longer than a chunk: it is cut at a line, inside a sentence.
    const line = (n: number) =>
      `our widget revenue rose in market ${String(n).padStart(2, "0")} and we expect it to grow`;
    const paragraph = Array.from({ length: 30 }, (_, i) => line(i)).join("\n");
    const pages = [
      `Item 7. Management's Discussion and Analysis\n\nResults of Operations\n\nIn fiscal 2023 ${paragraph}`,
      "further in the next fiscal year, as the new plant in Ohio opens. Costs fell 3% in fiscal 2023.",
    ];
    const chunks = chunkFiling(pages, findSections(pages), context).filter((c) => c.sectionCode === "7" && !c.isTable);
    const onFirstPage = chunks.filter((c) => c.pageIndex === 0);
    expect(onFirstPage.length).toBeGreaterThanOrEqual(2);
    expect(onFirstPage[0]!.text.endsWith(" …")).toBe(true);
    expect(onFirstPage.at(-1)!.text.startsWith("… ")).toBe(true);
    const secondPage = chunks.find((c) => c.pageIndex === 1)!;
    expect(secondPage.text.startsWith("… further")).toBe(true);
    // A chunk that starts and ends with whole sentences is not marked.
    const whole = chunkFiling(
      ["Item 7. MD&A\n\nRevenue rose 5% in fiscal 2023. Costs fell."],
      findSections(["Item 7. MD&A"]),
      context,
    );
    expect(whole.map((c) => c.text).join("\n")).not.toContain("…");
  });

  it("cuts a paragraph printed on one line after a whole sentence, never inside an amount or after an abbreviation", () => {
    const sentence = (n: number) => `Sales in the U.S. region ${n} rose to $57.0 billion as demand grew again. `;
    const line = Array.from({ length: 40 }, (_, i) => sentence(i))
      .join("")
      .trim();
    const pages = [`Item 7. Management's Discussion and Analysis\n\n${line}`];
    const chunks = chunkFiling(pages, findSections(pages), context).filter((c) => c.text.includes("Sales"));
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    for (const chunk of chunks) {
      expect(chunk.text).not.toContain("…");
      expect(chunk.text.trimEnd().endsWith("grew again.")).toBe(true);
    }
  });
});
