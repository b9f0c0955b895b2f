import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { metricByKey } from "@/lib/catalog/metrics";
import { parseQuestion } from "./parse-question";
import { singleCompanies, structuredDataRequestSchema, type StructuredDataRequest } from "./schema";

const TODAY = "2026-11-30";

/** Parses with the fixed reference date and checks the result against the shared contract. */
function ask(question: string, today = TODAY): StructuredDataRequest {
  const request = parseQuestion(question, { today });
  return structuredDataRequestSchema.parse(request);
}

const tickers = (r: StructuredDataRequest) => singleCompanies(r).map((c) => c.ticker);
const metricKeys = (r: StructuredDataRequest) => r.metrics.map((m) => m.key);
const unrecognized = (r: StructuredDataRequest) => r.unrecognized.map((u) => u.text);

describe("parseQuestion: the examples of the brief", () => {
  it("What was Apple's revenue in fiscal 2023?", () => {
    const r = ask("What was Apple's revenue in fiscal 2023?");
    expect(r.agent).toBe("rules");
    expect(r.question).toBe("What was Apple's revenue in fiscal 2023?");
    expect(r.today).toBe(TODAY);
    expect(r.companies).toEqual([
      {
        kind: "company",
        ticker: "AAPL",
        name: "Apple Inc.",
        span: { text: "Apple's", start: 9, end: 16 },
        confidence: 1,
      },
    ]);
    expect(metricKeys(r)).toEqual(["revenue"]);
    expect(r.metrics[0]!.span).toEqual({ text: "revenue", start: 17, end: 24 });
    expect(r.metrics[0]!.related.map((m) => m.key)).toContain("cost_of_revenue");
    expect(r.metrics[0]!.related).toContainEqual({ key: "gross_profit", name: "Gross Profit" });
    expect(r.dates).toEqual({
      expression: "fiscal 2023",
      start: null,
      end: null,
      latest: false,
      granularity: "annual",
      fiscal: { year: 2023, period: "FY" },
      count: null,
    });
    expect(r.intent).toBe("lookup");
    expect(r.unrecognized).toEqual([]);
    expect(r.suggestions).toEqual([]);
  });

  it("Compare Apple and Nvidia net income over the last 8 quarters", () => {
    const r = ask("Compare Apple and Nvidia net income over the last 8 quarters");
    expect(tickers(r)).toEqual(["AAPL", "NVDA"]);
    expect(metricKeys(r)).toEqual(["net_income"]);
    expect(r.metrics[0]!.span?.text).toBe("net income");
    expect(r.dates).toEqual({
      expression: "last 8 quarters",
      start: "2025-01-01",
      end: "2026-11-30",
      latest: false,
      granularity: "quarterly",
      fiscal: null,
      count: 8,
    });
    expect(r.intent).toBe("compare");
    expect(r.unrecognized).toEqual([]);
  });

  it("aapl vs msft eps: lowercase tickers", () => {
    const r = ask("aapl vs msft eps");
    expect(tickers(r)).toEqual(["AAPL", "MSFT"]);
    expect(metricKeys(r)).toEqual(["eps_diluted"]);
    expect(r.intent).toBe("compare");
    expect(r.dates.latest).toBe(true);
  });

  it("from Apr 2016 to Jul 2017", () => {
    const r = ask("Apple revenue from Apr 2016 to Jul 2017");
    expect(r.dates).toMatchObject({
      expression: "from Apr 2016 to Jul 2017",
      start: "2016-04-01",
      end: "2017-07-31",
      latest: false,
      granularity: "daily",
    });
    expect(r.intent).toBe("trend");
  });

  it("Sep 2018", () => {
    const r = ask("Apple closing price Sep 2018");
    expect(metricKeys(r)).toEqual(["price_close"]);
    expect(r.dates).toMatchObject({
      expression: "Sep 2018",
      start: "2018-09-01",
      end: "2018-09-30",
      granularity: "daily",
      fiscal: null,
      count: null,
    });
  });

  it("nonsense: no companies, the words reported", () => {
    const r = ask("asdf qwerty");
    expect(r.companies).toEqual([]);
    expect(r.metrics).toEqual([]);
    expect(r.unrecognized).toEqual([{ text: "asdf qwerty", start: 0, end: 11 }]);
    expect(r.dates).toEqual({
      expression: null,
      start: null,
      end: null,
      latest: true,
      granularity: "any",
      fiscal: null,
      count: null,
    });
    expect(r.intent).toBe("lookup");
  });
});

