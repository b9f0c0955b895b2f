// Instructions and definitions read out of a question (issue 16 item 9), through parseQuestion.
import { describe, expect, it } from "vitest";
import { parseQuestion } from "./parse-question";
import { presentationOf, structuredDataRequestSchema } from "./schema";

const parse = (q: string) => parseQuestion(q, { today: "2026-11-30" });

describe("instructions in a question", () => {
  it("reads rounding, scale, currency and statement, and no metric from the statement's name", () => {
    const r = parse(
      "Using the cash flow statement, what was Microsoft's capital expenditure in FY2023, in USD millions? Round to two decimals.",
    );
    expect(r.presentation).toMatchObject({ decimals: 2, scale: "millions", currency: "USD", statement: "cash_flow" });
    expect(r.metrics.map((m) => m.key)).toEqual(["capex"]);
    expect(r.unrecognized).toEqual([]);
  });

  it("reads 'rounded to the nearest million' and 'in billions of dollars'", () => {
    expect(parse("amazon operating income 2019, round to the nearest million").presentation).toMatchObject({
      decimals: 0,
      scale: "millions",
    });
    expect(parse("Costco cash in billions of dollars").presentation).toMatchObject({
      scale: "billions",
      currency: "USD",
    });
  });

  it("leaves 'as a percentage of revenue' to the metric", () => {
    const r = parse("intel capex as a percentage of revenue");
    expect(r.metrics.map((m) => m.key)).toEqual(["capex_to_revenue"]);
    expect(r.presentation?.percent).toBe(false);
  });

  it("parses a definition into the catalog formula grammar, its words no metric asked for", () => {
    const r = parse(
      "What is Adobe's FY2019 return on assets? ROA is defined as net income / (average total assets between FY2018 and FY2019).",
    );
    expect(r.metrics.map((m) => m.key)).toEqual(["return_on_average_assets"]);
    expect(r.presentation?.definitions).toMatchObject([
      { metric: "return_on_average_assets", formula: "net_income / avg(total_assets)" },
    ]);
  });

  it("gives an unnamed definition to the one metric asked for", () => {
    const r = parse("Coca-Cola FY2021 dividend payout ratio, defined as dividends paid / net income");
    expect(r.presentation?.definitions).toMatchObject([
      { metric: "dividend_payout_ratio", formula: "dividends_paid / net_income" },
    ]);
  });

  it("reads an average over the periods asked, but not a metric named with the word", () => {
    const averaged = parse("What was the average capex of Costco from FY2020 to FY2022?");
    expect([averaged.presentation?.average, averaged.metrics.map((m) => m.key), averaged.unrecognized]).toEqual([
      true,
      ["capex"],
      [],
    ]);
    expect(averaged.dates.count).toBe(3);
    expect(parse("Costco capex FY2020 to FY2022, the mean please").presentation?.average).toBe(true);
    for (const [question, metric] of [
      ["What was Costco's return on average assets in fiscal 2021?", "return_on_average_assets"],
      ["What is Apple's average collection period?", "days_sales_outstanding"],
      ["What does free cash flow mean?", "free_cash_flow_ocf_capex"],
    ] as const) {
      const r = parse(question);
      expect([r.presentation?.average, r.metrics.map((m) => m.key)]).toEqual([undefined, [metric]]);
    }
  });

  it("keeps requests without presentation valid, with the defaults", () => {
    const { presentation: _, ...older } = parse("apple revenue");
    const parsed = structuredDataRequestSchema.parse(older);
    expect(presentationOf(parsed)).toEqual({
      decimals: null,
      scale: null,
      currency: null,
      statement: null,
      percent: false,
      definitions: [],
    });
  });
});
