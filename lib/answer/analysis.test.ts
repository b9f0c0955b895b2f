import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Intent } from "@/lib/agent/schema";
import { INTENTS } from "@/lib/agent/schema";
import type { FiscalPeriod } from "@/lib/core/types";
import { writeAnalysis } from "./analysis";
import { numbersIn, underivableNumbers } from "@/test/derivable";
import { appleRevenue, daily, fiscal, series, slice } from "@/test/slices";

const microsoftRevenue = () =>
  series("MSFT", "revenue", [
    fiscal(2022, "FY", "198270000000", "2022-06-30"),
    fiscal(2023, "FY", "211915000000", "2023-06-30"),
    fiscal(2024, "FY", "245122000000", "2024-06-30"),
  ]);

function expectGrounded(text: string, s: Parameters<typeof writeAnalysis>[0]) {
  expect(underivableNumbers(text, s)).toEqual([]);
  expect(text).not.toMatch(/NaN|undefined|Infinity|null|\[object/);
}

describe("writeAnalysis: Apple revenue FY2022–FY2024 (394,328 → 383,285 → 391,035 million)", () => {
  const s = slice("lookup", [appleRevenue()]);
  const text = writeAnalysis(s);

  it("answers first: the latest value with its change and named base", () => {
    // (391,035 − 383,285) / 383,285 = 2.0220…%
    expect(text.split("\n")[0]).toBe(
      "Apple's revenue was $391.0 billion in FY2024, up 2.0% from FY2023's $383.3 billion.",
    );
  });

  it("gives each year's change with the right sign: −2.80…% is 'down 2.8%'", () => {
    // (383,285 − 394,328) / 394,328 = −2.8004…%
    expect(text).toContain("- FY2023: $383.3 billion, down 2.8% from FY2022's $394.3 billion");
    expect(text).toContain("- FY2024: $391.0 billion, up 2.0% from FY2023's $383.3 billion");
  });

  it("names the highest and lowest period and the trend from first to last", () => {
    expect(text).toContain("- Highest: $394.3 billion in FY2022; lowest: $383.3 billion in FY2023");
    // (391,035 − 394,328) / 394,328 = −0.835…%
    expect(text).toContain("- Trend: mixed (1 rise, 1 fall); FY2024 is down 0.8% from FY2022's $394.3 billion");
  });

  it("states only numbers derivable from the slice", () => expectGrounded(text, s));

  it("is not an investment reading unless asked", () => {
    expect(text).not.toMatch(/investment advice/i);
  });
});

describe("writeAnalysis: bases that need care", () => {
  it("measures a change from a negative base against its size, and says so", () => {
    const s = slice("lookup", [series("TSLA", "net_income", [fiscal(2022, "FY", "-100"), fiscal(2023, "FY", "50")])]);
    const text = writeAnalysis(s);
    // (50 − (−100)) / |−100| = +150%
    expect(text).toContain(
      "up 150.0% from FY2022's -$100 (the base is negative, so the percentage is measured against its absolute size)",
    );
    expectGrounded(text, s);
  });

  it("gives no percentage from a zero base and says why", () => {
    const s = slice("lookup", [series("TSLA", "net_income", [fiscal(2022, "FY", "0"), fiscal(2023, "FY", "50")])]);
    const text = writeAnalysis(s);
    expect(text).toContain("up $50 from FY2022's $0 (no percentage change: the base is zero)");
    expect(text).not.toMatch(/%/);
    expectGrounded(text, s);
  });

  it("says 'down' for a deeper loss", () => {
    const s = slice("lookup", [series("TSLA", "net_income", [fiscal(2022, "FY", "-100"), fiscal(2023, "FY", "-150")])]);
    expect(writeAnalysis(s)).toContain("down 50.0% from FY2022's -$100");
  });

  it("rounds half up at the display edge only (1.25% → 1.3%, both directions)", () => {
    const up = slice("lookup", [
      series("AAPL", "revenue", [fiscal(2022, "FY", "100000000"), fiscal(2023, "FY", "101250000")]),
    ]);
    const down = slice("lookup", [
      series("AAPL", "revenue", [fiscal(2022, "FY", "100000000"), fiscal(2023, "FY", "98750000")]),
    ]);
    expect(writeAnalysis(up)).toContain("up 1.3% from FY2022's $100.0 million");
    expect(writeAnalysis(down)).toContain("down 1.3% from FY2022's $100.0 million");
  });

  it("says 'unchanged' for equal values", () => {
    const s = slice("lookup", [
      series("AAPL", "revenue", [fiscal(2022, "FY", "5000000"), fiscal(2023, "FY", "5000000")]),
    ]);
    expect(writeAnalysis(s)).toContain("unchanged from FY2022's $5.0 million");
  });
});

describe("writeAnalysis: units", () => {
  it("reads EPS per share", () => {
    const s = slice("lookup", [
      series("AAPL", "eps_diluted", [fiscal(2023, "FY", "6.13"), fiscal(2024, "FY", "6.08")]),
    ]);
    const text = writeAnalysis(s);
    // (6.08 − 6.13) / 6.13 = −0.8156…%
    expect(text.split("\n")[0]).toBe(
      "Apple's diluted EPS was $6.08 per share in FY2024, down 0.8% from FY2023's $6.13 per share.",
    );
    expectGrounded(text, s);
  });

  it("reads shares in billions of shares", () => {
    const s = slice("lookup", [series("AAPL", "shares_outstanding", [fiscal(2024, "FY", "15204137000")])]);
    expect(writeAnalysis(s)).toBe("Apple's shares outstanding was 15.2 billion shares in FY2024.");
  });

  it("reads ratios as percentages and their changes in percentage points", () => {
    const s = slice("lookup", [
      series("AAPL", "effective_tax_rate", [fiscal(2023, "FY", "0.147"), fiscal(2024, "FY", "0.241")]),
    ]);
    const text = writeAnalysis(s);
    expect(text).toContain(
      "Apple's effective tax rate was 24.1% in FY2024, up 9.4 percentage points from FY2023's 14.7%.",
    );
    expectGrounded(text, s);
  });

  it("reads daily prices: last, return over the range, high, low and largest fall", () => {
    const s = slice("lookup", [
      series("AAPL", "price_close", [
        daily("2024-01-02", "185.64"),
        daily("2024-01-24", "198.11"),
        daily("2024-04-19", "165.00"),
        daily("2024-12-26", "259.02"),
        daily("2024-12-31", "250.42"),
      ]),
    ]);
    const text = writeAnalysis(s);
    // (250.42 − 185.64) / 185.64 = 34.895…%; (165.00 − 198.11) / 198.11 = −16.712…%
    expect(text.split("\n")[0]).toBe(
      "Apple's closing price was $250.42 on Dec 31, 2024, up 34.9% from $185.64 on Jan 2, 2024.",
    );
    expect(text).toContain(
      "- Return over the range: up 34.9% from $185.64 on Jan 2, 2024 (5 trading days in the data)",
    );
    expect(text).toContain("- Highest: $259.02 on Dec 26, 2024; lowest: $165.00 on Apr 19, 2024");
    expect(text).toContain(
      "- Largest fall from a high: down 16.7% from $198.11 on Jan 24, 2024 to $165.00 on Apr 19, 2024",
    );
    expectGrounded(text, s);
  });

  it("gives quarters both QoQ and YoY changes", () => {
    const s = slice("trend", [
      series(
        "AAPL",
        "revenue",
        [
          fiscal(2023, "Q4", "89498000000"),
          fiscal(2024, "Q1", "119575000000"),
          fiscal(2024, "Q4", "94930000000"),
          fiscal(2025, "Q1", "124300000000"),
        ],
        { frequency: "quarterly" },
      ),
    ]);
    const text = writeAnalysis(s);
    // QoQ (124,300 − 94,930) / 94,930 = 30.94…%; YoY (124,300 − 119,575) / 119,575 = 3.95…%
    expect(text).toContain(
      "- Q1 FY2025: $124.3 billion, up 30.9% QoQ from Q4 FY2024's $94.9 billion; up 4.0% YoY from Q1 FY2024's $119.6 billion",
    );
    // Q1 FY2024's prior quarter is Q4 FY2023, across the fiscal year boundary.
    expect(text).toContain("- Q1 FY2024: $119.6 billion, up 33.6% QoQ from Q4 FY2023's $89.5 billion");
    expectGrounded(text, s);
  });

  it("lists only the latest periods of a long series, but says how many there are", () => {
    const points = Array.from({ length: 12 }, (_, i) => fiscal(2013 + i, "FY", String(100_000_000 + i * 1_000_000)));
    const text = writeAnalysis(slice("trend", [series("AAPL", "revenue", points)]));
    expect(text).toContain("- Showing the latest 8 of 12 periods");
    expect(text).not.toContain("- FY2016:");
    expect(text).toContain("- FY2024:");
    expect(text).toContain("- Trend: rising in every period");
  });
});

describe("writeAnalysis: several companies", () => {
  const s = slice("compare", [appleRevenue(), microsoftRevenue()]);
  const text = writeAnalysis(s);

  it("says who is higher and by how much, at the latest common period", () => {
    // 391,035 − 245,122 = 145,913; 145,913 / 245,122 = 59.526…%
    expect(text.split("\n")[0]).toBe(
      "In FY2024, Apple's revenue ($391.0 billion) was higher than Microsoft's ($245.1 billion), by $145.9 billion (59.5% more than Microsoft's).",
    );
  });

  it("compares growth over the shared periods and flags differing fiscal year ends", () => {
    // Microsoft (245,122 − 198,270) / 198,270 = 23.63…%
    expect(text).toContain("- From FY2022 to FY2024: Apple down 0.8%, Microsoft up 23.6%");
    expect(text).toContain("fiscal periods end on different dates (Apple on Sep 28, 2024; Microsoft on Jun 30, 2024)");
  });

  it("states only numbers derivable from the slice", () => expectGrounded(text, s));

  it("ranks three companies", () => {
    const ranked = slice("rank", [
      series("INTC", "revenue", [fiscal(2024, "FY", "53101000000")]),
      series("AAPL", "revenue", [fiscal(2024, "FY", "391035000000")]),
      series("MSFT", "revenue", [fiscal(2024, "FY", "245122000000")]),
    ]);
    const ranking = writeAnalysis(ranked);
    expect(ranking.split("\n")[0]).toBe(
      "In FY2024, Apple had the highest revenue ($391.0 billion) and Intel the lowest ($53.1 billion) of the 3 companies.",
    );
    expect(ranking).toContain(
      "1. Apple: $391.0 billion in FY2024\n2. Microsoft: $245.1 billion in FY2024\n3. Intel: $53.1 billion in FY2024",
    );
  });

  it("says when the companies' latest periods differ", () => {
    const differing = slice("compare", [
      series("AAPL", "revenue", [fiscal(2024, "FY", "391035000000")]),
      series("TSLA", "revenue", [fiscal(2023, "FY", "96773000000", "2023-12-31")]),
    ]);
    expect(writeAnalysis(differing).split("\n")[0]).toBe(
      "Apple's revenue ($391.0 billion in FY2024) was higher than Tesla's ($96.8 billion in FY2023), by $294.3 billion (304.1% more than Tesla's) (their latest values are for different periods).",
    );
  });
});

describe("writeAnalysis: invest, explain, missing", () => {
  const investSlice = slice(
    "invest",
    [
      series("AAPL", "revenue", [fiscal(2023, "FY", "383285000000"), fiscal(2024, "FY", "391035000000")]),
      series("AAPL", "net_income", [fiscal(2023, "FY", "96995000000"), fiscal(2024, "FY", "93736000000")]),
      series("AAPL", "long_term_debt", [fiscal(2023, "FY", "105103000000"), fiscal(2024, "FY", "96700000000")]),
    ],
    [{ ticker: "AAPL", metricKey: null, reason: "No daily prices for AAPL after 2024-12-31." }],
  );
  const text = writeAnalysis(investSlice);

  it("gives strengths and weaknesses from the data, and says it is not investment advice", () => {
    expect(text).toContain("**A balanced reading of this data**");
    expect(text).toMatch(/- Strengths:\n {2}- Apple's revenue was \$391\.0 billion in FY2024, up 2\.0%/);
    // Less debt is a strength; less net income a weakness.
    expect(text).toContain(
      "  - Apple's long-term debt (total) was $96.7 billion in FY2024, down 8.0% from FY2023's $105.1 billion",
    );
    expect(text).toMatch(/- Weaknesses:\n {2}- Apple's net income was \$93\.7 billion in FY2024, down 3\.4%/);
    expect(text).toContain("not investment advice");
  });

  it("adds the margin when revenue and profit share a period", () => {
    // 93,736 / 391,035 = 23.97…%
    expect(text).toContain("- Net margin in FY2024: 24.0% (net income $93.7 billion of revenue $391.0 billion)");
  });

  it("lists what is missing", () => {
    expect(text).toContain("**Not in the data**\n- No daily prices for AAPL after 2024-12-31.");
  });

  it("states only numbers derivable from the slice", () => expectGrounded(text, investSlice));

  it("adds no investment note for other intents", () => {
    for (const intent of INTENTS.filter((i) => i !== "invest")) {
      expect(writeAnalysis({ ...investSlice, request: { ...investSlice.request, intent } })).not.toMatch(
        /investment advice|balanced reading/i,
      );
    }
  });

  it("says when the data is too thin for a balanced reading", () => {
    const thin = writeAnalysis(slice("invest", [series("AAPL", "revenue", [fiscal(2024, "FY", "391035000000")])]));
    expect(thin).toContain("too thin to show clear strengths or weaknesses");
    expect(thin).toContain("not investment advice");
  });

  it("explains what a metric measures for 'explain'", () => {
    expect(writeAnalysis(slice("explain", [appleRevenue()]))).toContain(
      "**What it measures**\n- **Revenue**: Total income",
    );
  });

  it("notes a series that came back empty without a reason", () => {
    const text2 = writeAnalysis(slice("compare", [appleRevenue(), series("MSFT", "revenue", [])]));
    expect(text2).toContain("- No revenue values for Microsoft (MSFT) in this period.");
  });

  it("reports a value it cannot read instead of throwing", () => {
    const bad = slice("lookup", [
      series("AAPL", "revenue", [fiscal(2023, "FY", "n/a"), fiscal(2024, "FY", "391035000000")]),
    ]);
    const out = writeAnalysis(bad);
    expect(out).toContain("Apple's revenue was $391.0 billion in FY2024.");
    expect(out).toContain("AAPL Revenue for FY2023: the stored value could not be read.");
  });
});

describe("writeAnalysis: every number is derivable, for any slice (property)", () => {
  const value = fc.oneof(
    fc.bigInt({ min: -500_000_000_000n, max: 500_000_000_000n }).map(String),
    fc.integer({ min: -2000, max: 2000 }).map((n) => (n / 100).toFixed(2)),
    fc.constantFrom("0", "1", "-1", "0.5", "1000000", "999950000000"),
  );
  const metric = fc.constantFrom(
    "revenue",
    "net_income",
    "eps_diluted",
    "shares_outstanding",
    "effective_tax_rate",
    "long_term_debt",
  ) as fc.Arbitrary<
    "revenue" | "net_income" | "eps_diluted" | "shares_outstanding" | "effective_tax_rate" | "long_term_debt"
  >;
  const period = fc.constantFrom<FiscalPeriod>("FY", "Q1", "Q2", "Q3", "Q4", "M9");
  const seriesArb = fc.record({
    ticker: fc.constantFrom("AAPL", "MSFT", "MMM"),
    metric,
    points: fc.uniqueArray(fc.record({ year: fc.integer({ min: 2018, max: 2025 }), period, value }), {
      minLength: 0,
      maxLength: 6,
      selector: (p) => `${p.year} ${p.period}`,
    }),
  });
  const sliceArb = fc.record({
    intent: fc.constantFrom<Intent>(...INTENTS),
    series: fc.array(seriesArb, { minLength: 0, maxLength: 3 }),
  });

  it("never states a number outside the slice, never prints NaN/undefined", () => {
    fc.assert(
      fc.property(sliceArb, ({ intent, series: list }) => {
        const s = slice(
          intent,
          list.map((x) =>
            series(
              x.ticker,
              x.metric,
              x.points
                .map((p) => fiscal(p.year, p.period, p.value))
                .sort((a, b) => a.periodEnd.localeCompare(b.periodEnd)),
            ),
          ),
        );
        const text = writeAnalysis(s);
        expect(text.length).toBeGreaterThan(0);
        expectGrounded(text, s);
      }),
      { numRuns: 300 },
    );
  });

  it("the checker itself catches an invented number", () => {
    const s = slice("lookup", [appleRevenue()]);
    expect(underivableNumbers("Apple's revenue was $391.0 billion, up 2.1%.", s)).toEqual(["2.1"]);
    expect(numbersIn("$1,234.5 billion, -3%")).toEqual(["1234.5", "3"]);
  });
});

describe("writeAnalysis: a 'latest' question answered with the latest year and the quarter after it", () => {
  const latest = { latest: true };
  const quarterly = { frequency: "quarterly" } as const;
  const nvidia = { companyName: "NVIDIA Corporation" };
  const nvdaEps = () => [
    series("NVDA", "eps_diluted", [fiscal(2026, "FY", "4.90", "2026-01-25")], nvidia),
    series("NVDA", "eps_diluted", [fiscal(2027, "Q1", "2.39", "2026-04-26")], { ...nvidia, ...quarterly }),
  ];

  it("says it once: the most recent period first, the other in parentheses, and nothing that repeats it", () => {
    const s = slice("lookup", nvdaEps(), [], latest);
    expect(writeAnalysis(s)).toBe(
      "NVIDIA's latest reported diluted EPS was $2.39 per share in Q1 FY2027 (FY2026: $4.90 per share).",
    );
    expectGrounded(writeAnalysis(s), s);
  });

  it("does not depend on which series comes first", () => {
    const s = slice("lookup", nvdaEps().reverse(), [], latest);
    expect(writeAnalysis(s)).toBe(
      "NVIDIA's latest reported diluted EPS was $2.39 per share in Q1 FY2027 (FY2026: $4.90 per share).",
    );
  });

  it("on the same end date (FY2024 and its Q4) names the fiscal year first", () => {
    const s = slice("lookup", [
      series("AAPL", "revenue", [fiscal(2024, "Q4", "94930000000", "2024-09-28")], quarterly),
      series("AAPL", "revenue", [fiscal(2024, "FY", "391035000000", "2024-09-28")]),
    ]);
    expect(writeAnalysis(s)).toBe("Apple's revenue was $391.0 billion in FY2024 (Q4 FY2024: $94.9 billion).");
  });

  it("keeps the change of the most recent period after the parenthesis", () => {
    const s = slice("lookup", [
      series("AAPL", "revenue", [fiscal(2024, "FY", "391035000000", "2024-09-28")]),
      series("AAPL", "revenue", [fiscal(2024, "Q1", "119575000000"), fiscal(2025, "Q1", "124300000000")], quarterly),
    ]);
    const text = writeAnalysis(s);
    // (124,300 − 119,575) / 119,575 = 3.95…%
    expect(text).toBe(
      "Apple's revenue was $124.3 billion in Q1 FY2025 (FY2024: $391.0 billion), up 4.0% YoY from Q1 FY2024's $119.6 billion.",
    );
    expectGrounded(text, s);
  });

  describe("an investment question: several metrics of one company", () => {
    const coke = { companyName: "The Coca-Cola Company" };
    const s = slice(
      "invest",
      [
        series("KO", "revenue", [fiscal(2024, "FY", "47061000000", "2024-12-31")], coke),
        series("KO", "revenue", [fiscal(2025, "Q2", "12535000000", "2025-06-27")], { ...coke, ...quarterly }),
        series("KO", "net_income", [fiscal(2024, "FY", "10631000000", "2024-12-31")], coke),
        series("KO", "net_income", [fiscal(2025, "Q2", "3809000000", "2025-06-27")], { ...coke, ...quarterly }),
        series("KO", "eps_diluted", [fiscal(2024, "FY", "2.46", "2024-12-31")], coke),
        series("KO", "eps_diluted", [fiscal(2025, "Q2", "0.88", "2025-06-27")], { ...coke, ...quarterly }),
        series("KO", "price_close", [daily("2025-07-31", "70.70")], coke),
      ],
      [],
      latest,
    );
    const text = writeAnalysis(s);
    const [lead = "", ...rest] = text.split("\n\n");

    it("leads with one sentence for the filed figures and one for the price", () => {
      expect(lead).toBe(
        "Coca-Cola's latest reported revenue was $12.5 billion in Q2 FY2025 (FY2024: $47.1 billion); " +
          "net income was $3.8 billion in Q2 FY2025 (FY2024: $10.6 billion); " +
          "diluted EPS was $0.88 per share in Q2 FY2025 (FY2024: $2.46 per share). " +
          "Coca-Cola's latest closing price was $70.70 on Jul 31, 2025.",
      );
    });

    it("then adds only what the headline does not say: no one-line block per series", () => {
      expect(rest.join("\n\n").match(/^\*\*.*\*\*$/gm)).toEqual([
        "**Coca-Cola (KO) · margins**",
        "**A balanced reading of this data**",
      ]);
      // 3,809 / 12,535 = 30.38…%; 10,631 / 47,061 = 22.59…%
      expect(rest[0]).toBe(
        "**Coca-Cola (KO) · margins**\n" +
          "- Net margin in Q2 FY2025: 30.4% (net income $3.8 billion of revenue $12.5 billion)\n" +
          "- Net margin in FY2024: 22.6% (net income $10.6 billion of revenue $47.1 billion)",
      );
    });

    it("states only numbers derivable from the slice", () => expectGrounded(text, s));
  });

  it("explains each metric once, however many kinds of period it has", () => {
    const s = slice(
      "explain",
      [appleRevenue(), series("AAPL", "revenue", [fiscal(2025, "Q1", "124300000000")], quarterly)],
      [],
      latest,
    );
    expect(writeAnalysis(s).match(/- \*\*Revenue\*\*/g)).toHaveLength(1);
  });

  it("gives no block that only repeats the headline: two values, both in the headline", () => {
    const annual = slice("lookup", [
      series("AAPL", "revenue", [fiscal(2023, "FY", "383285000000"), fiscal(2024, "FY", "391035000000")]),
    ]);
    expect(writeAnalysis(annual)).toBe(
      "Apple's revenue was $391.0 billion in FY2024, up 2.0% from FY2023's $383.3 billion.",
    );
    const prices = slice("lookup", [
      series("AAPL", "price_close", [daily("2024-01-02", "185.64"), daily("2024-12-31", "250.42")]),
    ]);
    expect(writeAnalysis(prices)).toBe(
      "Apple's closing price was $250.42 on Dec 31, 2024, up 34.9% from $185.64 on Jan 2, 2024.",
    );
    // Two years that are not consecutive: the headline gives no change, so the block still lists both.
    const gap = slice("lookup", [
      series("AAPL", "revenue", [fiscal(2020, "FY", "274515000000"), fiscal(2024, "FY", "391035000000")]),
    ]);
    expect(writeAnalysis(gap)).toContain(
      "**Apple (AAPL) · Revenue, annual**\n- FY2020: $274.5 billion\n- FY2024: $391.0 billion",
    );
  });

  it("keeps the headline to three sentences, one per company, for any number of metrics (property)", () => {
    const metricKeys = [
      "revenue",
      "net_income",
      "eps_diluted",
      "shares_outstanding",
      "long_term_debt",
      "price_close",
    ] as const;
    const value = fc.integer({ min: -5_000_000, max: 5_000_000 }).map((n) => String(n * 1000));
    const arb = fc.record({
      // News and move questions are answered from the news and the price move, not with a headline of
      // figures (lib/chat/news-and-moves.test.ts).
      intent: fc.constantFrom<Intent>(...INTENTS.filter((i) => i !== "news" && i !== "move")),
      tickers: fc.uniqueArray(fc.constantFrom("AAPL", "MSFT", "MMM"), { minLength: 1, maxLength: 3 }),
      metrics: fc.uniqueArray(fc.constantFrom(...metricKeys), { minLength: 1, maxLength: 6 }),
      year: fc.integer({ min: 2019, max: 2025 }),
      quarter: fc.constantFrom<FiscalPeriod>("Q1", "Q2", "Q3"),
      annualValue: value,
      quarterValue: value,
    });
    fc.assert(
      fc.property(arb, ({ intent, tickers, metrics, year, quarter, annualValue, quarterValue }) => {
        const list = tickers.flatMap((ticker) =>
          metrics.flatMap((metric) =>
            metric === "price_close"
              ? [series(ticker, metric, [daily(`${year + 1}-12-29`, "70.70")])]
              : [
                  series(ticker, metric, [fiscal(year, "FY", annualValue)]),
                  series(ticker, metric, [fiscal(year + 1, quarter, quarterValue)], quarterly),
                ],
          ),
        );
        // Asked soon after the figures (and the last close), so no stale-data notice comes before the headline.
        const s = slice(intent, list, [], latest, { today: `${year + 2}-01-01` });
        const text = writeAnalysis(s);
        const lead = text.split("\n\n")[0]!;
        const sentences = lead.split(/(?<=[.?])\s+(?=[A-Z])/);
        expect(sentences.length).toBeLessThanOrEqual(3);
        expect(new Set(sentences).size).toBe(sentences.length);
        // One company, one metric: a single sentence naming both periods, and nothing else.
        if (
          tickers.length === 1 &&
          metrics.length === 1 &&
          metrics[0] !== "price_close" &&
          intent !== "explain" &&
          intent !== "invest"
        ) {
          expect(text).toBe(lead);
          expect(lead).toMatch(new RegExp(`FY${year + 1} \\(FY${year}: `));
        }
        expectGrounded(text, s);
      }),
      { numRuns: 100 },
    );
  });
});

describe("writeAnalysis: a slice the question's budget cut", () => {
  const cut = {
    what: "Only 8 companies are read per question: AAPL, NVDA. Left out: ORCL.",
    narrow: "Name up to 8 companies to see the others.",
  };
  const text = writeAnalysis({ ...slice("lookup", [appleRevenue()]), truncated: [cut] });

  it("says what was left out and how to narrow the question", () => {
    expect(text).toContain("**Left out to keep the answer quick**");
    expect(text).toContain(`- ${cut.what} ${cut.narrow}`);
  });
});