describe("parseQuestion: companies", () => {
  it.each([
    ["Apple revenue", "AAPL"],
    ["apple’s revenue", "AAPL"],
    ["NVIDIA Corp revenue", "NVDA"],
    ["Google revenue", "GOOGL"],
    ["Alphabet revenue", "GOOGL"],
    ["Coca-Cola revenue", "KO"],
    ["Coke revenue", "KO"],
    ["J&J revenue", "JNJ"],
    ["P&G revenue", "PG"],
    ["Meta revenue", "META"],
    ["Facebook revenue", "META"],
    ["Johnson and Johnson revenue", "JNJ"],
    ["McDonald's revenue", "MCD"],
    ["The Home Depot, Inc. revenue", "HD"],
    ["$ko price", "KO"],
  ])("%s → %s", (question, ticker) => {
    const r = ask(question);
    expect(tickers(r)).toEqual([ticker]);
    expect(singleCompanies(r)[0]!.confidence).toBe(1);
    expect(r.unrecognized).toEqual([]);
  });

  it("keeps the legal form in the span and names each company once, in order of mention", () => {
    const r = ask("NVIDIA Corp vs Apple vs Nvidia vs AAPL");
    expect(tickers(r)).toEqual(["NVDA", "AAPL"]);
    expect(r.companies[0]!.span).toEqual({ text: "NVIDIA Corp", start: 0, end: 11 });
    expect(r.companies[1]!.span?.text).toBe("Apple");
  });

  it("takes capital V and MA as tickers, lowercase v and ma only where the context makes them tickers", () => {
    expect(tickers(ask("V and MA revenue"))).toEqual(["V", "MA"]);
    // In running prose "ma" is a word: reported, with Mastercard as a suggestion.
    const prose = ask("what did my ma say");
    expect(prose.companies).toEqual([]);
    expect(unrecognized(prose)).toEqual(["ma say"]);
    expect(prose.suggestions).toContainEqual({
      text: "ma",
      kind: "company",
      candidates: [{ value: "MA", label: "MA — Mastercard Incorporated", score: 1 }],
    });
    // Followed by a metric, it is the ticker.
    const metric = ask("what is ma revenue");
    expect(tickers(metric)).toEqual(["MA"]);
    expect(metric.companies[0]).toMatchObject({ span: { text: "ma" }, confidence: 0.9 });
    const versus = ask("Apple v Microsoft revenue");
    expect(tickers(versus)).toEqual(["AAPL", "MSFT"]);
    expect(versus.intent).toBe("compare");
  });

  it.each([
    ["ko vs pep dividend yield", ["KO", "PEP"], "compare"],
    ["ma vs v revenue", ["MA", "V"], "compare"],
    ["ko v pep dividend yield", ["KO", "PEP"], "compare"],
    ["Ko vs Pep revenue", ["KO", "PEP"], "compare"],
    ["KO VS PEP DIVIDEND YIELD", ["KO", "PEP"], "compare"],
    ["of xom cvx and ko who had the largest buybacks in 2024", ["XOM", "CVX", "KO"], "rank"],
    ["ko, pep and pg revenue", ["KO", "PEP", "PG"], "compare"],
    ["pg payout ratio", ["PG"], "lookup"],
    ["ko effective tax rate 2024", ["KO"], "lookup"],
    ["ko share price over the last 12 months", ["KO"], "trend"],
    ["v revenue 2024", ["V"], "lookup"],
    ["what is the payout ratio of pg?", ["PG"], "lookup"],
    ["is ko a buy", ["KO"], "invest"],
    ["should i buy pep", ["PEP"], "invest"],
    ["is it time to buy v", ["V"], "invest"],
    ["chase net income last quarter", ["JPM"], "lookup"],
    // Lowercase everyday-word names and tickers chosen between with "or"/"vs" read each other.
    ["who has the healthier balance sheet, ford or gm", ["F", "GM"], "compare"],
    ["ko vs pep", ["KO", "PEP"], "compare"],
    ["target or walmart revenue", ["TGT", "WMT"], "compare"],
    ["ford revenue 2024", ["F"], "lookup"],
    ["revenue of ford?", ["F"], "lookup"],
  ] as const)("reads word-like tickers from their context: %s → %j", (question, expected, intent) => {
    const r = ask(question);
    expect(tickers(r)).toEqual(expected);
    expect(r.intent).toBe(intent);
    expect(r.unrecognized).toEqual([]);
  });

  it.each([
    ["my ma said apple is a good buy", ["AAPL"]],
    ["the revenue of ma and pa shops", []],
    ["apple v msft revenue", ["AAPL", "MSFT"]],
    ["Apple Inc. v WFC operating expense", ["AAPL", "WFC"]],
    ["revenue v net income for apple", ["AAPL"]],
    ["2023 v 2024 revenue for apple", ["AAPL"]],
    ["apple hd", ["AAPL"]],
    ["Jack Ma net worth", []],
    ["Apple V. Microsoft revenue", ["AAPL", "MSFT"]],
    ["WMT V META revenue", ["WMT", "V", "META"]],
    ["BBY V INTC INTEREST PAYMENTS", ["BBY", "INTC"]],
    ["V MA revenue", ["V", "MA"]],
    ["AAPL, V, MSFT revenue", ["AAPL", "V", "MSFT"]],
    ["investors chase revenue growth", []],
    ["what is the cost of apple stock", ["AAPL"]],
    ["should i target or block them", []],
    ["how do i ford a river", []],
    ["is it on or off", []],
  ] as const)("keeps word-like tickers as words in prose and v as versus: %s → %j", (question, expected) => {
    expect(tickers(ask(question))).toEqual(expected);
  });

  it("does not read everyday words as tickers: cost of revenue, all, ko'd", () => {
    const r = ask("What is the cost of revenue for all of them?");
    expect(r.companies).toEqual([]);
    expect(metricKeys(r)).toEqual(["cost_of_revenue"]);
    expect(tickers(ask("Compare COST and WMT revenue"))).toEqual(["COST", "WMT"]);
    // In a question written all in capitals, COST is a word.
    expect(tickers(ask("WHAT IS THE COST OF REVENUE FOR WMT"))).toEqual(["WMT"]);
  });

  it("matches typos with confidence below 1", () => {
    const r = ask("Compare Appel, Microsfot and Nvidea earnings");
    expect(tickers(r)).toEqual(["AAPL", "MSFT", "NVDA"]);
    for (const c of singleCompanies(r)) {
      expect(c.confidence).toBeGreaterThan(0.75);
      expect(c.confidence).toBeLessThan(1);
    }
    expect(r.companies[0]!.span?.text).toBe("Appel");
    expect(r.unrecognized).toEqual([]);
  });

  it("suggests rather than guesses when a typo is short or ambiguous", () => {
    const r = ask("appl revenue");
    expect(r.companies).toEqual([]);
    expect(unrecognized(r)).toEqual(["appl"]);
    expect(r.suggestions[0]).toMatchObject({ text: "appl", kind: "company" });
    expect(r.suggestions[0]!.candidates[0]).toMatchObject({ value: "AAPL", label: "AAPL — Apple Inc." });
  });

  it('matches a misspelt lowercase name with an "and" in it', () => {
    const r = ask("jonson and jonson revenue 2024");
    expect(tickers(r)).toEqual(["JNJ"]);
    expect(r.companies[0]!.span?.text).toBe("jonson and jonson");
    expect(r.unrecognized).toEqual([]);
    expect(tickers(ask("proctor and gamble revenue"))).toEqual(["PG"]);
    // Two names joined by "and" stay two.
    expect(tickers(ask("apple and microsft revenue"))).toEqual(["AAPL", "MSFT"]);
  });

  it("matches a misspelt ticker and a misspelt two-word name", () => {
    expect(tickers(ask("APPL earnings"))).toEqual(["AAPL"]);
    const r = ask("Lockhead Martin revenue");
    expect(tickers(r)).toEqual(["LMT"]);
    expect(r.companies[0]!.span?.text).toBe("Lockhead Martin");
  });

  it("leaves everyday words that look like company names alone", () => {
    const r = ask("does this apply to metal or mobile phones");
    expect(r.companies).toEqual([]);
    expect(r.suggestions.filter((s) => s.kind === "company")).toEqual([]);
  });

  it("turns an unknown capitalized name into a company suggestion and an unrecognized span", () => {
    const r = ask("Initech revenue in 2023");
    expect(r.companies).toEqual([]);
    expect(metricKeys(r)).toEqual(["revenue"]);
    expect(r.unrecognized).toEqual([{ text: "Initech", start: 0, end: 7 }]);
    expect(r.suggestions).toEqual([{ text: "Initech", kind: "company", candidates: [] }]);
  });

  it("suggests close companies for a name too far off to match", () => {
    const r = ask("Compare Micro and Amazon revenue");
    expect(tickers(r)).toEqual(["AMZN"]);
    const s = r.suggestions.find((x) => x.text === "Micro");
    expect(s?.kind).toBe("company");
    expect(s?.candidates.map((c) => c.value)).toContain("MSFT");
  });

  it("reads a capitalized Chase as JPMorgan but not the verb", () => {
    expect(tickers(ask("Chase revenue 2022"))).toEqual(["JPM"]);
    expect(ask("investors chase the price").companies).toEqual([]);
  });
});

