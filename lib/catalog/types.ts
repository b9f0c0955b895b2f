// The catalog's vocabulary, shared by the database (prisma/schema.prisma enums), ingestion and the agent.

export const UNIT_KINDS = ["currency", "per_share", "shares", "ratio", "percent", "count"] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];

export const FREQUENCIES = ["daily", "quarterly", "annual"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const STATEMENTS = ["income", "balance_sheet", "cash_flow", "market", "cover"] as const;
export type Statement = (typeof STATEMENTS)[number];

export type AliasKind = "name" | "abbreviation" | "former_name" | "brand";

/** One metric of the catalog. `concepts` are XBRL concepts ("us-gaap:Revenues") in priority order:
 * when one filing reports several of them for the same period, the first listed wins. */
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
