// The filing parsers on small inline inputs: FinanceBench's document list and texts (listed, and
// extra 10-Ks known only by name), edgartools section lines (a 10-Q's items coded as 10-K items), neo4j
// section files, and their problems; then the data folder's edgartools 10-Qs, skipped without it.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dataDir } from "@/lib/ingest/data-dir";
import {
  parseEdgartoolsSections,
  parseFinancebenchDocumentInformation,
  parseFinancebenchText,
  parseLongDate,
  parseNeo4jSections,
  type FinancebenchDocument,
} from "./filings";

const LIST = [
  JSON.stringify({
    doc_name: "3M_2018_10K",
    company: "3M",
    doc_type: "10k",
    doc_period: 2018,
    doc_link: "https://x/3m.pdf",
  }),
  JSON.stringify({
    doc_name: "PEPSICO_2023_8K_dated-2023-05-05",
    company: "PepsiCo",
    doc_type: "8k",
    doc_period: 2023,
  }),
  JSON.stringify({ doc_name: "AMCOR_2023Q2_10Q", company: "Amcor", doc_type: "10q", doc_period: 2023 }),
  JSON.stringify({ doc_name: "X_2020_10K", company: "X", doc_type: "proxy", doc_period: 2020 }),
  "{not json",
].join("\n");

function documents(): Map<string, FinancebenchDocument> {
  const parsed = [...parseFinancebenchDocumentInformation(LIST, { file: "list.jsonl" })];
  expect(parsed.filter((p) => !p.ok).map((p) => !p.ok && p.problem.where)).toEqual(["list.jsonl:4", "list.jsonl:5"]);
  return new Map(parsed.flatMap((p) => (p.ok ? [[p.record.docName, p.record] as const] : [])));
}

const text = (docName: string, pages: string[]) =>
  JSON.stringify({ doc_name: docName, num_pages: pages.length, pages });

describe("FinanceBench", () => {
  it("reads a listed 10-K with its period end from the cover", () => {
    const parsed = parseFinancebenchText(
      text("3M_2018_10K", ["FORM 10-K\nFor the fiscal year ended December 31, 2018\n3M COMPANY", "Item 1. Business"]),
      { file: "3M_2018_10K.json", documents: documents() },
    );
    expect(parsed).toMatchObject({
      ok: true,
      record: {
        companyName: "3M",
        form: "10-K",
        fiscalYear: 2018,
        fiscalPeriod: "FY",
        periodEnd: "2018-12-31",
        sourceUrl: "https://x/3m.pdf",
        sourceKey: "3M_2018_10K",
        pageCount: 2,
        sections: null,
      },
    });
  });

  it("reads 8-K dates and 10-Q quarters from the document name", () => {
    const eightK = parseFinancebenchText(text("PEPSICO_2023_8K_dated-2023-05-05", ["Item 8.01 Other Events"]), {
      file: "f.json",
      documents: documents(),
    });
    expect(eightK).toMatchObject({ ok: true, record: { form: "8-K", filedDate: "2023-05-05", fiscalPeriod: "Q2" } });
    const tenQ = parseFinancebenchText(text("AMCOR_2023Q2_10Q", ["For the quarterly period ended December 31, 2022"]), {
      file: "q.json",
      documents: documents(),
    });
    expect(tenQ).toMatchObject({ ok: true, record: { form: "10-Q", fiscalPeriod: "Q2", periodEnd: "2022-12-31" } });
  });

  it("reads an unlisted 10-K by name, with the company of its listed siblings, and rejects an unknown one", () => {
    const extra = parseFinancebenchText(text("3M_2021_10K", ["page"]), { file: "e.json", documents: documents() });
    expect(extra).toMatchObject({
      ok: true,
      record: { companyName: "3M", fiscalYear: 2021, form: "10-K", sourceUrl: null },
    });
    const unknown = parseFinancebenchText(text("NOBODY_2021_10K", ["page"]), {
      file: "n.json",
      documents: documents(),
    });
    expect(unknown).toMatchObject({ ok: false, problem: { where: "n.json" } });
    expect(parseFinancebenchText("{", { file: "b.json", documents: documents() }).ok).toBe(false);
  });
});

describe("edgartools sections", () => {
  it("keeps one page per non-empty item, in filing order, with titles from the text", () => {
    const line = JSON.stringify({
      ticker: "aapl",
      cik: "0000320193",
      company: "Apple Inc.",
      form: "10-K",
      document_period_end: "September\u00a028, 2024",
      fiscal_year_focus: "2024",
      fiscal_period_focus: "FY",
      source_path: "tests/fixtures/html/aapl/10k/aapl-10-k-2024-11-01.html",
      sections: {
        item_7: "Item 7. Management's Discussion\n\nText",
        item_1a: "Item 1A.\nRisk Factors\nRisks",
        item_2: "",
      },
    });
    const [parsed, bad] = [...parseEdgartoolsSections(`${line}\n{"ticker":1}`, { file: "s.jsonl" })];
    expect(parsed).toMatchObject({
      ok: true,
      record: { ticker: "AAPL", fiscalYear: 2024, periodEnd: "2024-09-28", sourceKey: "aapl-10-k-2024-11-01.html" },
    });
    if (!parsed?.ok) throw new Error("parsed");
    expect(parsed.record.sections!.map((s) => [s.code, s.title, s.pageIndex])).toEqual([
      ["1A", "Item 1A. Risk Factors", 0],
      ["7", "Item 7. Management's Discussion", 1],
    ]);
    expect(parsed.record.pages).toHaveLength(2);
    expect(bad).toMatchObject({ ok: false, problem: { where: "s.jsonl:2" } });
  });
});