describe("parseQuestion: metrics", () => {
  it.each([
    ["Apple net income", ["net_income"]],
    ["Apple diluted EPS", ["eps_diluted"]],
    ["Apple operating cash flow", ["operating_cash_flow"]],
    ["Apple revenues", ["revenue"]],
    ["Apple eps diluted", ["eps_diluted"]],
    ["Apple stock price", ["price_close"]],
    ["Apple share price", ["price_close"]],
    ["Apple closing price", ["price_close"]],
    ["Apple adjusted close", ["price_adj_close"]],
    ["Apple R&D spending", ["research_and_development"]],
    ["Apple research and development expense", ["research_and_development"]],
    ["Apple long-term debt", ["long_term_debt"]],
    ["Apple cost of goods sold and gross profit", ["cost_of_revenue", "gross_profit"]],
  ])("%s → %j", (question, keys) => {
    const r = ask(question);
    expect(metricKeys(r)).toEqual(keys);
    expect(r.metrics.every((m) => m.confidence === 1)).toBe(true);
    expect(r.unrecognized).toEqual([]);
  });

  it.each([
    ["amzn rev q2", ["revenue"]],
    ["msft net inc fy25", ["net_income"]],
    ["msft op inc 2024", ["operating_income"]],
    ["aapl gp 2024", ["gross_profit"]],
    ["aapl fcf", ["free_cash_flow_ocf_capex"]],
    ["aapl cfo", ["operating_cash_flow"]],
    ["aapl capex", ["capex"]],
    ["net inc vs op inc for msft", ["net_income", "operating_income"]],
  ])("reads the shorthand investors type: %s → %j", (question, keys) => {
    const r = ask(question);
    expect(metricKeys(r)).toEqual(keys);
    expect(r.unrecognized).toEqual([]);
  });

  it("still reads inc after a name as its legal form", () => {
    const r = ask("Apple Inc. net income");
    expect(tickers(r)).toEqual(["AAPL"]);
    expect(r.companies[0]!.span?.text).toBe("Apple Inc");
    expect(metricKeys(r)).toEqual(["net_income"]);
  });

  it("reads shares of a company traded as the trading volume", () => {
    for (const question of [
      "How many shares of wells fargo traded in 2020?",
      "how many shares of xom changed hands in 2022",
      "how many shares of apple and nvidia were traded yesterday",
    ]) {
      const r = ask(question);
      expect(metricKeys(r), question).toEqual(["volume"]);
      expect(r.metrics[0]!.span?.text, question).toBe("shares");
      expect(r.unrecognized, question).toEqual([]);
      expect(r.intent, question).not.toBe("trend");
    }
    // Without trading, "shares" is not the volume.
    expect(metricKeys(ask("How many shares does Apple have?"))).toEqual([]);
  });

  it("does not take a tail word that opens another metric: net earnings, balance sheet total", () => {
    expect(metricKeys(ask("V net earnings, balance sheet total, accrued expenses"))).toEqual([
      "net_income",
      "total_assets",
      "accrued_liabilities",
    ]);
    expect(metricKeys(ask("Apple SG&A expenses 2023"))).toEqual(["selling_general_admin"]);
  });

  it("reads a stock of some kind as the companies, not the price, when a metric is named", () => {
    const faang = ask("which faang stock had the best eps growth over the last 3 years");
    expect(metricKeys(faang)).toEqual(["eps_growth_yoy"]);
    expect(faang.intent).toBe("rank");
    expect(metricKeys(ask("Top 5 retail stocks by ROA year to date"))).toEqual(["return_on_average_assets"]);
    expect(metricKeys(ask("Top three retail stocks by Dividends Paid"))).toEqual(["dividends_paid"]);
    // "cheapest" is the valuation (issue 16 item 4): a ranking by one measure, the P/E (issue 30); "stock" the companies.
    expect(metricKeys(ask("which stock is the cheapest"))).toEqual(["pe_ratio_ttm"]);
    expect(metricKeys(ask("highest dividend yield stocks"))).toEqual(["dividend_yield_ttm"]);
    expect(metricKeys(ask("apple stock and its p/e"))).toEqual(["pe_ratio_ttm"]);
    expect(metricKeys(ask("apple stock"))).toEqual(["price_close"]);
  });

  it("prefers the longest phrase: net income not income, diluted eps not eps", () => {
    const r = ask("Apple net income and diluted eps and operating cash flow");
    expect(metricKeys(r)).toEqual(["net_income", "eps_diluted", "operating_cash_flow"]);
    expect(r.metrics.map((m) => m.span?.text)).toEqual(["net income", "diluted eps", "operating cash flow"]);
  });

  it("names each metric once and fills related from the catalog", () => {
    const r = ask("revenue, sales and total revenue of Apple");
    expect(metricKeys(r)).toEqual(["revenue"]);
    expect(r.metrics[0]!.related.map((m) => m.key)).toEqual([
      "cost_of_revenue",
      "gross_profit",
      "operating_income",
      "net_income",
      "deferred_revenue_current",
    ]);
  });

  it("names a ratio by the catalog's derived metric, with its inputs among the related metrics", () => {
    const r = ask("Nvidia gross margin");
    expect(metricKeys(r)).toEqual(["gross_margin_ratio"]);
    expect(r.metrics[0]).toMatchObject({ name: "Gross Margin Ratio", span: { text: "gross margin" }, confidence: 1 });
    const related = r.metrics[0]!.related.map((m) => m.key);
    expect(related).toEqual(metricByKey("gross_margin_ratio")!.related);
    expect(related).toEqual(expect.arrayContaining(["gross_profit", "revenue"]));
    expect(metricKeys(ask("msft p/e and roe"))).toEqual(["pe_ratio_ttm", "return_on_average_equity"]);
  });

  it("matches metric typos with confidence below 1", () => {
    const r = ask("Apple reveune and net incme in 2022");
    expect(metricKeys(r)).toEqual(["revenue", "net_income"]);
    expect(r.metrics.every((m) => m.confidence > 0.8 && m.confidence < 1)).toBe(true);
  });

  it("does not take an adjective for a price: debt is too high", () => {
    const r = ask("Is Apple's debt too high?");
    expect(metricKeys(r)).toEqual(["long_term_debt"]);
    expect(unrecognized(r)).toEqual(["high"]);
    expect(metricKeys(ask("Apple high and low in 2020"))).toEqual(["price_high", "price_low"]);
  });

  it("suggests metrics for a word that names none", () => {
    const r = ask("How many shares does Apple have?");
    expect(r.metrics).toEqual([]);
    expect(unrecognized(r)).toEqual(["shares"]);
    const s = r.suggestions.find((x) => x.kind === "metric");
    expect(s?.text).toBe("shares");
    expect(s?.candidates.map((c) => c.value)).toContain("shares_outstanding");
  });
});

