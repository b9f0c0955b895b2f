// Routing: which sources and filing sections each kind of question gets from the built-in parser, and
// that a question about what a company's filings say gets a document request, not a metric suggestion.
import { describe, expect, it } from "vitest";
import { parseQuestion } from "./parse-question";

const ask = (question: string) => parseQuestion(question, { today: "2026-12-01" });
const filingsOf = (question: string) => ask(question).sources.find((s) => s.source === "filings");

describe("routing a question to its sources", () => {
  it.each([
    ["What are the main risk factors Apple lists?", ["1A"]],
    ["How exposed is Boeing to supply chain threats?", ["1", "1A"]],
    ["Is 3M facing any lawsuits over PFAS?", ["3", "8"]],
    ["Which customers does Nvidia depend on most?", ["1"]],
    ["How many employees does Costco have?", ["1"]],
    ["Who are Netflix's main suppliers and how does it handle competition?", ["1"]],
    ["What are Amazon's reportable segments?", ["1", "8"]],
    ["What is Pfizer's outlook for next year?", ["7"]],
    ["Describe Intel's liquidity and capital resources", ["7"]],
    ["What accounting policies does Walmart use for revenue recognition?", ["8"]],
    ["How is Microsoft's executive compensation structured?", ["11"]],
    ["What did Amazon's earnings release on 2023-02-02 say?", ["8-K 2.02"]],
    ["Summarize Apple's 8-K from August 2023", ["8-K"]],
  ])("%s → filings %j", (question, sections) => {
    const route = filingsOf(question);
    expect(route?.reason).toBeTruthy();
    expect([...(route?.sections ?? [])].sort()).toEqual([...sections].sort());
  });

  it("answers a company and a document subject with no metric from the filings: nothing invented, nothing reported", () => {
    const request = ask("What does Nike say about its reliance on contract factories?");
    expect(request.companies.map((c) => c.kind === "company" && c.ticker)).toEqual(["NKE"]);
    expect(request.metrics).toEqual([]);
    expect(request.unrecognized).toEqual([]);
    expect(request.suggestions).toEqual([]);
    expect(request.sources.map((s) => s.source)).toEqual(["filings", "news"]);
  });

  it("asks the filings what drove a change, after the figures", () => {
    const request = ask("Why did Nike's revenue fall in fiscal 2024?");
    expect(request.sources.map((s) => [s.source, s.sections])).toEqual([
      ["metrics", []],
      ["filings", ["7"]],
      ["news", []],
    ]);
  });

  it("sends market metrics to prices and filed ones to metrics, with no filings when none is asked", () => {
    const request = ask("Apple revenue and closing price in 2023");
    expect(request.sources.map((s) => s.source)).toEqual(["metrics", "prices", "news"]);
  });

  it("one filings route for a comparison of several companies' risks", () => {
    const request = ask("Compare the risks of Microsoft and Alphabet");
    expect(request.companies).toHaveLength(2);
    expect(request.sources.filter((s) => s.source === "filings")).toHaveLength(1);
  });

  it("keeps a typo of a company reported in a document question", () => {
    const request = ask("What are Microsfot's risks?");
    expect(request.companies.map((c) => c.kind === "company" && c.ticker)).toEqual(["MSFT"]);
    expect(filingsOf("What are Microsfot's risks?")?.sections).toEqual(["1A"]);
  });

  it("reads prose cue words as prose when no company is named", () => {
    expect(ask("what did my ma say").sources).toEqual([]);
  });

  it("routes no filings when no company is named", () => {
    expect(filingsOf("What are the biggest risks for banks?")).toBeUndefined();
  });
});

// "earnings" before "call", "release" or "report" names the document; read as net income, it used to add
// a metric the question never asked for and send it to the filed figures.
describe("documents named by earnings or conference", () => {
  const metricsOf = (question: string) => ask(question).metrics.map((m) => m.key);
  const sourcesOf = (question: string) => ask(question).sources.map((s) => [s.source, s.sections]);

  it("reads the earnings call as the call, not net income", () => {
    const request = ask("What guidance did Coca-Cola give on the earnings call?");
    expect(request.metrics).toEqual([]);
    expect(request.unrecognized).toEqual([]);
    expect(request.suggestions).toEqual([]);
    expect(sourcesOf(request.question)).toEqual([
      ["transcripts", []],
      ["filings", ["7"]],
      ["news", []],
    ]);
  });

  it("reads the earnings release as the 8-K Item 2.02, with no Net Income", () => {
    const request = ask("What did Amazon's earnings release say?");
    expect(request.metrics).toEqual([]);
    expect(request.unrecognized).toEqual([]);
    expect(request.suggestions).toEqual([]);
    expect(sourcesOf(request.question)).toEqual([
      ["filings", ["8-K 2.02"]],
      ["news", []],
    ]);
  });

  it.each([
    ["What did Apple say on the conference call?", "transcripts"],
    ["What did management say on Apple's earnings conference calls?", "transcripts"],
    ["What does Microsoft's earnings call transcript say about the cloud?", "transcripts"],
    ["What did Nike's earnings report say?", "filings"],
    ["What did PepsiCo's earnings press release on 2023-05-05 say?", "filings"],
    ["What was in Tesla's earnings announcement?", "filings"],
  ])("%s: no metric, the %s", (question, source) => {
    expect(metricsOf(question)).toEqual([]);
    expect(ask(question).sources.map((s) => s.source)).toContain(source);
  });

  it("still reads earnings as net income where no document follows, and a metric named beside the document", () => {
    expect(metricsOf("What were Apple's earnings in 2023?")).toEqual(["net_income"]);
    expect(metricsOf("What did Amazon's earnings release say about net income?")).toEqual(["net_income"]);
    expect(metricsOf("What were the earnings in Apple's earnings report?")).toEqual(["net_income"]);
    expect(metricsOf("Apple earnings per share on the earnings call")).toEqual(["eps_diluted"]);
  });
});