describe("edgartools 10-Q sections", () => {
  const tenQ = (sections: Record<string, string>) =>
    JSON.stringify({
      ticker: "KO",
      company: "The Coca-Cola Company",
      form: "10-Q",
      document_period_end: "June 27, 2025",
      fiscal_year_focus: 2025,
      fiscal_period_focus: "Q2",
      source_path: "tests/ko-10-q.html",
      sections,
    });

  it("codes items given without their part as the 10-K items of the same disclosures", () => {
    const [parsed] = [
      ...parseEdgartoolsSections(
        tenQ({
          item_1: "Item 1. Financial Statements\nStatements.",
          item_2: "Item 2. Management's Discussion and Analysis\nVolume grew.",
          item_3: "Item 3. Quantitative and Qualitative Disclosures About Market Risk\nNo change.",
          item_4: "Item 4. Controls and Procedures\nEffective.",
          item_1a: "Item 1A. Risk Factors\nWeather.",
          item_5: "Item 5. Other Information\nNone.",
          item_6: "Item 6. Exhibits\n31.1",
        }),
        { file: "q.jsonl" },
      ),
    ];
    if (!parsed?.ok) throw new Error("parsed");
    // Items 1-4 are Part I's (statements 8, MD&A 7, market risk 7A, controls 9A); 1A, 5, 6 only Part II has.
    expect(parsed.record.sections!.map((s) => [s.code, s.title])).toEqual([
      ["8", "Item 1. Financial Statements"],
      ["1A", "Item 1A. Risk Factors"],
      ["7", "Item 2. Management's Discussion and Analysis"],
      ["7A", "Item 3. Quantitative and Qualitative Disclosures About Market Risk"],
      ["9A", "Item 4. Controls and Procedures"],
      ["9B", "Item 5. Other Information"],
      ["15", "Item 6. Exhibits"],
    ]);
  });
});

// The real section-split filings when ../shared/data is present.
const EDGARTOOLS_SECTIONS = path.join(dataDir(), "sec_10k_10q_ixbrl_edgartools", "filing_sections.jsonl");

describe.skipIf(!existsSync(EDGARTOOLS_SECTIONS))("edgartools sections of the data folder", () => {
  it("codes every 10-Q's statements as 8 and its MD&A as 7, with no item left under its own number", () => {
    const parsed = [...parseEdgartoolsSections(readFileSync(EDGARTOOLS_SECTIONS, "utf8"), { file: "s.jsonl" })];
    const tenQs = parsed.flatMap((p) => (p.ok && p.record.form === "10-Q" ? [p.record] : []));
    expect(parsed.every((p) => p.ok)).toBe(true);
    expect(tenQs.length).toBeGreaterThanOrEqual(10);
    for (const filing of tenQs) {
      const codes = filing.sections!.map((s) => s.code);
      expect(codes, filing.sourceKey).toEqual(expect.arrayContaining(["8", "7"]));
      expect(
        codes.filter((c) => ["1", "2", "6"].includes(c)),
        filing.sourceKey,
      ).toEqual([]);
      // The MD&A page is the one titled so.
      const mdna = filing.sections!.find((s) => s.code === "7")!;
      expect(filing.pages[mdna.pageIndex]).toMatch(/^item\s*2\b/i);
    }
  });
});

describe("neo4j sections", () => {
  it("reads the accession and the fiscal year from the stated year end", () => {
    const parsed = parseNeo4jSections(
      JSON.stringify({
        item1: ">Item 1.\n Business\nWe distribute food.",
        item1a: "Item 1A.\nRisk Factors\nRisks.",
        item7:
          "Item 7. MD&A\nCompared with the fiscal year ended July 2, 2022, the fiscal year ended July 1, 2023 grew.",
        item7a: "",
        cik: "96021",
        names: ["Sysco Corp"],
        source: "https://www.sec.gov/Archives/edgar/data/96021/000009602123000117/0000096021-23-000117-index.htm",
      }),
      { file: "0000096021-23-000117.json" },
    );
    expect(parsed).toMatchObject({
      ok: true,
      record: { cik: "0000096021", fiscalYear: 2023, periodEnd: "2023-07-01", sourceKey: "0000096021-23-000117" },
    });
    // "For the years ended May 31, 2025, 2024 and 2023": the first date is the year end.
    const plural = parseNeo4jSections(
      JSON.stringify({
        item7: "Item 7. MD&A\nResults for the years ended May 31, 2025, 2024 and 2023, respectively.",
        cik: "320187",
        source: "https://www.sec.gov/Archives/edgar/data/320187/0000320187-25-000001-index.htm",
      }),
      { file: "0000320187-25-000001.json" },
    );
    expect(plural).toMatchObject({ ok: true, record: { fiscalYear: 2025, periodEnd: "2025-05-31" } });
    const undated = parseNeo4jSections(JSON.stringify({ item1: "x", cik: "1", source: "s" }), { file: "u.json" });
    expect(undated).toMatchObject({ ok: false, problem: { reason: "no fiscal year end stated in items 1 or 7" } });
  });

  it("parses long dates and refuses impossible ones", () => {
    expect(parseLongDate("February 29, 2024")).toBe("2024-02-29");
    expect(parseLongDate("February 30, 2023")).toBeNull();
  });
});