describe("parseQuestion: default metrics", () => {
  it("an investment question without a metric gets the investment defaults", () => {
    const r = ask("Should I invest in Tesla?");
    expect(tickers(r)).toEqual(["TSLA"]);
    expect(r.intent).toBe("invest");
    expect(metricKeys(r)).toEqual(["revenue", "net_income", "eps_diluted", "price_close"]);
    expect(r.metrics.every((m) => m.span === null && m.confidence === 0.5)).toBe(true);
  });

  it("an investment question keeps the metrics it names", () => {
    const r = ask("Is Apple a good investment given its free cash flow?");
    expect(r.intent).toBe("invest");
    expect(metricKeys(r)).toEqual(["free_cash_flow_ocf_capex"]);
  });

  it("how is X doing gets revenue and net income", () => {
    const r = ask("How is Coca-Cola doing?");
    expect(tickers(r)).toEqual(["KO"]);
    expect(metricKeys(r)).toEqual(["revenue", "net_income"]);
    expect(r.intent).toBe("lookup");
    expect(r.unrecognized).toEqual([]);
  });

  it("a company with words that match nothing gets no invented metric but a suggestion", () => {
    const r = ask("Lockheed Martin backlog");
    expect(tickers(r)).toEqual(["LMT"]);
    expect(r.metrics).toEqual([]);
    expect(unrecognized(r)).toEqual(["backlog"]);
    expect(r.suggestions).toEqual([
      {
        text: "backlog",
        kind: "metric",
        candidates: [
          { value: "revenue", label: "Revenue", score: 0 },
          { value: "net_income", label: "Net Income", score: 0 },
          { value: "eps_diluted", label: "Diluted EPS", score: 0 },
          { value: "price_close", label: "Closing Price", score: 0 },
        ],
      },
    ]);
  });
});

describe("parseQuestion: dates", () => {
  const dates = (q: string, today = TODAY) => ask(q, today).dates;

  it.each([
    [
      "revenue in 2023",
      { expression: "2023", start: "2023-01-01", end: "2023-12-31", granularity: "annual", fiscal: null },
    ],
    [
      "revenue FY2023",
      { expression: "FY2023", start: null, end: null, granularity: "annual", fiscal: { year: 2023, period: "FY" } },
    ],
    ["revenue FY 2023", { expression: "FY 2023", fiscal: { year: 2023, period: "FY" } }],
    ["revenue fy23", { expression: "fy23", fiscal: { year: 2023, period: "FY" } }],
    [
      "revenue Q3 2023",
      { expression: "Q3 2023", start: "2023-07-01", end: "2023-09-30", granularity: "quarterly", fiscal: null },
    ],
    [
      "revenue 3Q23",
      { expression: "3Q23", start: "2023-07-01", end: "2023-09-30", granularity: "quarterly", fiscal: null },
    ],
    [
      "revenue in the third quarter of 2023",
      { expression: "third quarter of 2023", start: "2023-07-01", end: "2023-09-30" },
    ],
    [
      "revenue Q3 FY2024",
      {
        expression: "Q3 FY2024",
        start: null,
        end: null,
        granularity: "quarterly",
        fiscal: { year: 2024, period: "Q3" },
      },
    ],
    ["revenue fiscal Q3 2024", { expression: "fiscal Q3 2024", fiscal: { year: 2024, period: "Q3" } }],
    [
      "price in September 2018",
      { expression: "September 2018", start: "2018-09-01", end: "2018-09-30", granularity: "daily" },
    ],
    [
      "revenue between 2019 and 2021",
      { expression: "between 2019 and 2021", start: "2019-01-01", end: "2021-12-31", granularity: "annual" },
    ],
    ["revenue 2019-2021", { expression: "2019-2021", start: "2019-01-01", end: "2021-12-31", granularity: "annual" }],
    ["price on 2020-01-02", { expression: "2020-01-02", start: "2020-01-02", end: "2020-01-02", granularity: "daily" }],
    [
      "price on January 2, 2020",
      { expression: "January 2, 2020", start: "2020-01-02", end: "2020-01-02", granularity: "daily" },
    ],
    ["revenue since 2019", { expression: "since 2019", start: "2019-01-01", end: "2026-11-30", granularity: "annual" }],
    ["price YTD", { expression: "YTD", start: "2026-01-01", end: "2026-11-30", granularity: "any", count: null }],
    [
      "revenue last quarter",
      { expression: "last quarter", start: "2026-07-01", end: "2026-09-30", granularity: "quarterly", count: null },
    ],
    [
      "revenue last year",
      { expression: "last year", start: "2025-01-01", end: "2025-12-31", granularity: "annual", count: null },
    ],
    [
      "gross profit TTM",
      {
        expression: "TTM (the last 4 completed quarters)",
        start: "2025-10-01",
        end: "2026-09-30",
        granularity: "quarterly",
        count: 4,
      },
    ],
    [
      "revenue over the past eight years",
      { expression: "past eight years", start: "2019-01-01", end: "2026-11-30", granularity: "annual", count: 8 },
    ],
    [
      "price over the previous 6 months",
      { expression: "previous 6 months", start: "2026-06-01", end: "2026-11-30", granularity: "daily", count: null },
    ],
    [
      "price over the last two weeks",
      { expression: "last two weeks", start: "2026-11-23", end: "2026-11-30", granularity: "daily" },
    ],
    [
      "price over the last 10 days",
      { expression: "last 10 days", start: "2026-11-21", end: "2026-11-30", granularity: "daily" },
    ],
  ] as const)("%s", (question, expected) => {
    expect(dates(question)).toMatchObject({ latest: false, ...expected });
  });

  it("leaves date words inside a metric's name to the metric", () => {
    const r = parseQuestion("aapl ttm eps and daily price change", { today: TODAY });
    expect(r.metrics.map((m) => m.key)).toEqual(["eps_ttm", "daily_price_change"]);
    expect(r.dates).toMatchObject({ expression: null, latest: true });
    expect(parseQuestion("revenue ttm", { today: TODAY }).metrics.map((m) => m.key)).toEqual(["revenue_ttm"]);
  });

  it.each([
    ["amzn rev ttm", "revenue_ttm"],
    ["amzn rev ltm", "revenue_ttm"],
    ["ttm revenue for apple", "revenue_ttm"],
    ["nvidia trailing twelve months eps", "eps_ttm"],
    ["trailing 12 months rev of apple", "revenue_ttm"],
    ["last 4 quarters revenue for apple", "revenue_ttm"],
    ["last four quarters net income of msft", "net_income_ttm"],
  ])("reads %j as the metric's TTM form, at the latest quarter", (question, key) => {
    const r = parseQuestion(question, { today: TODAY });
    expect(r.metrics.map((m) => m.key)).toEqual([key]);
    expect(r.dates).toMatchObject({ expression: null, latest: true });
    expect(r.unrecognized).toEqual([]);
  });

  it.each([
    // Four quarterly values asked for.
    ["googles eps last 4 quarters", "eps_diluted", "last 4 quarters"],
    ["apple revenue over the last 4 quarters", "revenue", "last 4 quarters"],
    // A ratio with no TTM form; a name ending a longer one keeps the longer one whole.
    ["apple gross margin last 4 quarters", "gross_margin_ratio", "last 4 quarters"],
    ["receivables turnover ttm", "receivables_turnover", "ttm (the last 4 completed quarters)"],
    ["pypl receivables turnover last 4 quarters", "receivables_turnover", "last 4 quarters"],
  ])("keeps %j a date range", (question, key, expression) => {
    const r = parseQuestion(question, { today: TODAY });
    expect(r.metrics.map((m) => m.key)).toEqual([key]);
    expect(r.dates).toMatchObject({ expression, latest: false, count: 4 });
  });

  it("counts quarters back from the current calendar quarter, across year ends", () => {
    expect(dates("revenue for the last four quarters", "2026-02-15")).toMatchObject({
      start: "2025-04-01",
      end: "2026-02-15",
      count: 4,
    });
    expect(dates("revenue for the past quarter", "2026-03-31")).toMatchObject({ start: "2026-01-01", count: 1 });
    expect(dates("revenue for the last quarter", "2026-03-31")).toMatchObject({
      start: "2025-10-01",
      end: "2025-12-31",
    });
  });

  it("combines two fiscal years into the last of them and a count", () => {
    expect(dates("Apple revenue FY2022 vs FY2023")).toMatchObject({
      expression: "FY2022, FY2023",
      start: null,
      end: null,
      fiscal: { year: 2023, period: "FY" },
      count: 2,
    });
  });

  it("lets quarterly/annual words set the granularity", () => {
    expect(dates("quarterly revenue of Apple since 2020")).toMatchObject({
      start: "2020-01-01",
      granularity: "quarterly",
    });
    expect(dates("Apple's latest quarter revenue")).toEqual({
      expression: "latest quarter",
      start: null,
      end: null,
      latest: true,
      granularity: "quarterly",
      fiscal: null,
      count: null,
    });
  });

  it("reports a date it cannot resolve instead of guessing", () => {
    const r = ask("Apple revenue for the last 0 years");
    expect(r.dates.latest).toBe(true);
    expect(unrecognized(r)).toEqual(["last 0"]);
  });
});

