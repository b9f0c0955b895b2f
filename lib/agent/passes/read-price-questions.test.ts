// Price questions in investor words read the adjusted close (or the 52-week metrics), the amount
// invested and the trailing year, instead of a ranking of revenue or "could not find a metric".
import { describe, expect, it } from "vitest";
import { parseQuestion } from "../parse-question";
import { investedAmount } from "./read-price-questions";

const TODAY = "2026-12-01";
const read = (question: string) => parseQuestion(question, { today: TODAY });
const keys = (question: string) => read(question).metrics.map((m) => m.key);

describe("price questions", () => {
  it.each([
    "What was Tesla's largest one-day fall in 2020?",
    "Biggest daily gain for Netflix in 2022",
    "What was Apple's worst single-day drop in 2020?",
    "What was Apple's maximum drawdown in 2022?",
    "max drawdown of NVDA since 2021",
  ])("reads the adjusted close for one-day moves and drawdowns: %s", (question) => {
    const request = read(question);
    expect(request.metrics.map((m) => m.key)).toEqual(["price_adj_close"]);
    expect(request.unrecognized).toEqual([]);
    // "largest" is the move's, not a ranking of companies
    expect(request.rank).toBeNull();
  });

  it("reads an investment between two dates with its amount", () => {
    const request = read("If I had invested $10,000 in Apple on 2019-01-02, what would it be worth on 2024-01-02?");
    expect(request.metrics.map((m) => m.key)).toEqual(["price_adj_close"]);
    expect(request.invested).toBe("10000");
    expect(request.dates).toMatchObject({ start: "2019-01-02", end: "2024-01-02" });
    expect(request.unrecognized).toEqual([]);
  });

  it.each([
    ["$10,000", "10000"],
    ["$5k", "5000"],
    ["$2.5 thousand", "2500"],
    ["$1,234.50", "1234.5"],
  ])("reads the amount %s as %s dollars", (amount, expected) => {
    expect(investedAmount(`if I had invested ${amount} in Apple`)).toBe(expected);
  });

  it.each(["How much has Nvidia gone up in the last year?", "How much has Apple stock gone up in the past year?"])(
    "reads a gain over the last year as the trailing 12 months: %s",
    (question) => {
      const request = read(question);
      expect(request.metrics.map((m) => m.key)).toEqual(["price_adj_close"]);
      expect(request.dates).toMatchObject({ start: null, end: null, count: 1, granularity: "annual", latest: false });
      expect(request.unrecognized).toEqual([]);
    },
  );

  it("leaves a gain of a named metric to that metric", () => {
    expect(keys("How much has Apple's revenue gone up since 2019?")).toEqual(["revenue"]);
  });

  it("reads the 52-week high and low together", () => {
    expect(keys("What is Microsoft's 52-week high and low?")).toEqual(["high_52w", "low_52w"]);
  });
});
