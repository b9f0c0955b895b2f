// The audit suite's checks on answers made by hand: for each check one answer that passes and one that
// fails, so a check that can no longer see its fault fails here before the audit reports a false 0.
import { describe, expect, it } from "vitest";
import type { DataPoint, FilingLine } from "@/lib/data/types";
import type { FilingChunkHit } from "@/lib/documents/filings/types";
import type { TranscriptChunkHit } from "@/lib/documents/transcripts/search";
import type { AuditQuestion } from "@/eval/audit/questions";
import { daily, fiscal, series, slice } from "@/test/slices";
import { type AuditAnswer, auditFindings, cutOf, quotesOf } from "./audit-checks";

const SOURCE =
  "As of June 30, 2023, our total debt totaled $57.0 billion. Gross margin was 80.1% of revenue in the U.S. market. " +
  "We expect a loss of ($0.35) per share. The case is Smith v. Jones. " +
  "The fiscal year ends on the Sunday closest to August 31. Our operations in the U.S. grew.";

function filingHit(text: string, fields: Partial<FilingChunkHit> = {}): FilingChunkHit {
  return {
    chunkId: "1",
    filingId: "1",
    ticker: "MSFT",
    companyName: "Microsoft Corporation",
    form: "10-K",
    fiscalYear: 2023,
    fiscalPeriod: "FY",
    periodEnd: "2023-06-30",
    filedDate: "2023-07-27",
    sectionCode: "7",
    sectionTitle: "Management's Discussion and Analysis",
    page: 40,
    pageIndex: 39,
    charStart: 0,
    charEnd: text.length,
    text,
    header: "",
    isTable: false,
    isFinancialStatement: false,
    sourceUrl: null,
    score: 1,
    similarity: null,
    keywordScore: 1,
    ranking: "keyword",
    ...fields,
  };
}

function callHit(fiscalYear: number, fiscalQuarter: number): TranscriptChunkHit {
  return {
    chunkId: "1",
    callId: `KO_q${fiscalQuarter}_${fiscalYear}`,
    ordinal: 0,
    ticker: "KO",
    companyName: "The Coca-Cola Company",
    fiscalYear,
    fiscalQuarter,
    calendarYear: fiscalYear,
    calendarQuarter: fiscalQuarter,
    section: "prepared_remarks",
    speaker: "Jane Chief",
    speakerTitle: "Chief Executive Officer",
    role: "executive",
    exchange: null,
    exchangePart: null,
    text: "We took pricing actions across every region this quarter.",
    header: "",
    counterpart: null,
    score: 1,
    similarity: null,
    keywordScore: 1,
    ranking: "keyword",
  };
}

function question(fields: Partial<AuditQuestion> = {}): AuditQuestion {
  return {
    id: "test-01",
    kind: "quotes",
    question: "What does Microsoft say about its debt?",
    tickers: ["MSFT"],
    group: false,
    document: null,
    today: "2025-07-31",
    ...fields,
  };
}

function answer(fields: Partial<AuditAnswer>): AuditAnswer {
  return { text: "", request: null, slice: null, filings: null, transcripts: null, news: null, ...fields };
}

const filings = (hits: FilingChunkHit[]) => ({
  hits,
  searches: [],
  missing: [],
  skipped: [],
  reranker: "none",
  engine: "postgres",
  ms: 1,
});

const checksOf = (a: AuditAnswer, q: AuditQuestion = question()) => auditFindings(a, q).map((f) => f.check);