describe("parseQuestion: intent", () => {
  it.each([
    ["Compare Apple and Microsoft revenue", "compare"],
    ["Apple versus Microsoft net income", "compare"],
    ["Is Visa's revenue bigger than Mastercard's?", "compare"],
    ["Apple and Microsoft revenue in 2023", "compare"],
    ["Apple revenue trend", "trend"],
    ["Apple revenue over time", "trend"],
    ["Apple revenue growth", "trend"],
    ["Apple revenue over the last 5 years", "trend"],
    ["Which company had the highest net income in 2022?", "rank"],
    ["top 5 companies by revenue", "rank"],
    ["worst performing stock by EPS in 2023", "rank"],
    ["Should I buy Nvidia?", "invest"],
    ["Is Apple a good investment?", "invest"],
    ["Why did Boeing's net income fall in 2020?", "explain"],
    ["What drove Tesla's revenue in 2023?", "explain"],
    ["Explain Nvidia's revenue growth", "explain"],
    ["Apple revenue 2023", "lookup"],
    ["good time to buy amzn?", "invest"],
    ["Is now the time to sell Nike?", "invest"],
    ["would walmart be a safe stock to own", "invest"],
    ["Is Salesforce a good long-term investment?", "invest"],
    ["Is Apple a long-term hold?", "invest"],
    ["How has net income at Home Depot trended since 2020?", "trend"],
    ["how has selling and marketing at home depot trended?", "trend"],
    ["axp revenue growth yoy", "trend"],
    ["nvidia revenue growth qoq", "trend"],
  ] as const)("%s → %s", (question, intent) => {
    const r = ask(question);
    expect(r.intent).toBe(intent);
    expect(r.unrecognized).toEqual([]);
  });

  it("reads an investment judgement's words as the cue, not as a metric", () => {
    for (const question of [
      "Is Salesforce a good long-term investment?",
      "would walmart be a safe stock to own",
      "good time to buy amzn?",
    ]) {
      const r = ask(question);
      expect(r.intent, question).toBe("invest");
      expect(metricKeys(r), question).toEqual(["revenue", "net_income", "eps_diluted", "price_close"]);
      expect(
        r.metrics.every((m) => m.span === null),
        question,
      ).toBe(true);
    }
    // The balance-sheet line is still a metric when it is one.
    const sheet = ask("apple long-term investments 2024");
    expect(metricKeys(sheet)).toEqual(["marketable_securities_noncurrent"]);
    expect(sheet.intent).toBe("lookup");
  });

  it("does not read Best Buy as a ranking or top line as top N", () => {
    const r = ask("Best Buy top line in 2023");
    expect(tickers(r)).toEqual(["BBY"]);
    expect(metricKeys(r)).toEqual(["revenue"]);
    expect(r.intent).toBe("lookup");
  });
});

