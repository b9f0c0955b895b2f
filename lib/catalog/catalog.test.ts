import { describe, expect, it } from "vitest";

import { COMPANIES, companyByTicker } from "./companies";
import { RESERVED_WORDS } from "./formulas";
import { METRICS, conceptIndex, metricByKey } from "./metrics";
import { FREQUENCIES, STATEMENTS, UNIT_KINDS, type MetricDefinition } from "./types";

const norm = (s: string): string => s.trim().toLowerCase();

/** A label as the agent reads it (lib/agent/tokens.ts): lowercase words, "&" as "and", punctuation and
 * a possessive "'s" dropped, so "P/E" and "p e" or "R&D" and "r and d" are the same phrase. */
function phrase(label: string): string {
  const words =
    label
      .toLowerCase()
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*|&/gu) ?? [];
  return words.map((w) => (w === "&" ? "and" : w.replace(/['’]s$/, ""))).join(" ");
}

/** Every label the agent matches a metric by: name, key with spaces, aliases. */
const labels = (m: MetricDefinition): string[] => [m.name, m.key.replaceAll("_", " "), ...m.aliases];

const isDerived = (m: MetricDefinition): boolean => m.formula !== null;
const isUnavailable = (m: MetricDefinition): boolean => m.unavailableReason !== undefined;
const isFiled = (m: MetricDefinition): boolean => m.concepts.length > 0;

/** Values that occur more than once, compared case-insensitively. */
function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const dups = new Set<string>();
  for (const v of values.map(norm)) {
    if (seen.has(v)) dups.add(v);
    seen.add(v);
  }
  return [...dups];
}

describe("metric catalog", () => {
  it("has at least 150 metrics: at least 40 backed by XBRL concepts, the rest market, derived or unavailable", () => {
    expect(METRICS.length).toBeGreaterThanOrEqual(150);
    expect(METRICS.filter(isFiled).length).toBeGreaterThanOrEqual(40);
    expect(METRICS.filter(isDerived).length).toBeGreaterThanOrEqual(60);
    expect(METRICS.filter(isUnavailable).length).toBeGreaterThanOrEqual(8);
  });

  it("gives each metric exactly one kind: filed, market feed, derived or unavailable", () => {
    for (const m of METRICS) {
      const kinds = [isFiled(m), isDerived(m), isUnavailable(m)].filter(Boolean).length;
      const marketFeed = kinds === 0 && m.statement === "market";
      expect(kinds === 1 || marketFeed, m.key).toBe(true);
      if (isDerived(m) || isUnavailable(m)) expect(m.concepts, m.key).toEqual([]);
      if (isUnavailable(m)) expect(m.unavailableReason!.trim().length, m.key).toBeGreaterThan(20);
    }
  });

  it("has unique snake_case keys", () => {
    const keys = METRICS.map((m) => m.key);
    expect(duplicates(keys)).toEqual([]);
    for (const key of keys) expect(key).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
  });

  it("uses only the shared vocabulary and fills every text field", () => {
    for (const m of METRICS) {
      expect(UNIT_KINDS).toContain(m.unitKind);
      expect(FREQUENCIES).toContain(m.frequency);
      expect(STATEMENTS).toContain(m.statement);
      expect(m.name.trim()).not.toBe("");
      expect(m.description.trim()).not.toBe("");
      expect(m.aliases.length, m.key).toBeGreaterThan(0);
    }
  });

  it("has labels that read as one metric only, the way the agent reads them", () => {
    const owner = new Map<string, string>();
    for (const m of METRICS) {
      for (const label of labels(m)) {
        const p = phrase(label);
        expect(p, `${m.key}: "${label}" has no words`).not.toBe("");
        const previous = owner.get(p);
        expect(
          previous === undefined || previous === m.key,
          `"${label}" of ${m.key} reads as ${previous}'s "${p}"`,
        ).toBe(true);
        owner.set(p, m.key);
      }
    }
  });

  it("has labels that never name a company", () => {
    const companyPhrases = new Map<string, string>();
    for (const c of COMPANIES) {
      for (const label of [c.ticker, c.name, ...c.aliases.map((a) => a.alias)])
        companyPhrases.set(phrase(label), c.ticker);
    }
    for (const m of METRICS) {
      for (const label of labels(m)) {
        expect(companyPhrases.get(phrase(label)), `"${label}" of ${m.key} names a company`).toBeUndefined();
      }
    }
  });

  it("has aliases that are unique across metrics and do not shadow another metric's key or name", () => {
    const owner = new Map<string, string>();
    for (const m of METRICS) {
      for (const alias of m.aliases) {
        const a = norm(alias);
        expect(a, `${m.key} has an empty alias`).not.toBe("");
        const previous = owner.get(a);
        expect(previous === undefined || previous === m.key, `"${alias}" on ${previous} and ${m.key}`).toBe(true);
        owner.set(a, m.key);
      }
    }
    for (const m of METRICS) {
      for (const label of [m.name, m.key, m.key.replaceAll("_", " ")]) {
        const aliasOwner = owner.get(norm(label));
        expect(
          aliasOwner === undefined || aliasOwner === m.key,
          `"${label}" of ${m.key} is an alias of ${aliasOwner}`,
        ).toBe(true);
      }
    }
  });

  it("relates only to other existing metrics", () => {
    for (const m of METRICS) {
      expect(duplicates(m.related), m.key).toEqual([]);
      for (const key of m.related) {
        expect(metricByKey(key), `${m.key} -> ${key}`).toBeDefined();
        expect(key).not.toBe(m.key);
      }
    }
  });

  it("maps every concept to exactly one metric, with a taxonomy prefix", () => {
    const all = METRICS.flatMap((m) => m.concepts);
    expect(new Set(all).size).toBe(all.length);
    for (const concept of all) expect(concept).toMatch(/^(us-gaap|dei):[A-Z][A-Za-z0-9]+$/);
    expect(conceptIndex().size).toBe(all.length);
  });

  it("keeps period types and concepts consistent with statements", () => {
    for (const m of METRICS) {
      if (m.statement === "market") {
        expect(m.concepts, m.key).toEqual([]);
        expect(m.frequency, m.key).toBe("daily");
        expect(m.periodType, m.key).toBe("instant");
      } else if (!isDerived(m) && !isUnavailable(m)) {
        expect(m.concepts.length, m.key).toBeGreaterThan(0);
      }
      if (m.statement === "balance_sheet" || m.statement === "cover") expect(m.periodType, m.key).toBe("instant");
      if (m.statement === "income" || m.statement === "cash_flow") expect(m.periodType, m.key).toBe("duration");
    }
  });

  it("includes the required metrics", () => {
    const required = [
      "revenue",
      "cost_of_revenue",
      "gross_profit",
      "operating_expenses",
      "research_and_development",
      "selling_general_admin",
      "operating_income",
      "pretax_income",
      "income_tax",
      "net_income",
      "eps_basic",
      "eps_diluted",
      "weighted_shares_basic",
      "weighted_shares_diluted",
      "shares_outstanding",
      "public_float",
      "total_assets",
      "current_assets",
      "total_liabilities",
      "current_liabilities",
      "liabilities_and_equity",
      "stockholders_equity",
      "retained_earnings",
      "cash",
      "cash_and_restricted_cash",
      "marketable_securities_current",
      "accounts_receivable",
      "inventory",
      "ppe_net",
      "goodwill",
      "long_term_debt",
      "long_term_debt_noncurrent",
      "long_term_debt_current",
      "operating_cash_flow",
      "investing_cash_flow",
      "financing_cash_flow",
      "capex",
      "depreciation_amortization",
      "stock_based_compensation",
      "dividends_paid",
      "share_repurchases",
      "dividends_per_share",
      "interest_expense",
      "price_open",
      "price_high",
      "price_low",
      "price_close",
      "price_adj_close",
      "volume",
    ];
    for (const key of required) expect(metricByKey(key), key).toBeDefined();
  });

  it("resolves concepts with their priority", () => {
    const index = conceptIndex();
    expect(index).toBe(conceptIndex()); // built once
    expect(index.get("us-gaap:SalesRevenueNet")?.metricKey).toBe("revenue");
    expect(index.get("us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax")).toEqual({
      metricKey: "revenue",
      priority: 0,
    });
    expect(index.get("us-gaap:ProfitLoss")).toEqual({ metricKey: "net_income", priority: 1 });
    expect(index.get("dei:EntityCommonStockSharesOutstanding")).toEqual({
      metricKey: "shares_outstanding",
      priority: 1,
    });
    expect(index.get("dei:EntityPublicFloat")?.metricKey).toBe("public_float");
    expect(index.get("us-gaap:LongTermDebt")?.metricKey).toBe("long_term_debt");
    expect(index.get("us-gaap:LongTermDebtNoncurrent")?.metricKey).toBe("long_term_debt_noncurrent");
    expect(index.get("us-gaap:PaymentsToAcquireProductiveAssets")).toEqual({ metricKey: "capex", priority: 1 });
    expect(index.get("us-gaap:NotAConcept")).toBeUndefined();
  });

  it("keeps formulas off filed and market-feed metrics, and no key is a word of the formula grammar", () => {
    for (const m of METRICS) {
      if (isFiled(m) || (m.statement === "market" && !isDerived(m))) expect(m.formula, m.key).toBeNull();
      expect(RESERVED_WORDS.has(m.key), m.key).toBe(false);
    }
  });

  it("includes the ratios and figures investors ask for", () => {
    const required = [
      "gross_margin_ratio",
      "operating_margin_ratio",
      "net_margin_ratio",
      "operating_ebitda",
      "ebitda_margin",
      "free_cash_flow_ocf_capex",
      "fcf_margin",
      "fcf_per_share",
      "fcf_yield",
      "pe_ratio_ttm",
      "peg_ratio",
      "price_to_sales",
      "price_to_book",
      "enterprise_value",
      "ev_to_ebitda",
      "ev_to_sales",
      "market_cap_at_close",
      "book_value_per_common_share",
      "revenue_per_share",
      "return_on_average_equity",
      "return_on_average_assets",
      "return_on_invested_capital",
      "return_on_capital_employed",
      "return_on_working_capital",
      "cash_return_on_average_fixed_assets",
      "economic_value_added",
      "working_capital_ratio",
      "quick_ratio",
      "cash_ratio",
      "net_working_capital",
      "total_debt_to_equity",
      "debt_to_assets",
      "debt_to_ebitda",
      "net_debt_position",
      "interest_coverage",
      "debt_service_coverage_ratio",
      "equity_multiplier",
      "asset_turnover",
      "inventory_turnover",
      "days_inventory_outstanding",
      "receivables_turnover",
      "days_sales_outstanding",
      "payables_turnover",
      "days_payables_outstanding",
      "cash_conversion_cycle",
      "fixed_asset_turnover",
      "capex_to_revenue",
      "capex_to_operating_cash_flow",
      "rd_to_revenue",
      "sga_to_revenue",
      "dividend_payout_ratio",
      "dividend_yield_ttm",
      "buyback_yield",
      "shareholder_yield",
      "revenue_growth_yoy",
      "revenue_growth_qoq",
      "net_income_growth_yoy",
      "eps_growth_yoy",
      "revenue_cagr_3y",
      "revenue_cagr_5y",
      "gross_profit_growth_yoy",
      "operating_leverage",
      "daily_return",
      "high_52w",
      "low_52w",
      "volatility_annualized",
      "average_volume_3m",
      "daily_price_change",
      "bid_size",
      "ask_size",
      "bid_ask_spread",
      "beta",
      "short_interest",
      "analyst_rating",
      "price_target",
    ];
    for (const key of required) expect(metricByKey(key), key).toBeDefined();
  });

  it("spot checks metric definitions", () => {
    expect(metricByKey("revenue")?.aliases).toContain("sales");
    expect(metricByKey("eps_diluted")?.aliases).toContain("eps");
    expect(metricByKey("gross_profit")?.related).toEqual(expect.arrayContaining(["revenue", "cost_of_revenue"]));
    expect(metricByKey("public_float")?.statement).toBe("cover");
    expect(metricByKey("nope")).toBeUndefined();
    expect(metricByKey("revenue")?.formula).toBeNull();
    expect(metricByKey("gross_margin_ratio")?.formula?.expression).toBe("gross_profit / revenue");
    expect(metricByKey("pe_ratio_ttm")).toMatchObject({
      statement: "market",
      unitKind: "count",
      formula: { inputs: ["price_close", "eps_diluted"] },
    });
    expect(metricByKey("quick_ratio")?.formula?.inputs).toEqual([
      "cash",
      "marketable_securities_current",
      "accounts_receivable",
      "current_liabilities",
    ]);
    expect(metricByKey("return_on_average_equity")?.formula?.averageBalances).toEqual(["stockholders_equity"]);
    expect(metricByKey("economic_value_added")).toMatchObject({ formula: null, concepts: [] });
    expect(metricByKey("economic_value_added")?.unavailableReason).toMatch(/cost of capital/i);
    expect(metricByKey("beta")?.unavailableReason).toMatch(/index/);
    expect(metricByKey("bid_size")?.unavailableReason).toMatch(/order book/);
  });
});

describe("company catalog", () => {
  const expectedTickers = (
    "AAPL MSFT AMZN GOOGL META NVDA TSLA NFLX ADBE CRM IBM INTC AMD ORCL JPM WFC V MA AXP PYPL JNJ PFE UNH " +
    "ABBV CVS KO PEP PG WMT COST HD MCD NKE BBY BA MMM UNP LMT VZ XOM CVX"
  ).split(" ");

  it("has exactly the 41 core tickers, once each", () => {
    expect(COMPANIES).toHaveLength(41);
    expect(duplicates(COMPANIES.map((c) => c.ticker))).toEqual([]);
    expect(COMPANIES.map((c) => c.ticker).sort()).toEqual([...expectedTickers].sort());
  });

  it("has valid fields", () => {
    for (const c of COMPANIES) {
      expect(c.ticker).toMatch(/^[A-Z]{1,5}$/);
      expect(Number.isInteger(c.fiscalYearEndMonth), c.ticker).toBe(true);
      expect(c.fiscalYearEndMonth, c.ticker).toBeGreaterThanOrEqual(1);
      expect(c.fiscalYearEndMonth, c.ticker).toBeLessThanOrEqual(12);
      expect(["NASDAQ", "NYSE"]).toContain(c.exchange);
      expect(c.currency).toBe("USD");
      expect(c.name.trim()).not.toBe("");
      expect(c.industry.trim()).not.toBe("");
      expect(c.aliases.length, c.ticker).toBeGreaterThan(0);
    }
  });

  it("has aliases unique across companies that never name another company", () => {
    const owner = new Map<string, string>();
    for (const c of COMPANIES) {
      for (const { alias } of c.aliases) {
        const a = norm(alias);
        const previous = owner.get(a);
        expect(previous === undefined || previous === c.ticker, `"${alias}" on ${previous} and ${c.ticker}`).toBe(true);
        owner.set(a, c.ticker);
      }
      expect(duplicates(c.aliases.map((a) => a.alias)), c.ticker).toEqual([]);
    }
    for (const c of COMPANIES) {
      for (const label of [c.ticker, c.name]) {
        const aliasOwner = owner.get(norm(label));
        expect(aliasOwner === undefined || aliasOwner === c.ticker, `"${label}" is an alias of ${aliasOwner}`).toBe(
          true,
        );
      }
    }
  });

  it("spot checks well-known facts", () => {
    expect(companyByTicker("AAPL")?.fiscalYearEndMonth).toBe(9);
    expect(companyByTicker("aapl")?.name).toBe("Apple Inc.");
    expect(companyByTicker("MSFT")?.fiscalYearEndMonth).toBe(6);
    expect(companyByTicker("NVDA")?.fiscalYearEndMonth).toBe(1);
    expect(companyByTicker("COST")?.fiscalYearEndMonth).toBe(8);
    expect(companyByTicker("META")?.aliases).toContainEqual({ alias: "Facebook", kind: "former_name" });
    expect(companyByTicker("WMT")?.aliases).toContainEqual({ alias: "Wal-Mart", kind: "former_name" });
    expect(companyByTicker("MMM")?.aliases).toContainEqual({
      alias: "Minnesota Mining and Manufacturing",
      kind: "former_name",
    });
    expect(companyByTicker("GOOGL")?.aliases.map((a) => a.alias)).toContain("Google");
    expect(companyByTicker("KO")?.aliases.map((a) => a.alias)).toEqual(expect.arrayContaining(["Coke", "Coca-Cola"]));
    expect(companyByTicker("ZZZZ")).toBeUndefined();
  });
});