describe("cut quotes", () => {
  const cases: [string, string | null][] = [
    ["As of June 30, 2023, our total debt totaled $57.0 billion.", null],
    ["As of June 30, 2023, our total debt totaled $57.", "ends inside a number"],
    ["Gross margin was 80.", "ends inside a number"],
    ["We expect a loss of ($0.", "ends inside a number"],
    ["Gross margin was 80.1% of revenue in the U.", "ends inside an abbreviation"],
    ["Gross margin was 80.1% of revenue in the U.S. market.", null],
    ["Our operations in the U.S. grew.", null],
    ["our total debt tot", "ends mid-word"],
    ["0 billion.", "starts inside a number"],
    ["As of June 30, 2023, our total debt …", null],
    ["The case is Smith v.", "ends at an abbreviation"],
    ["The fiscal year ends on the Sunday closest to August 31.", null],
  ];
  it.each(cases)("%s", (quote, why) => {
    const cut = cutOf(quote.replace(/ …$/, ""), SOURCE, SOURCE.indexOf(quote.replace(/ …$/, "")));
    if (why === null) expect(cut).toBeNull();
    else expect(cut).toContain(why);
  });

  it("reads the analyst's quotes and their citations out of Markdown", () => {
    expect(quotesOf('- "Our debt totaled \\$57\\.0 billion\\." [F2] (Microsoft, 10-K FY2023)')).toEqual([
      { text: "Our debt totaled $57.0 billion.", cited: { kind: "F", index: 1 } },
    ]);
  });

  it("passes a whole quote and counts a cut one, and a quote found in no passage", () => {
    const hits = filings([filingHit(SOURCE)]);
    const whole = answer({
      text: '- "As of June 30, 2023, our total debt totaled $57.0 billion." [F1]',
      filings: hits,
    });
    expect(checksOf(whole)).toEqual([]);
    const cut = answer({ text: '- "As of June 30, 2023, our total debt totaled $57." [F1]', filings: hits });
    expect(checksOf(cut)).toEqual(["cut-quotes"]);
    const invented = answer({ text: '- "Our debt doubled in a year." [F1]', filings: hits });
    expect(checksOf(invented)).toEqual(["cut-quotes"]);
  });

  it("counts two sentences that are not adjacent joined as one quote without …", () => {
    const hits = filings([filingHit(SOURCE)]);
    const joined = '- "We expect a loss of ($0.35) per share. Our operations in the U.S. grew." [F1]';
    expect(auditFindings(answer({ text: joined, filings: hits }), question()).map((f) => f.detail)).toEqual([
      expect.stringMatching(/^joins sentences not adjacent/),
    ]);
    const adjacent = '- "The case is Smith v. Jones. The fiscal year ends on the Sunday closest to August 31." [F1]';
    expect(checksOf(answer({ text: adjacent, filings: hits }))).toEqual([]);
  });

  it("passes two whole sentences of a passage joined with … and counts a cut one among them", () => {
    const hits = filings([filingHit(SOURCE)]);
    const shortened = '- "We expect a loss of ($0.35) per share. … Our operations in the U.S. grew." [F1]';
    expect(checksOf(answer({ text: shortened, filings: hits }))).toEqual([]);
    const cut = '- "We expect a loss of ($0. … Our operations in the U.S. grew." [F1]';
    expect(checksOf(answer({ text: cut, filings: hits }))).toEqual(["cut-quotes"]);
  });

  it("passes a sentence that ends by naming an item, and counts an item number cut from its title", () => {
    const text = "Results are presented below in this Item 7. Revenue grew. See Item 1A. Risk Factors for more.";
    const hits = filings([filingHit(text)]);
    expect(checksOf(answer({ text: '- "Results are presented below in this Item 7." [F1]', filings: hits }))).toEqual(
      [],
    );
    expect(checksOf(answer({ text: '- "Revenue grew. See Item 1A." [F1]', filings: hits }))).toEqual(["cut-quotes"]);
  });

  it("counts page furniture at a quote's end", () => {
    const text = "Revenue grew in every segment this year. | 2023 Form 10-K | 41";
    const hits = filings([filingHit(text)]);
    expect(checksOf(answer({ text: `- "${text}" [F1]`, filings: hits }))).toEqual(["cut-quotes"]);
  });
});

describe("duplicate quotes", () => {
  it("counts the same sentence quoted twice, once", () => {
    const sentence = "As of June 30, 2023, our total debt totaled $57.0 billion.";
    const hits = filings([filingHit(SOURCE), filingHit(SOURCE, { fiscalYear: 2022 })]);
    const once = answer({ text: `- "${sentence}" [F1] [F2]`, filings: hits });
    expect(checksOf(once)).toEqual([]);
    const twice = answer({ text: `- "${sentence}" [F1]\n- "${sentence}" [F2]`, filings: hits });
    expect(checksOf(twice, question({ document: null }))).toEqual(["duplicate-quotes"]);
  });
});

/** A P/E point: the close of `priceDate` over diluted EPS of one fiscal period. */
function pe(priceDate: string, eps: DataPoint): DataPoint {
  return {
    periodStart: null,
    periodEnd: priceDate,
    fiscalYear: null,
    fiscalPeriod: null,
    value: "30",
    source: {
      kind: "derived",
      formula: "price_close / eps_ttm",
      note: null,
      inputs: [
        {
          ticker: "AAPL",
          metricKey: "price_close",
          metricName: "Close",
          label: `close ${priceDate}`,
          point: daily(priceDate, "210"),
        },
        { ticker: "AAPL", metricKey: "eps_diluted", metricName: "Diluted EPS", label: "EPS", point: eps },
      ],
    },
  };
}