describe("parseQuestion: robustness", () => {
  it("handles empty, blank and punctuation-only questions", () => {
    for (const q of ["", "   ", "???", "\u0000\u0007\n\t", "🚀📈"]) {
      const r = ask(q);
      expect(r.companies).toEqual([]);
      expect(r.metrics).toEqual([]);
      expect(r.unrecognized).toEqual([]);
      expect(r.question).toBe(q);
    }
  });

  it("rejects a reference date that is not YYYY-MM-DD", () => {
    expect(() => parseQuestion("Apple revenue", { today: "30/11/2026" })).toThrow(RangeError);
    expect(() => parseQuestion("Apple revenue", { today: "2026-02-30" })).toThrow(RangeError);
  });

  it("is deterministic", () => {
    const q = "Compare Appel and MSFT diluted EPS since Q3 2019 vs fiscal 2024";
    expect(ask(q)).toEqual(ask(q));
  });

  /** Invariants beyond the schema: spans point at the question, each company and metric once. */
  function checkInvariants(question: string): void {
    const r = ask(question);
    expect(r.question).toBe(question);
    const spans = [...r.companies.map((c) => c.span), ...r.metrics.map((m) => m.span), ...r.unrecognized];
    for (const span of spans) {
      if (span === null) continue;
      expect(span.end).toBeGreaterThanOrEqual(span.start);
      expect(span.end).toBeLessThanOrEqual(question.length);
      expect(question.slice(span.start, span.end)).toBe(span.text);
    }
    expect(new Set(tickers(r)).size).toBe(singleCompanies(r).length);
    expect(new Set(r.companies.map((c) => JSON.stringify({ ...c, span: null, confidence: null }))).size).toBe(
      r.companies.length,
    );
    expect(new Set(metricKeys(r)).size).toBe(r.metrics.length);
    if (r.dates.expression === null) expect(r.dates.latest).toBe(true);
  }

  const QUESTION_WORDS = [
    "What",
    "was",
    "is",
    "the",
    "Apple's",
    "apple",
    "AAPL",
    "msft",
    "V",
    "ma",
    "MA",
    "Nvidia",
    "NVIDIA Corp",
    "Coca-Cola",
    "J&J",
    "P&G",
    "Appel",
    "Microsfot",
    "revenue",
    "net income",
    "diluted eps",
    "eps",
    "price",
    "stock",
    "gross margin",
    "high",
    "too",
    "in",
    "fiscal",
    "2023",
    "FY2023",
    "fy23",
    "Q3",
    "3Q23",
    "Q3 FY2024",
    "fiscal Q3 2024",
    "Sep 2018",
    "from",
    "to",
    "between",
    "and",
    "since",
    "before",
    "after",
    "as of",
    "last",
    "past",
    "8",
    "eight",
    "quarters",
    "years",
    "months",
    "weeks",
    "days",
    "YTD",
    "2019-2021",
    "2020-01-02",
    "January 2, 2020",
    "vs",
    "compare",
    "top",
    "why",
    "should I invest",
    "trend",
    "quarterly",
    "latest",
    "?",
    ",",
    "-",
    "'s",
    "’",
    "$",
    "\u0000",
    "🚀",
  ];

  it("never throws and always satisfies the contract: any string", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (q) => checkInvariants(q)),
      { numRuns: 300 },
    );
  });

  it("never throws and always satisfies the contract: full Unicode and control characters", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: "binary", maxLength: 300 }), fc.string({ unit: "binary-ascii", maxLength: 300 })),
        (q) => checkInvariants(q),
      ),
      { numRuns: 300 },
    );
  });

  it("never throws and always satisfies the contract: question-like word salad", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...QUESTION_WORDS), { maxLength: 40 }),
        fc.constantFrom(" ", "", "  ", "\n"),
        (words, sep) => checkInvariants(words.join(sep)),
      ),
      { numRuns: 500 },
    );
  });

  it("never throws and always satisfies the contract: up to 10 kB", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ minLength: 2000, maxLength: 10_000 }),
          fc.string({ unit: "binary", minLength: 1000, maxLength: 5_000 }),
          fc.array(fc.constantFrom(...QUESTION_WORDS), { minLength: 500, maxLength: 1500 }).map((w) => w.join(" ")),
        ),
        (q) => {
          checkInvariants(q);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("reports a 100 kB input whole as not understood, at once", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: 100_000, maxLength: 100_000 }), (q) => {
        const started = performance.now();
        const r = parseQuestion(q, { today: "2026-11-30" });
        expect(performance.now() - started).toBeLessThan(50);
        expect(structuredDataRequestSchema.safeParse(r).success).toBe(true);
        expect(r.companies).toEqual([]);
        expect(r.unrecognized.map((u) => u.text)).toEqual(q.trim() === "" ? [] : [q.trim()]);
      }),
      { numRuns: 10 },
    );
  });
});

describe("parseQuestion: SEC-listed companies", () => {
  it("names any company on the SEC list, with the S&P 500 one for a shared name", () => {
    const r = ask("Compare Tyson Foods and Hormel revenue in 2023");
    expect(singleCompanies(r).map((c) => [c.ticker, c.name, c.span?.text])).toEqual([
      ["TSN", "Tyson Foods, Inc.", "Tyson Foods"],
      ["HRL", "Hormel Foods Corp", "Hormel"],
    ]);
    expect(r.intent).toBe("compare");
    expect(r.unrecognized).toEqual([]);
    expect(tickers(ask("Ford revenue vs GM"))).toEqual(["F", "GM"]);
    expect(tickers(ask("BRK-B price since 2020"))).toEqual(["BRK-B"]);
  });

  it("asks which one when several SEC-listed companies share the name", () => {
    const r = ask("What was Rio Tinto revenue?");
    expect(r.companies).toEqual([]);
    expect(unrecognized(r)).toEqual(["Rio Tinto"]);
    expect(r.suggestions).toContainEqual({
      text: "Rio Tinto",
      kind: "company",
      candidates: expect.arrayContaining([expect.objectContaining({ value: "RIO", score: 1 })]) as unknown,
    });
  });

  it("still reports a name it does not know", () => {
    const r = ask("Acme Rocketworks revenue in 2023");
    expect(r.companies).toEqual([]);
    expect(unrecognized(r)).toEqual(["Acme Rocketworks"]);
  });
});

