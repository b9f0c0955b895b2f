// writeAnalysis without data to write about: what it says when the question named no company or no
// metric, and when the Data Module found nothing.
import fc from "fast-check";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { describe, expect, it } from "vitest";
import type { Span, StructuredDataRequest, Suggestion } from "@/lib/agent/schema";
import type { MissingData } from "@/lib/data/types";
import { writeAnalysis } from "../analysis";
import { WORD_JOINER, plainText } from "../format";
import { appleRevenue, series, slice } from "@/test/slices";

describe("writeAnalysis: no data", () => {
  it("answers with what is missing when there is no data at all", () => {
    const none = slice(
      "lookup",
      [series("TSLA", "revenue", [])],
      [{ ticker: "TSLA", metricKey: "revenue", reason: "No quarterly revenue for TSLA after 2022-09-30." }],
    );
    expect(writeAnalysis(none)).toBe(
      "FinGround has no data to answer this: no quarterly revenue for TSLA after 2022-09-30.",
    );
    expect(writeAnalysis(slice("lookup", []))).toBe("FinGround found no data for this question in its database.");
  });
});

const span = (text: string, start = 0): Span => ({ text, start, end: start + text.length });
const NO_COMPANY: MissingData = {
  ticker: null,
  metricKey: null,
  reason: "the question names no company this version can look up, so no company data was read",
};
const NO_METRIC: MissingData = {
  ticker: null,
  metricKey: null,
  reason: "the question names no metric this version can look up, so no figures were read",
};
const POPULAR: Suggestion["candidates"] = [
  { value: "revenue", label: "Revenue", score: 0 },
  { value: "net_income", label: "Net Income", score: 0 },
  { value: "eps_diluted", label: "Diluted EPS", score: 0 },
  { value: "price_close", label: "Closing Price", score: 0 },
];
const apple = { kind: "company", ticker: "AAPL", name: "Apple Inc.", span: null, confidence: 1 } as const;
const revenue = { key: "revenue", name: "Revenue", span: null, confidence: 1, related: [] };

/** What the Data Module returns for a request that named no company or no metric: no series. */
function notUnderstood(
  request: Partial<StructuredDataRequest>,
  missing?: MissingData[],
  dates: Partial<StructuredDataRequest["dates"]> = {},
) {
  const companies = request.companies ?? [];
  const metrics = request.metrics ?? [];
  const reasons = missing ?? [...(companies.length ? [] : [NO_COMPANY]), ...(metrics.length ? [] : [NO_METRIC])];
  return slice("lookup", [], reasons, dates, { companies, metrics, ...request });
}

/** The answer as the UI shows it: react-markdown with GitHub-flavoured Markdown, raw HTML skipped. */
function render(markdown: string): string {
  return renderToStaticMarkup(createElement(Markdown, { remarkPlugins: [remarkGfm], skipHtml: true }, markdown));
}

/** The words a reader sees in rendered HTML (the invisible WORD JOINER left out). */
function visibleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .split(WORD_JOINER)
    .join("");
}

const FORMATTING = /<(a|strong|em|del|code|img|h\d|ul|ol|li|blockquote|table|script|b|i)\b/i;