const annualEps = (year: number, end: string): DataPoint => ({
  ...fiscal(year, "FY", "6.1", end),
  periodStart: `${year - 1}${end.slice(4)}`,
});

describe("stale valuation inputs", () => {
  const peSeries = (point: DataPoint) => series("AAPL", "price_close", [point], { metricKey: "pe_ratio_ttm" });
  const q = question({ tickers: ["AAPL"] });

  it("passes a P/E on the fiscal year before the price and counts one on EPS two years older", () => {
    const current = answer({ slice: slice("lookup", [peSeries(pe("2025-07-24", annualEps(2024, "2024-09-28")))]) });
    expect(checksOf(current, q)).toEqual([]);
    const stale = answer({ slice: slice("lookup", [peSeries(pe("2025-07-24", annualEps(2022, "2022-09-24")))]) });
    expect(checksOf(stale, q)).toEqual(["stale-valuation"]);
    expect(checksOf({ ...stale, text: "The P/E is stale: its EPS is of FY2022." }, q)).toEqual([]);
  });

  it("counts a P/E on one quarter's EPS as not twelve months", () => {
    const quarter = { ...fiscal(2025, "Q3", "1.57", "2025-06-28"), periodStart: "2025-03-30" };
    const a = answer({ slice: slice("lookup", [peSeries(pe("2025-07-24", quarter))]) });
    expect(auditFindings(a, q).map((f) => f.detail)).toEqual([expect.stringContaining("not twelve months")]);
  });
});

describe("mixed concepts", () => {
  const filed = (year: number, concept: string): DataPoint => ({
    ...fiscal(year, "FY", "100", `${year}-12-31`),
    periodStart: `${year}-01-01`,
    source: { kind: "sec_filing", concept, form: "10-K", accession: null, filedAt: null, via: "sec_companyfacts" },
  });
  const q = question({ tickers: ["AAPL"] });
  it("passes one concept over the years and counts a series of two", () => {
    const one = series("AAPL", "revenue", [filed(2022, "us-gaap:Revenues"), filed(2023, "us-gaap:Revenues")]);
    expect(checksOf(answer({ slice: slice("trend", [one]) }), q)).toEqual([]);
    const two = series("AAPL", "revenue", [filed(2022, "us-gaap:Revenues"), filed(2023, "us-gaap:SalesRevenueNet")]);
    expect(checksOf(answer({ slice: slice("trend", [two]) }), q)).toEqual(["mixed-concepts"]);
  });
});

describe("mixed period kinds", () => {
  const flow = (year: number, period: "FY" | "Q2", end: string): DataPoint => ({
    ...fiscal(year, period, "100", end),
    periodStart: period === "FY" ? `${Number(end.slice(0, 4)) - 1}${end.slice(4)}` : "2025-01-01",
  });
  const q = question({ tickers: ["AAPL", "MSFT"] });
  it("passes fiscal year beside fiscal year and counts a quarter beside a fiscal year", () => {
    const years = [
      series("AAPL", "revenue", [flow(2024, "FY", "2024-09-28")]),
      series("MSFT", "revenue", [flow(2024, "FY", "2024-06-30")]),
    ];
    expect(checksOf(answer({ slice: slice("compare", years) }), q)).toEqual([]);
    const mixed = [
      series("AAPL", "revenue", [flow(2024, "FY", "2024-09-28")]),
      series("MSFT", "revenue", [flow(2025, "Q2", "2025-03-31")]),
    ];
    expect(checksOf(answer({ slice: slice("compare", mixed) }), q)).toEqual(["mixed-period-kinds"]);
  });
});

describe("invented companies", () => {
  const revenue = (ticker: string) => series(ticker, "revenue", [fiscal(2024, "FY", "100")]);
  it("passes the company asked and counts one the question did not name", () => {
    const q = question({ question: "What does Nike's P&L say about gross margin?", tickers: ["NKE"] });
    expect(checksOf(answer({ slice: slice("lookup", [revenue("NKE")]) }), q)).toEqual([]);
    const withPg = slice("lookup", [revenue("NKE"), revenue("PG")]);
    const pg = answer({ request: withPg.request, slice: withPg });
    expect(auditFindings(pg, q).map((f) => f.detail)).toEqual([expect.stringMatching(/^PG from the request/)]);
  });

  it("does not count the companies of a group the request resolved, as for a healthy-ratio question", () => {
    const q = question({ question: "What is a healthy current ratio?", tickers: [] });
    const all = slice("lookup", [revenue("KO"), revenue("VZ")], [], {}, { companies: [] });
    const group = {
      kind: "all" as const,
      label: "All companies",
      tickers: ["KO", "VZ"],
      reference: null,
      sizeBasis: "",
      notes: [],
    };
    expect(checksOf(answer({ request: all.request, slice: { ...all, groups: [group] } }), q)).toEqual([]);
    expect(checksOf(answer({ request: all.request, slice: all }), q)).toEqual([
      "invented-companies",
      "invented-companies",
    ]);
  });

  it("expects other companies for a question about a group", () => {
    const q = question({ question: "Which stock has the highest dividend?", tickers: [], group: true });
    expect(checksOf(answer({ slice: slice("rank", [revenue("KO"), revenue("VZ")]) }), q)).toEqual([]);
  });
});