describe("parseQuestion: groups of companies", () => {
  const entries = (r: StructuredDataRequest) =>
    r.companies.map((c) => {
      switch (c.kind) {
        case "company":
          return c.ticker;
        case "peers":
          return `peers of ${c.of.ticker}`;
        case "sector":
          return `sector ${c.sector}`;
        case "industry":
          return `industry ${c.industry}`;
        case "all":
          return "all";
      }
    });

  it.each([
    ["Tyson Foods' competitors revenue in 2023", ["peers of TSN"], "Tyson Foods' competitors"],
    ["peers of Apple by net income", ["peers of AAPL"], "peers of Apple"],
    ["competitors of Visa", ["peers of V"], "competitors of Visa"],
    ["companies like Nvidia", ["peers of NVDA"], "companies like Nvidia"],
    ["Microsoft's industry peers revenue", ["peers of MSFT"], "Microsoft's industry peers"],
  ] as const)("%s → %j (the company taken in)", (question, expected, spanText) => {
    const r = ask(question);
    expect(entries(r)).toEqual(expected);
    expect(r.companies[0]!.span?.text).toBe(spanText);
    expect(r.companies[0]).toMatchObject({ kind: "peers", of: { name: expect.any(String) as string } });
    expect(r.unrecognized).toEqual([]);
  });

  it.each([
    ["Apple and its peers net income", ["AAPL", "peers of AAPL"], "its peers"],
    ["How does Tesla compare to its competitors on revenue?", ["TSLA", "peers of TSLA"], "its competitors"],
    ["UNH vs peers: net income", ["UNH", "peers of UNH"], "peers"],
  ] as const)("%s → %j (the company named on its own too)", (question, expected, spanText) => {
    const r = ask(question);
    expect(entries(r)).toEqual(expected);
    expect(r.companies[1]!.span?.text).toBe(spanText);
    expect(r.intent).toBe("compare");
    expect(r.unrecognized).toEqual([]);
  });

  it("reads 'its sector' and 'its industry' as the named company's", () => {
    expect(entries(ask("Apple's revenue compared to its sector"))).toEqual(["AAPL", "sector Information Technology"]);
    expect(entries(ask("Nvidia net income relative to its industry"))).toEqual(["NVDA", "industry Semiconductors"]);
  });

  it("leaves peer words with no company to be peers of as not understood", () => {
    const r = ask("revenue of the peers");
    expect(r.companies).toEqual([]);
    expect(unrecognized(r)).toEqual(["peers"]);
  });

  it.each([
    ["energy companies revenue in 2023", "sector Energy", "energy companies"],
    ["tech stocks net income", "sector Information Technology", "tech stocks"],
    ["the Financials sector's net income", "sector Financials", "Financials sector's"],
    ["revenue of utilities", "sector Utilities", "utilities"],
    ["health care stocks revenue", "sector Health Care", "health care stocks"],
    ["banks net income", "industry Banks", "banks"],
    ["Software & Services companies revenue", "industry Software & Services", "Software & Services companies"],
    ["semiconductor companies net income", "industry Semiconductors", "semiconductor companies"],
    ["chipmakers revenue", "industry Semiconductors", "chipmakers"],
    ["oil majors net income", "industry Oil, Gas & Consumable Fuels", "oil majors"],
    ["which bank has the highest net income", "industry Banks", "bank"],
  ] as const)("%s → %s", (question, expected, spanText) => {
    const r = ask(question);
    expect(entries(r)).toEqual([expected]);
    expect(r.companies[0]!.span?.text).toBe(spanText);
    expect(r.unrecognized).toEqual([]);
  });

  it("reads everyday sector words as words without a noun for companies", () => {
    for (const q of [
      "Summarize Nike's financials",
      "Apple energy costs",
      "Tesla software revenue",
      "oil prices in 2022",
    ]) {
      expect(
        ask(q).companies.filter((c) => c.kind !== "company"),
        q,
      ).toEqual([]);
    }
  });

  it("counts a group as several companies: a comparison", () => {
    expect(ask("energy companies revenue in 2023").intent).toBe("compare");
    expect(ask("Compare Apple with other tech companies by revenue").companies.map((c) => c.kind)).toEqual([
      "company",
      "sector",
    ]);
  });

  it("gives a group alone no invented metric, unless asked how it is doing", () => {
    expect(metricKeys(ask("top 5 companies"))).toEqual([]);
    expect(metricKeys(ask("How are banks doing?"))).toEqual(["revenue", "net_income"]);
    expect(metricKeys(ask("Should I buy tech stocks?"))).toEqual([
      "revenue",
      "net_income",
      "eps_diluted",
      "price_close",
    ]);
  });
});

describe("parseQuestion: rankings and thresholds", () => {
  it.each([
    ["top 5 companies by revenue", { n: 5, order: "desc" }, ["all"]],
    ["Which company had the highest revenue in 2023?", { n: null, order: "desc" }, ["all"]],
    ["lowest 3 companies by net income", { n: 3, order: "asc" }, ["all"]],
    ["the 10 biggest banks by total assets", { n: 10, order: "desc" }, ["industry"]],
    ["Bottom five chip companies by revenue", { n: 5, order: "asc" }, ["industry"]],
    ["Worst 5 companies by EBITDA in 2023", { n: 5, order: "asc" }, ["all"]],
    ["Rank the energy companies by net income", { n: null, order: "desc" }, ["sector"]],
    ["Which stock had the highest EPS in 2023?", { n: null, order: "desc" }, ["all"]],
    ["Which 5 companies had the highest revenue in 2023?", { n: 5, order: "desc" }, ["all"]],
  ] as const)("%s → %j", (question, rank, kinds) => {
    const r = ask(question);
    expect(r.intent).toBe("rank");
    expect(r.rank).toEqual(rank);
    expect(r.companies.map((c) => c.kind)).toEqual(kinds);
    expect(r.unrecognized).toEqual([]);
    expect(metricKeys(r)).not.toContain("price_close"); // "stock" here is companies, not the share price
  });

  it("spans 'all companies' on the noun when there is one", () => {
    expect(ask("top 5 companies by revenue").companies).toEqual([
      { kind: "all", span: { text: "companies", start: 6, end: 15 } },
    ]);
    expect(ask("What was the highest revenue in 2023?").companies).toEqual([{ kind: "all", span: null }]);
  });

  it("ranks among named companies without adding all companies", () => {
    const r = ask("Which of Apple, Microsoft and Nvidia had the lowest net income?");
    expect(tickers(r)).toEqual(["AAPL", "MSFT", "NVDA"]);
    expect(r.companies.every((c) => c.kind === "company")).toBe(true);
    expect(r.rank).toEqual({ n: null, order: "asc" });
  });

  it("has no ranking without ranking words, or for 'Best Buy' and 'top line'", () => {
    expect(ask("Apple revenue 2023").rank).toBeNull();
    expect(ask("Best Buy top line in 2023").rank).toBeNull();
    expect(ask("Is Apple a good investment?").rank).toBeNull();
  });

  it.each([
    ["companies with revenue over $100 billion", { metricKey: "revenue", op: ">", value: "$100 billion" }],
    ["companies with more than $100 billion in revenue", { metricKey: "revenue", op: ">", value: "$100 billion" }],
    ["tech companies with net income of at least $10B", { metricKey: "net_income", op: ">=", value: "$10B" }],
    ["stocks with EPS > 5", { metricKey: "eps_diluted", op: ">", value: "5" }],
    [
      "banks with total assets below 500 billion dollars",
      { metricKey: "total_assets", op: "<", value: "500 billion dollars" },
    ],
    ["companies whose revenue is higher than 50bn", { metricKey: "revenue", op: ">", value: "50bn" }],
  ] as const)("%s → %j", (question, screen) => {
    const r = ask(question);
    expect(r.screen).toEqual(screen);
    expect(r.intent).toBe("screen");
    expect(r.companies.length).toBe(1);
    expect(r.unrecognized).toEqual([]);
  });

  it("keeps the threshold of a question about named companies, which stays a look-up or comparison", () => {
    const r = ask("Is Apple's revenue over $100 billion?");
    expect(r).toMatchObject({
      intent: "lookup",
      screen: { metricKey: "revenue", op: ">", value: "$100 billion" },
      rank: null,
    });
    expect(r.companies).toHaveLength(1);
  });

  it("keeps a ranking with a threshold, and reads a threshold on a ratio", () => {
    const r = ask("top 3 companies with revenue over $100 billion by net income");
    expect(r).toMatchObject({
      intent: "rank",
      rank: { n: 3, order: "desc" },
      screen: { metricKey: "revenue", op: ">", value: "$100 billion" },
    });
    // "a P/E" is the P/E, no longer "A/P" (issue 16 item 5).
    expect(ask("stocks with a P/E under 15").screen).toEqual({ metricKey: "pe_ratio_ttm", op: "<", value: "15" });
    expect(ask("Apple revenue over the last 5 years").screen).toBeNull();
  });
});

