// Shapes of the agent evaluation: a labeled query and its gold Structured Data Request summary.
import type { Intent } from "@/lib/agent/schema";

export type FiscalPeriod = "FY" | "Q1" | "Q2" | "Q3" | "Q4";

/** What the dates of a question resolve to: an interval (either end may be open), a named fiscal
 * period (resolved per company, so no calendar interval), or nothing said (the latest value). */
export type GoldDates =
  | { start: string | null; end: string | null }
  | { fiscal: { year: number; period: FiscalPeriod } }
  | "latest";

export interface GoldLabel {
  /** Tickers (catalog or SEC-listed) in order of first mention, each once. */
  tickers: string[];
  /** Catalog metric keys (a ratio is its derived metric: "gross margin" → gross_margin_ratio). */
  metrics: string[];
  /** The catalog `related` keys of the gold metrics, each once. */
  related: string[];
  dates: GoldDates;
  intent: Intent;
}

/** Where a generated query came from, for error reports ("metric missed: 'op income' → operating_income"). */
export interface QueryMeta {
  template: string;
  category: string;
  dateForm: string;
  companies: Array<{ surface: string; ticker: string; form: string }>;
  metrics: Array<{ surface: string; key: string }>;
  /** Metrics the question implies without naming them ("how is X doing", "should I buy X"). */
  defaults: "overview" | "invest" | null;
}

export interface EvalQuery {
  id: string;
  question: string;
  /** The reference date (YYYY-MM-DD). */
  today: string;
  gold: GoldLabel;
  meta?: QueryMeta;
}