describe("writeAnalysis: a question with no company or no metric", () => {
  it("says what it could not find, quoting the words it did not understand, and how to ask", () => {
    const text = writeAnalysis(notUnderstood({ unrecognized: [span("asdf qwerty")] }));
    expect(text).toBe(
      `I could not find a company or a metric in "asdf qwerty". Try a company name or ticker and a figure, e.g. "What was Apple's revenue last year?"`,
    );
  });

  it("offers the close match: 'Did you mean Apple (AAPL)?', not the far one", () => {
    const suggestions: Suggestion[] = [
      {
        text: "Aple",
        kind: "company",
        candidates: [
          { value: "AAPL", label: "AAPL — Apple Inc.", score: 0.8 },
          { value: "ORCL", label: "ORCL — Oracle Corporation", score: 0.5 },
        ],
      },
    ];
    const text = writeAnalysis(notUnderstood({ unrecognized: [span("Aple")], suggestions }));
    expect(text).toBe(
      `I could not find a company or a metric in "Aple". Did you mean Apple (AAPL)? Try a figure, e.g. "What was Apple's revenue last year?"`,
    );
  });

  it("names what it did understand: the company, and the most asked-for metrics as examples", () => {
    const text = writeAnalysis(
      notUnderstood({
        companies: [apple],
        unrecognized: [span("flurbo", 16)],
        suggestions: [{ text: "flurbo", kind: "metric", candidates: POPULAR }],
      }),
    );
    expect(text).toBe(
      `I found Apple (AAPL) but could not find a metric in "flurbo". Try a figure such as revenue, net income, diluted EPS or closing price, e.g. "What was Apple's revenue last year?"`,
    );
  });

  it("names the metric and the period it understood, and builds the example from them", () => {
    const text = writeAnalysis(
      notUnderstood({ metrics: [{ ...revenue, key: "net_income", name: "Net Income" }] }, undefined, {
        expression: "in 2023",
      }),
    );
    expect(text).toBe(
      `I found net income and the period "in 2023" but could not find a company in the question. Try a company name or ticker, e.g. "What was Apple's net income last year?"`,
    );
  });

  it("asks about each of several close matches by the words it was for", () => {
    const suggestions: Suggestion[] = [
      {
        text: "Microsft",
        kind: "company",
        candidates: [{ value: "MSFT", label: "MSFT — Microsoft Corporation", score: 0.9 }],
      },
      {
        text: "grss proft",
        kind: "metric",
        candidates: [{ value: "gross_profit", label: "Gross Profit", score: 0.8 }],
      },
    ];
    const text = writeAnalysis(notUnderstood({ unrecognized: [span("Microsft grss proft")], suggestions }));
    expect(text).toBe(
      `I could not find a company or a metric in "Microsft grss proft". For "Microsft", did you mean Microsoft (MSFT)? For "grss proft", did you mean gross profit?`,
    );
  });

  it("leaves out the Data Module's 'names no company' reasons, which the lead says, and keeps the others", () => {
    const unknown: MissingData = {
      ticker: "ZZZZ",
      metricKey: null,
      reason: "no data for ZZZZ: the database has no company with this ticker",
    };
    const text = writeAnalysis(
      notUnderstood({ companies: [{ ...apple, ticker: "ZZZZ", name: "ZZZZ" }] }, [NO_METRIC, unknown]),
    );
    expect(text).toBe(
      `I found ZZZZ (ZZZZ) but could not find a metric in the question. Try a figure, e.g. "What was ZZZZ's revenue last year?"\n\n**Not in the data**\n- ${unknown.reason}`,
    );
  });

  it("answers a group of companies that resolved to none with the Data Module's reason", () => {
    const none: MissingData = {
      ticker: null,
      metricKey: null,
      reason: "no companies in the Energy sector: the database holds none of them",
    };
    const energy = { kind: "sector", sector: "Energy", span: null, confidence: 0.9 } as const;
    const text = writeAnalysis(notUnderstood({ companies: [energy], metrics: [revenue] }, [none]));
    expect(text).toBe(
      "FinGround has no data to answer this: no companies in the Energy sector: the database holds none of them.",
    );
    // Without a metric, the group counts as what was found.
    const noMetric = writeAnalysis(notUnderstood({ companies: [energy] }, [NO_METRIC]));
    expect(noMetric).toBe(
      `I found Energy sector but could not find a metric in the question. Try a figure, e.g. "What was Apple's revenue last year?"`,
    );
  });

  it("quotes Markdown in the user's words as plain text: no formatting, no links", () => {
    const words = [
      "**x**",
      "[a](javascript:alert(1))",
      "<img src=x onerror=alert(1)>",
      "_y_ `z` ~~w~~ &amp; # h",
      "www.evil.example https://evil.example me@evil.example",
    ];
    const s = notUnderstood(
      {
        companies: [{ ...apple, name: "[Evil](https://evil.example) Inc." }],
        unrecognized: words.map((w) => span(w)),
        suggestions: [
          {
            text: "**m**",
            kind: "metric",
            candidates: [{ value: "x", label: "[Gross](https://evil.example) Profit", score: 0.9 }],
          },
        ],
      },
      undefined,
      { expression: "*last* year" },
    );
    const text = writeAnalysis(s);
    expect(text).toContain(String.raw`"\*\*x\*\*"`);
    expect(text).toContain(String.raw`"\[a\]\(javascript\:alert\(1\)\)"`);
    const html = render(text);
    expect(html).not.toMatch(FORMATTING);
    const seen = visibleText(html);
    for (const w of words) expect(seen).toContain(`"${w}"`);
    expect(seen).toContain(
      `I found [Evil](https://evil.example) (AAPL) and the period "*last* year" but could not find a metric in`,
    );
    expect(seen).toContain("Did you mean [gross](https://evil.example) profit?");
  });

  it("keeps any text inert and verbatim once rendered (property)", () => {
    const pieces = [
      ..."*_[]()<>!`~|&#:/.@\\-+=\"' \n\tabwWhtps1é",
      "www.",
      "https://",
      "x.com",
      "&amp;",
      "](",
      "javascript:",
    ];
    const text = fc.string({ unit: fc.constantFrom(...pieces), maxLength: 20 });
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 3 }), (texts) => {
        const html = render(writeAnalysis(notUnderstood({ unrecognized: texts.map((t) => span(t)) })));
        expect(html).not.toMatch(FORMATTING);
        const seen = visibleText(html);
        for (const t of texts) {
          const oneLine = t.replace(/\s+/g, " ").trim();
          if (oneLine) expect(seen).toContain(`"${oneLine}"`);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("plainText escapes every ASCII punctuation character and keeps letters and digits", () => {
    expect(plainText("a*b_c [d](e) 1.5")).toBe(String.raw`a\*b\_c \[d\]\(e\) 1\.5`);
    expect(plainText("one\ntwo\t three")).toBe("one two three");
    expect(plainText("www.x.com")).toBe(`www${WORD_JOINER}\\.x\\.com`);
  });

  it("still answers from the data whenever there is some", () => {
    const s = slice("lookup", [appleRevenue()], [], {}, { companies: [], metrics: [], unrecognized: [span("asdf")] });
    expect(writeAnalysis(s).split("\n")[0]).toBe(
      "Apple's revenue was $391.0 billion in FY2024, up 2.0% from FY2023's $383.3 billion.",
    );
  });
});
