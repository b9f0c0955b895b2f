// A metric said with words around its name: a change asked with a verb or a noun, a ratio said in
// words, a cash flow named by its activity, buying an asset. The catalog's metric when it holds one
// (found by its formula), else a definition of the question's own; phrasings written for this test.
import { describe, expect, it } from "vitest";
import { parseQuestion } from "../parse-question";

const TODAY = "2026-12-01";
const read = (question: string) => parseQuestion(question, { today: TODAY });
const keys = (question: string) => read(question).metrics.map((m) => m.key);
const formulas = (question: string) => (read(question).presentation?.definitions ?? []).map((d) => d.formula);
const unrecognized = (question: string) => read(question).unrecognized.map((u) => u.text);

describe("a change asked with a verb or a noun", () => {
  it.each([
    ["How much did Walmart's revenue increase in fiscal 2023?", "revenue_growth_yoy"],
    ["By what percent did Nvidia's sales rise in fiscal 2024?", "revenue_growth_yoy"],
    ["how quickly did Tesla's net income grow in 2022", "net_income_growth_yoy"],
    ["By how much did Intel's operating income fall in 2022?", "operating_income_growth_yoy"],
    ["What was the percentage change in Pfizer's diluted EPS in 2023?", "eps_growth_yoy"],
    ["What was the % increase in Google's gross profit in 2021?", "gross_profit_growth_yoy"],
    ["What was the growth in Visa's revenue in fiscal 2023?", "revenue_growth_yoy"],
  ])("%s → %s", (question, key) => {
    expect(keys(question)).toEqual([key]);
    expect(formulas(question)).toEqual([]);
    expect(unrecognized(question)).toEqual([]);
  });

  it("asks the Data Module for the change of a metric without a growth metric, beside the metric", () => {
    const question = "How much did Oracle's R&D spending increase in fiscal 2023?";
    expect(keys(question)).toEqual(["research_and_development"]);
    expect(formulas(question)).toEqual(['research_and_development / prev(research_and_development, "yoy") - 1']);
    expect(formulas("What was the percent change in Intel's capex in 2022?")).toEqual([
      'capex / prev(capex, "yoy") - 1',
    ]);
    expect(formulas("How fast did Meta's stock-based compensation grow in 2023?")).toEqual([
      'stock_based_compensation / prev(stock_based_compensation, "yoy") - 1',
    ]);
  });

  it.each([
    // No size asked: whether it grew, or a trend over years, stays the metric itself.
    ["Did Walmart's revenue grow in fiscal 2023?", "revenue"],
    ["How much did Microsoft's revenue grow from 2019 to 2023?", "revenue"],
    ["How much revenue did Costco bring in during fiscal 2022?", "revenue"],
    ["How much did Apple spend on R&D in 2022?", "research_and_development"],
    ["Visa income growth fiscal 2023", "net_income"],
    ["Visa revenue dropped how much in fiscal 2023", "revenue"],
    ["What drove the increase in Visa's operating income in fiscal 2023?", "operating_income"],
  ])("leaves the level where no change of one period is asked: %s", (question, key) => {
    expect(keys(question)).toEqual([key]);
    expect(formulas(question)).toEqual([]);
  });
});

describe("a ratio said in words", () => {
  it.each([
    ["What was Intel's capex as a percent of its sales in 2022?", "capex_to_revenue"],
    ["Walmart capital expenditures relative to revenue fiscal 2024", "capex_to_revenue"],
    ["What proportion of Alphabet's revenue went to R&D in 2023?", "rd_to_revenue"],
    [
      "How much operating cash flow did Pfizer produce for every dollar of net income in 2022?",
      "cash_conversion_ratio",
    ],
    ["What was Meta's free cash flow as a share of revenue in 2023?", "fcf_margin"],
    ["the ratio of capex to operating cash flow for Amazon in 2022", "capex_to_operating_cash_flow"],
    ["Nvidia's SBC to revenue ratio in fiscal 2024", "sbc_to_revenue"],
  ])("%s → %s", (question, key) => {
    expect(keys(question)).toEqual([key]);
    expect(formulas(question)).toEqual([]);
    expect(unrecognized(question)).toEqual([]);
  });

  it("asks the Data Module for a ratio the catalog lacks, beside its two inputs", () => {
    const question = "What was Oracle's R&D relative to its capex in fiscal 2023?";
    expect(keys(question)).toEqual(["research_and_development", "capex"]);
    expect(formulas(question)).toEqual(["research_and_development / capex"]);
    expect(read(question).intent).toBe("lookup");
    expect(formulas("Cisco's dividends paid per dollar of share repurchases in 2022")).toEqual([
      "dividends_paid / share_repurchases",
    ]);
  });

  it.each([
    ["Compare Apple's revenue to its net income in 2022", ["revenue", "net_income"]],
    ["Apple revenue and net income 2022", ["revenue", "net_income"]],
    ["What was Apple's revenue per share in 2022?", ["revenue_per_share"]],
  ])("reads no ratio where none is said: %s", (question, expected) => {
    expect(keys(question)).toEqual(expected);
    expect(formulas(question)).toEqual([]);
  });
});

describe("a cash flow named by its activity, an asset bought", () => {
  it.each([
    ["How much cash did Pfizer's operating activities generate in 2022?", "operating_cash_flow"],
    ["How much cash did Oracle bring in from operations in fiscal 2023?", "operating_cash_flow"],
    ["How much cash did Intel use in investing activities in 2022?", "investing_cash_flow"],
    ["How much cash did Walmart's financing activities use in fiscal 2023?", "financing_cash_flow"],
    ["How much did Intel spend on property and equipment in 2022?", "capex"],
    ["How much did Tesla invest in property, plant and equipment in 2023?", "capex"],
    ["What did Meta spend buying equipment in 2023?", "capex"],
  ])("%s → %s", (question, key) => {
    expect(keys(question)).toEqual([key]);
    expect(unrecognized(question)).toEqual([]);
  });

  it.each([
    ["How much cash did Intel hold at the end of 2022?", ["cash"]],
    ["What were Intel's cash and operating income in 2022?", ["cash", "operating_income"]],
    ["What was Intel's net property and equipment at the end of 2022?", ["ppe_net"]],
  ])("keeps the balance where no activity or purchase is said: %s", (question, expected) => {
    expect(keys(question)).toEqual(expected);
  });
});
