// The catalog's vocabulary, shared by the database (prisma/schema.prisma enums), ingestion and the agent.

/**
 * How a metric's values read (lib/answer/format.ts):
 * - "ratio": a fraction, shown as a percentage (0.21 reads "21.0%"): margins, returns, yields, growth;
 * - "percent": a value already in percent (21 reads "21.0%");
 * - "count": a plain number, also used for multiples and day counts (a P/E of 28.4, a DSO of 45 days),
 *   since "ratio" would show them as percentages.
 */
export const UNIT_KINDS = ["currency", "per_share", "shares", "ratio", "percent", "count"] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];

export const FREQUENCIES = ["daily", "quarterly", "annual"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Derived metrics take the statement of their main input ("market" for price-based ones): the
 * database's statement enum has no "derived" value, and `formula` already says a metric is computed. */
export const STATEMENTS = ["income", "balance_sheet", "cash_flow", "market", "cover"] as const;
export type Statement = (typeof STATEMENTS)[number];

type AliasKind = "name" | "abbreviation" | "former_name" | "brand";

/**
 * How a derived metric is computed from other catalog metrics. `expression` is written in the small
 * grammar of lib/catalog/formulas.ts (parseFormula):
 * - metric keys, numbers, + - * /, unary minus and parentheses;
 * - `price`: price_close on the period's end date (the last trading day on or before it);
 * - ttm(x): x summed over the four fiscal quarters ending at the period's end (x a duration);
 * - avg(x): the average of x's opening and closing balance for the period (x an instant);
 * - prev(x, lag): x one period back, lag "yoy" (same period a year earlier), "qoq" (the previous
 *   quarter), "Ny" (N fiscal years back) or "Nd" (N trading days back);
 * - max(x, "Nd"), min(x, "Nd"), mean(x, "Nd"), stdev(x, "Nd"): over the N trading days ending on the date;
 * - sqrt(x), pow(x, y).
 * Inputs may be other derived metrics; the formulas never form a cycle.
 */
export interface MetricFormula {
  expression: string;
  /** Every metric key the expression reads (`price` reads price_close), each once. */
  inputs: readonly string[];
  /** The inputs read as avg(x): they need the opening balance, i.e. the previous period's value too. */
  averageBalances?: readonly string[];
  /** Conventions and caveats worth telling the reader (missing inputs, sign traps, approximations). */
  note?: string;
}

/** One metric of the catalog. `concepts` are XBRL concepts ("us-gaap:Revenues") in priority order:
 * when one filing reports several of them for the same period, the first listed wins.
 *
 * Four kinds: filed metrics (concepts, no formula), market metrics (statement "market", daily price
 * feed, no concepts), derived metrics (a formula, no concepts) and unavailable ones (no concepts, no
 * formula, an `unavailableReason`): listed so that a question about them is recognized and answered
 * honestly rather than guessed. */
export interface MetricDefinition {
  key: string;
  name: string;
  description: string;
  unitKind: UnitKind;
  /** The finest frequency the metric is reported at (quarterly metrics also have annual values). */
  frequency: Frequency;
  statement: Statement;
  /** "duration" metrics cover a period (income, cash flow); "instant" ones are balances at a date. */
  periodType: "duration" | "instant";
  aliases: readonly string[];
  /** Keys of metrics that help compute, cross-check or explain this one. */
  related: readonly string[];
  concepts: readonly string[];
  /** How to compute a derived metric; null for filed, market and unavailable metrics. */
  formula: MetricFormula | null;
  /** Why FinGround's data cannot give this metric (no order book, no index, no estimates, ...). */
  unavailableReason?: string;
}

export interface CompanyAliasDefinition {
  alias: string;
  kind: AliasKind;
}

/** Curated facts about a company that the SEC reference files do not give. */
export interface CompanyDefinition {
  ticker: string;
  name: string;
  industry: string;
  exchange: "NASDAQ" | "NYSE";
  currency: string;
  /** Month (1-12) in which the fiscal year ends; 52/53-week years ending a few days into the next
   * month still count as this month. */
  fiscalYearEndMonth: number;
  aliases: readonly CompanyAliasDefinition[];
}
