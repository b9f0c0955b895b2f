import { describe, expect, it } from "vitest";

import { METRICS, metricByKey } from "@/lib/catalog/metrics";
import { INVEST_DEFAULTS, OVERVIEW_DEFAULTS, fuzzyMetric, matchMetricAt, rankMetrics, relatedMetrics } from "./metrics";
import { tokenize } from "./tokens";

function match(text: string) {
  const tokens = tokenize(text);
  const hit = matchMetricAt(tokens, 0, () => true);
  return hit ? { keys: hit.entry.keys, words: hit.length, of: tokens.length, confidence: hit.entry.confidence } : null;
}

describe("matchMetricAt", () => {
  it("finds every catalog metric by its name, its key and each alias, whole", () => {
    for (const m of METRICS) {
      for (const text of [m.name, m.key.replaceAll("_", " "), ...m.aliases]) {
        const hit = match(text);
        expect(hit?.keys, text).toEqual([m.key]);
        expect(hit?.words, text).toBe(hit?.of);
      }
    }
  });

  it("reads plurals and singulars of the catalog's words", () => {
    expect(match("revenues")?.keys).toEqual(["revenue"]);
    expect(match("net incomes")?.keys).toEqual(["net_income"]);
    expect(match("total asset")?.keys).toEqual(["total_assets"]);
    // A plural never takes another metric's own word.
    expect(match("dividend")?.keys).toEqual(["dividends_per_share"]);
    expect(match("dividends")?.keys).toEqual(["dividends_paid"]);
  });

  it("takes the longest phrase", () => {
    expect(match("net income attributable to noncontrolling interests")?.keys).toEqual(["net_income_noncontrolling"]);
    expect(match("operating cash flow")?.keys).toEqual(["operating_cash_flow"]);
    expect(match("free cash flow")?.keys).toEqual(["operating_cash_flow", "capex"]);
  });

  it("takes trailing expense words into the match", () => {
    expect(match("R&D spending")).toMatchObject({ keys: ["research_and_development"], words: 4 });
  });

  it("marks the agent's own guesses with confidence below 1", () => {
    expect(match("income")).toMatchObject({ keys: ["net_income"], confidence: 0.8 });
    expect(match("high")).toMatchObject({ keys: ["price_high"], confidence: 0.8 });
    expect(match("market cap")).toMatchObject({ keys: ["price_close", "shares_outstanding"], confidence: 0.9 });
  });

  it("skips an everyday word used as an adjective", () => {
    const tokens = tokenize("too high");
    expect(matchMetricAt(tokens, 1, () => true)).toBeNull();
  });
});

describe("fuzzyMetric and rankMetrics", () => {
  it("matches close typos of long enough names", () => {
    expect(fuzzyMetric("reveune")?.key).toBe("revenue");
    expect(fuzzyMetric("net incme")?.key).toBe("net_income");
    expect(fuzzyMetric("prize")).toBeNull();
    expect(fuzzyMetric("qwerty")).toBeNull();
  });

  it("ranks metrics sharing a word", () => {
    expect(rankMetrics("shares").map((c) => c.key)).toContain("shares_outstanding");
  });
});

describe("defaults and related metrics", () => {
  it("only name catalog metrics", () => {
    for (const key of [...INVEST_DEFAULTS, ...OVERVIEW_DEFAULTS]) expect(metricByKey(key), key).toBeDefined();
  });

  it("gives every catalog metric's related keys with names", () => {
    for (const m of METRICS) {
      expect(relatedMetrics(m.key).map((r) => r.key)).toEqual(m.related.filter((k) => metricByKey(k)));
    }
  });
});