describe("a document of another year or quarter than asked", () => {
  const sentence = "As of June 30, 2023, our total debt totaled $57.0 billion.";
  const tenK = question({ document: { form: "10-K", fiscalYear: 2023 } });
  it("passes the filing asked and counts another year's, unless the answer says the one asked is not held", () => {
    const asked = answer({ text: `- "${sentence}" [F1]`, filings: filings([filingHit(SOURCE)]) });
    expect(checksOf(asked, tenK)).toEqual([]);
    const older = answer({ text: `- "${sentence}" [F1]`, filings: filings([filingHit(SOURCE, { fiscalYear: 2016 })]) });
    expect(checksOf(older, tenK)).toEqual(["wrong-document"]);
    const said = { ...older, text: `The FY2023 10-K is not held; the nearest held is FY2016.\n${older.text}` };
    expect(checksOf(said, tenK)).toEqual([]);
  });

  it("counts the next quarter's call for a question naming a quarter", () => {
    const q = question({ tickers: ["KO"], document: { form: "call", fiscalYear: 2021, quarter: 3 } });
    const quote = '- "We took pricing actions across every region this quarter." [T1]';
    const transcripts = (hit: TranscriptChunkHit) => ({
      hits: [hit],
      searched: { tickers: ["KO"], quarters: [], sections: [] },
      engine: "postgres" as const,
      skipped: [],
      ms: 1,
    });
    expect(checksOf(answer({ text: quote, transcripts: transcripts(callHit(2021, 3)) }), q)).toEqual([]);
    expect(checksOf(answer({ text: quote, transcripts: transcripts(callHit(2021, 4)) }), q)).toEqual([
      "wrong-document",
    ]);
  });
});

describe("a dropped scale", () => {
  const line = (value: string, tableTitle: string): FilingLine => ({
    ticker: "NKE",
    companyName: "NIKE, Inc.",
    label: "Restructuring charges",
    fiscalYear: 2023,
    fiscalPeriod: "FY",
    periodEnd: "2023-05-31",
    value,
    valueAsWritten: "1,200",
    unit: "USD",
    scale: "1000000",
    statement: "income",
    tableTitle,
    columnHeader: "2023",
    filing: { id: "1", key: "NIKE_2023_10K", form: "10-K", fiscalYear: 2023, fiscalPeriod: "FY" },
    page: 40,
    line: 12,
    readBy: "parser",
    labelRanking: "keyword",
  });
  const q = question({ tickers: ["NKE"], kind: "table-row" });
  const withLine = (l: FilingLine, text: string) =>
    answer({ text, slice: { ...slice("lookup", []), series: [], filingLines: [l] } });
  it("passes a row shown with its scale and counts one whose table scale was lost or whose unit is not shown", () => {
    const kept = line("1200000000", "(In millions) Consolidated Statements of Income");
    expect(
      checksOf(
        withLine(
          kept,
          "- **Restructuring charges**, FY2023: $1.2 billion (printed 1,200 under 2023, in millions of USD)",
        ),
        q,
      ),
    ).toEqual([]);
    // The printed number without the table's scale beside it: the reader cannot check it against the page.
    expect(
      checksOf(withLine(kept, "- **Restructuring charges**, FY2023: $1.2 billion (printed 1,200 under 2023)"), q),
    ).toEqual(["dropped-scale"]);
    const lost = line("1200", "(In millions) Consolidated Statements of Income");
    expect(
      checksOf(withLine(lost, "- **Restructuring charges**, FY2023: $1,200 (printed 1,200 under 2023)"), q),
    ).toEqual(["dropped-scale"]);
    expect(
      checksOf(withLine(kept, "- **Restructuring charges**, FY2023: 1,200 (printed 1,200 under 2023)"), q),
    ).toEqual(["dropped-scale"]);
  });
});