describe("parseQuestion: a company name is not cut by a metric phrase starting inside it", () => {
  it.each([
    ["What was Best Buy's fixed asset turnover in fiscal 2023?", "BBY", "fixed_asset_turnover"],
    ["How much did Best Buy spend buying equipment in 2023?", "BBY", "capex"],
  ])("%s → %s, %s", (question, ticker, metric) => {
    const r = ask(question);
    expect(tickers(r)).toEqual([ticker]);
    expect(r.metrics.map((m) => m.key)).toEqual([metric]);
  });
});

describe("parseQuestion: news and stock-move questions (issue 16)", () => {
  it.each([
    ["What's the latest news on Nvidia?", "NVDA"],
    ["Any news about Apple's headset?", "AAPL"],
    ["What happened with Boeing in January 2024?", "BA"],
    ["Show me the headlines for Tesla", "TSLA"],
  ])("%s → news about %s, no invented metric, routed to news", (question, ticker) => {
    const r = ask(question);
    expect(r.intent).toBe("news");
    expect(tickers(r)).toEqual([ticker]);
    expect(r.metrics).toEqual([]);
    expect(r.suggestions.filter((s) => s.kind === "metric")).toEqual([]);
    expect(r.sources.map((s) => s.source)).toEqual(["news"]);
  });

  it("What happened to Apple's gross margin? stays an explanation of a metric", () => {
    const r = ask("What happened to Apple's gross margin in 2023?");
    expect(r.intent).toBe("explain");
    expect(metricKeys(r)).toEqual(["gross_margin_ratio"]);
  });

  it("Why did Microsoft jump in late January 2024? → a move over the last days of the month", () => {
    const r = ask("Why did Microsoft jump in late January 2024?");
    expect(r.intent).toBe("move");
    expect(tickers(r)).toEqual(["MSFT"]);
    expect(r.dates).toMatchObject({ expression: "late January 2024", start: "2024-01-21", end: "2024-01-31" });
    expect(unrecognized(r)).toEqual([]);
    expect(r.sources.map((s) => s.source)).toEqual(["prices", "news"]);
    expect(r.sources.every((s) => s.reason.length > 0)).toBe(true);
  });

  it.each([
    ["How did the market react to Netflix's Q4 results?", "NFLX"],
    ["Why did Tesla stock plunge in early March 2024?", "TSLA"],
  ])("%s → a move", (question, ticker) => {
    const r = ask(question);
    expect(r.intent).toBe("move");
    expect(tickers(r)).toEqual([ticker]);
  });

  it("Why did Apple's revenue jump in 2023? is about revenue, not the stock", () => {
    expect(ask("Why did Apple's revenue jump in 2023?").intent).toBe("explain");
  });
});

describe("parseQuestion: investor shorthand (issue 16, the investor set's kinds)", () => {
  it("reads lowercase tickers of listed companies beside another company or a metric, not as words", () => {
    expect(tickers(ask("net margin of wfc vs bac"))).toEqual(["WFC", "BAC"]);
    expect(tickers(ask("compare ups and fedex operating income"))).toEqual(["UPS", "FDX"]);
    expect(tickers(ask("xom or cop, which has the lower debt"))).toEqual(["XOM", "COP"]);
    expect(tickers(ask("bac stock price last month"))).toEqual(["BAC"]);
    expect(tickers(ask("the ups and downs of apple stock this year"))).toEqual(["AAPL"]);
    expect(tickers(ask("did the cop stop the apple revenue story"))).toEqual(["AAPL"]);
  });

  it("reads a company's possessive written without its apostrophe", () => {
    expect(tickers(ask("microsofts operating margin 2023"))).toEqual(["MSFT"]);
    expect(tickers(ask("whats nvidias revenue"))).toEqual(["NVDA"]);
    expect(tickers(ask("aapls eps fy2024"))).toEqual(["AAPL"]);
    // A word-like ticker is no possessive: costs are no Costco.
    expect(tickers(ask("apple costs vs revenue 2024"))).toEqual(["AAPL"]);
  });

  it("reads 'at the end of FY2023' as that fiscal year, and 'since <month>' as this year's month to today", () => {
    expect(ask("Apple total assets at the end of FY2023").dates).toMatchObject({
      fiscal: { year: 2023, period: "FY" },
    });
    expect(ask("msft shares since march").dates).toMatchObject({ start: "2026-03-01", end: TODAY });
    // A month still to come this year is last year's.
    expect(ask("apple stock from dec", "2026-06-15").dates).toMatchObject({ start: "2025-12-01", end: "2026-06-15" });
    expect(ask("apple stock since march").intent).toBe("trend");
  });
});

describe("parseQuestion: the measure a ranking question means (issue 30)", () => {
  const rankOf = (q: string) => {
    const r = ask(q);
    return { metrics: metricKeys(r), order: r.rank?.order ?? null, intent: r.intent };
  };

  it("ranks an income investor's dividend question by dividend yield", () => {
    for (const q of [
      "Which stock has the highest dividend?",
      "What are the best dividend stocks?",
      "Which company has the biggest payout?",
      "top 5 dividend stocks",
      "Which stocks pay the biggest dividends?",
    ]) {
      expect(rankOf(q), q).toEqual({ metrics: ["dividend_yield_ttm"], order: "desc", intent: "rank" });
    }
  });

  it("keeps the amount when the question says it in full, and a look-up as it was", () => {
    expect(rankOf("Which company pays the highest dividend per share?").metrics).toEqual(["dividends_per_share"]);
    expect(rankOf("Top three retail stocks by Dividends Paid").metrics).toEqual(["dividends_paid"]);
    expect(rankOf("What was Apple's dividend in 2024?").metrics).toEqual(["dividends_per_share"]);
    expect(rankOf("What is Apple's payout ratio?").metrics).toEqual(["dividend_payout_ratio"]);
  });

  it("ranks 'cheapest' lowest first, by the valuation ratio named, else the P/E", () => {
    expect(rankOf("Which tech stock is cheapest?")).toEqual({
      metrics: ["pe_ratio_ttm"],
      order: "asc",
      intent: "rank",
    });
    expect(rankOf("What are the 3 cheapest stocks?")).toMatchObject({ metrics: ["pe_ratio_ttm"], order: "asc" });
    expect(rankOf("Which company is cheapest on price to sales?")).toEqual({
      metrics: ["price_to_sales"],
      order: "asc",
      intent: "rank",
    });
    expect(rankOf("Which bank is cheapest on price to book?")).toMatchObject({
      metrics: ["price_to_book"],
      order: "asc",
    });
    const group = ask("What is the cheapest stock?").companies[0];
    expect(group?.kind).toBe("all");
  });
});
