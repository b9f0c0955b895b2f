import { describe, expect, it } from "vitest";

import { METRICS, metricByKey } from "@/lib/catalog/metrics";
import { INVEST_DEFAULTS, OVERVIEW_DEFAULTS } from "./lexicon/metric-words";
import { fuzzyMetric, matchMetricAt, rankMetrics, relatedMetrics } from "./metrics";
import { tokenize } from "./tokens";

function match(text: string) {
  const tokens = tokenize(text);
  const hit = matchMetricAt(tokens, 0, () => true);
  return hit ? { key: hit.entry.key, words: hit.length, of: tokens.length, confidence: hit.entry.confidence } : null;
}

describe("matchMetricAt", () => {
  it("finds every catalog metric by its name, its key and each alias, whole", () => {
    for (const m of METRICS) {
      for (const text of [m.name, m.key.replaceAll("_", " "), ...m.aliases]) {
        const hit = match(text);
        expect(hit?.key, text).toBe(m.key);
        expect(hit?.words, text).toBe(hit?.of);
      }
    }
  });

  it("reads plurals and singulars of the catalog's words", () => {
    expect(match("revenues")?.key).toBe("revenue");
    expect(match("net incomes")?.key).toBe("net_income");
    expect(match("total asset")?.key).toBe("total_assets");
    // A plural never takes another metric's own word.
    expect(match("dividend")?.key).toBe("dividends_per_share");
    expect(match("dividends")?.key).toBe("dividends_paid");
  });

  it("takes the longest phrase", () => {
    expect(match("net income attributable to noncontrolling interests")?.key).toBe("net_income_noncontrolling");
    expect(match("operating cash flow")?.key).toBe("operating_cash_flow");
    expect(match("free cash flow")?.key).toBe("free_cash_flow_ocf_capex");
  });

  it("takes trailing expense words into the match", () => {
    expect(match("R&D spending")).toMatchObject({ key: "research_and_development", words: 4 });
  });

  it("marks the agent's own guesses with confidence below 1", () => {
    expect(match("income")).toMatchObject({ key: "net_income", confidence: 0.8 });
    expect(match("high")).toMatchObject({ key: "price_high", confidence: 0.8 });
    expect(match("margins")).toMatchObject({ key: "net_margin_ratio", confidence: 0.8 });
  });

  it("reads a ratio's everyday name as the catalog's derived metric, not as its inputs", () => {
    const cases: Array<[string, string]> = [
      ["gross margin", "gross_margin_ratio"],
      ["gross margins", "gross_margin_ratio"],
      ["operating margin", "operating_margin_ratio"],
      ["net profit margin", "net_margin_ratio"],
      ["P/E", "pe_ratio_ttm"],
      ["price-to-earnings ratio", "pe_ratio_ttm"],
      ["ROE", "return_on_average_equity"],
      ["FCF", "free_cash_flow_ocf_capex"],
      ["market cap", "market_cap_at_close"],
      ["EBITDA", "operating_ebitda"],
      ["current ratio", "working_capital_ratio"],
      ["working capital", "net_working_capital"],
      ["dividend yield", "dividend_yield_ttm"],
      ["debt-to-equity ratio", "total_debt_to_equity"],
      ["net debt", "net_debt_position"],
      ["book value per share", "book_value_per_common_share"],
    ];
    for (const [text, key] of cases) {
      expect(match(text), text).toMatchObject({ key, confidence: 1 });
      expect(metricByKey(key)?.formula, key).not.toBeNull();
    }
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
