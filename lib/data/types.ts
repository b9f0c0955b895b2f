// The data slice: one typed result that everything downstream reads (prompt, analyst, charts,
// tables). Nothing after the Data Module queries the database.
import type { PriceMove } from "./price-move";
import type { Frequency, UnitKind } from "@/lib/catalog/types";
import type { StructuredDataRequest } from "@/lib/agent/schema";
import type { FiscalPeriod } from "@/lib/core/types";
import type { TableDisagreement } from "@/lib/db/queries/facts-overview";
import type { NewestFilingDocument } from "@/lib/db/queries/filings-overview";

/** Where a number came from, precisely enough to find it in the filing or the price file, or how it
 * was computed from such numbers. */
export type ValueSource = FiledSource | DailyPriceSource | DerivedSource;

interface FiledSource {
  kind: "sec_filing";
  concept: string;
  form: string | null;
  accession: string | null;
  filedAt: string | null;
  via: "sec_companyfacts" | "sec_xbrl" | "filing_table";
}

interface DailyPriceSource {
  kind: "daily_prices";
  provider: "alphavantage" | "yfinance";
  adjusted: boolean;
}

/** Computed by FinGround: the formula as written and every number it read, each with its own source
 * (an input may itself be derived, e.g. free cash flow inside a free-cash-flow margin). */
export interface DerivedSource {
  kind: "derived";
  /** "gross_profit / revenue", "FY − 9M", "sum of 4 quarters". */
  formula: string;
  inputs: DerivedInput[];
  /** A convention or caveat the reader should know ("EPS does not add exactly across quarters"). */
  note: string | null;
}

export interface DerivedInput {
  ticker: string;
  metricKey: string;
  metricName: string;
  /** "FY2023", "Q4 FY2024", "9M FY2024", "close 2024-09-27". */
  label: string;
  point: DataPoint;
}

export interface DataPoint {
  /** null for instants (balances, prices). */
  periodStart: string | null;
  periodEnd: string;
  /** Fiscal year and period for filings; null for daily prices. */
  fiscalYear: number | null;
  fiscalPeriod: FiscalPeriod | null;
  /** Exact decimal string in base units (USD, shares, USD per share). */
  value: string;
  source: ValueSource;
}

export interface Series {
  ticker: string;
  companyName: string;
  metricKey: string;
  metricName: string;
  unitKind: UnitKind;
  /** "USD", "USD/shares", "shares", "pure". */
  unit: string;
  currency: string | null;
  frequency: Frequency;
  /** Ordered by periodEnd ascending. */
  points: DataPoint[];
  /** Daily series of two or more days: first, last, low, high, average, return, volatility. */
  summary?: DailySummary;
  /** A periodic series of two or more periods when the question asks for their average. */
  periodMean?: PeriodMean;
}

/** The mean of a periodic series' values over its periods, exact (decimal string, the series' unit). */
export interface PeriodMean {
  periods: number;
  first: DataPoint;
  last: DataPoint;
  value: string;
}

/** Over a daily series' range; exact decimal strings in the series' unit (change and volatility are fractions). */
export interface DailySummary {
  days: number;
  first: DataPoint;
  last: DataPoint;
  low: DataPoint;
  high: DataPoint;
  mean: string;
  /** last / first − 1; null when the first value is zero. */
  change: string | null;
  /** Annualized: sample standard deviation of daily simple returns × √252; null with fewer than 3 days. */
  volatility: string | null;
  /** The largest one-day rise and fall, close to close; null when no day rose (fell). */
  largestRise: DailyMove | null;
  largestFall: DailyMove | null;
  /** The request's invested amount (US dollars) at the first day and what it is worth at the last
   * (amount × last / first: on adjusted closes, dividends reinvested and splits counted); null: none asked. */
  investment: { amount: string; value: string } | null;
}

/** One trading day's move from the day before: day / previous − 1. */
export interface DailyMove {
  previous: DataPoint;
  day: DataPoint;
  change: string;
}

export interface MissingData {
  ticker: string | null;
  metricKey: string | null;
  /** A sentence a person can act on: "no quarterly revenue for TSLA after 2022-09-30". */
  reason: string;
}

/** A disagreement between XBRL and a filing's table, with which of the two values the slice uses. */
export interface UsedDisagreement extends TableDisagreement {
  used: "xbrl" | "table";
}

export interface DataSlice {
  request: StructuredDataRequest;
  /** The interval actually read (after resolving "latest" and fiscal periods), for display. */
  interval: { start: string | null; end: string | null; description: string };
  series: Series[];
  missing: MissingData[];

  // --- Groups and rankings (lib/data/universe.ts, lib/data/ranking.ts). Optional so that slices
  // stored before groups were resolved still read; absent means none.
  /** The request's groups of companies (peers, a sector, an industry, all), resolved to tickers. */
  groups?: ResolvedGroup[];
  /** The companies ranked or screened on one metric; null when the request asks for neither. */
  ranking?: Ranking | null;
  /** What the question's budget (lib/data/budget.ts) left out; absent or empty when nothing was. */
  truncated?: SliceCut[];
  /** A stock-move question (intent "move"): the move over its window against the other covered stocks
   * (lib/data/price-move.ts); absent for other questions. */
  move?: PriceMove | null;
  /** A metric asked about across all companies without a ranking ("What's a healthy current ratio?"):
   * how its latest values spread (lib/data/distribution.ts). Absent otherwise. */
  distribution?: Distribution | null;
  /** Statement lines that are no catalog metric, read from the filing tables by the question's unmatched
   * words (lib/data/filing-lines.ts); absent or empty when the question names a metric or none matched. */
  filingLines?: FilingLine[];
  /** Values of the slice (direct or a formula's inputs) on which XBRL and a filing's table differ: both are
   * shown, with the one used (XBRL, unless the question's own filing is read as reported and only its table
   * gives the value; lib/data/table-disagreements.ts); absent or empty when none differ. */
  tableDisagreements?: UsedDisagreement[];
  /** Companies on different fiscal calendars compared on the periods ending nearest one date
   * (lib/data/align.ts); absent or null when the periods needed no aligning. */
  alignment?: PeriodAlignment | null;
  /** A "latest" or "last N" question on filed figures: each company's last trading day held (up to the
   * selection's end), so the answer can say when its fundamentals are much older than its prices.
   * Absent otherwise, or for a company without prices. */
  latestPrices?: { ticker: string; date: string }[];
  /** With latestPrices: each company's newest 10-K or 10-Q document held, so "the newest filing held" is
   * true of the documents too, not only of the figures read from XBRL. */
  newestDocuments?: NewestFilingDocument[];
  /** The XBRL concept each company × filed metric was read on over the slice's periods (lib/data/concepts.ts):
   * one where the filings allow; where a series has to mix concepts, the figures that compare across them.
   * Absent or empty when the slice reads no filed values. */
  concepts?: ConceptUse[];
  /** Values a later filing changed (lib/data/revisions.ts): the one used and the other report of it. Absent or
   * empty when none was changed. */
  revisions?: Revision[];
  /** A question about one past fiscal period: each company's own filing for it, whose values the slice reads
   * as that filing reported them (lib/data/filed.ts). Absent for other questions. */
  reportedIn?: { ticker: string; filing: string; filedAt: string | null }[];
}

/** One company × filed metric: the concept of each period read, and what compares across two concepts. */
export interface ConceptUse {
  ticker: string;
  companyName: string;
  metricKey: string;
  metricName: string;
  /** Consecutive periods on one concept, in period order ("us-gaap:Revenues" for ["FY2018"]); one run: one concept. */
  runs: { concept: string; periods: string[] }[];
  /** Figures that read two concepts of this metric, so not like for like: a formula's value (`metricName` the
   * formula's metric, `parts` the values it read), or the change between two periods of the metric itself
   * (`metricName` null). */
  mixed: { metricName: string | null; period: string; parts: { period: string; concept: string }[] }[];
}

/** One report of a value: the filing ("FY2009 10-K") and what it said. */
export interface ReportedValue {
  value: string;
  concept: string | null;
  form: string | null;
  filedAt: string | null;
  /** "FY2009 10-K", "Q3 FY2024 10-Q"; "10-K filed Jan 25, 2010" when its own period is unknown. */
  filing: string;
}

/** A value of the slice that another filing of the same period states differently (beyond rounding). */
export interface Revision {
  ticker: string;
  companyName: string;
  metricKey: string;
  metricName: string;
  unitKind: UnitKind;
  currency: string | null;
  /** "FY2008", "Q3 FY2024". */
  period: string;
  /** "as-reported": `used` is what the question's own filing reported and `other` a later restatement;
   * "latest": `used` is the latest value and `other` its first report. */
  basis: "as-reported" | "latest";
  used: ReportedValue;
  other: ReportedValue;
  /** Why, when the data says: "the 4-for-1 stock split of Aug 31, 2020", another concept; else null. */
  reason: string | null;
}

/** A comparison's periods, one per company, each ending nearest `target`. */
export interface PeriodAlignment {
  kind: "annual" | "quarterly";
  /** The date aligned to: the first company's period end, or the end of the calendar quarter asked. */
  target: string;
  basis: "first company" | "calendar quarter";
  /** The calendar quarter end nearest the target ("2023-12-31"), naming the quarter compared. */
  calendarQuarterEnd: string;
  /** In the question's order. */
  periods: {
    ticker: string;
    companyName: string;
    /** "Q4 FY2024". */
    label: string;
    periodEnd: string;
    /** periodEnd − target, in days (negative: earlier). */
    daysFromTarget: number;
    /** Within half a quarter of the target (a fiscal year: within a quarter). */
    aligned: boolean;
  }[];
}

/** Lowest, quartiles, median and highest of a set of companies' values (exact decimal strings). */
export interface Quartiles {
  count: number;
  low: { ticker: string; value: string };
  high: { ticker: string; value: string };
  median: string;
  /** Null for fewer than four values. */
  q1: string | null;
  q3: string | null;
}

export interface Distribution {
  metricKey: string;
  overall: Quartiles;
  /** By GICS sector, the largest first. */
  sectors: (Quartiles & { sector: string })[];
}

/** One cell of a filing's statement table, quoted as printed with where it stands. */
export interface FilingLine {
  ticker: string;
  companyName: string;
  /** The row label as printed. */
  label: string;
  fiscalYear: number;
  fiscalPeriod: FiscalPeriod;
  periodEnd: string;
  /** Exact decimal in base units (the printed number times the table's scale). */
  value: string;
  /** The cell as printed ("1,200", "(35)"). */
  valueAsWritten: string | null;
  /** "USD", "USD/shares", "shares", "%", "count". */
  unit: string;
  /** The table's scale the printed number was multiplied by ("1000000.0000000000": "in millions"). */
  scale: string;
  statement: string;
  tableTitle: string;
  columnHeader: string;
  filing: { id: string; key: string; form: string; fiscalYear: number; fiscalPeriod: FiscalPeriod };
  /** 1-based page of the filing, as a reader counts pages, and the 0-based line on it. */
  page: number;
  line: number;
  /** "llm": read by a model from a table the parser could not read, every number checked against the
   * table's text (`ingest facts --llm`); answers say so. */
  readBy: "parser" | "llm";
  /** How the row's label was found for the question's words. */
  labelRanking: LabelRanking;
}

/** "hybrid": by the label's vector and words (another phrasing finds it); "keyword": by words alone
 * (no label search at hand, or the label not embedded yet). */
export type LabelRanking = "hybrid" | "keyword";

/** Something left out to keep a question within its budget, and how to ask to see it. */
export interface SliceCut {
  /** "Only 8 companies are read per question: …. Left out: …." */
  what: string;
  /** "Name up to 8 companies, or ask about a smaller group, to see the others." */
  narrow: string;
}

/** One group of companies the request named, as the database resolved it. */
export interface ResolvedGroup {
  kind: "peers" | "sector" | "industry" | "all";
  /** "Peers of NVIDIA", "Energy sector", "Software & Services industry", "All companies". */
  label: string;
  /** Member tickers, largest first by `sizeBasis` (companies without it last, by ticker). */
  tickers: string[];
  /** For peers: the company they are peers of. Read for comparison, not counted as a member. */
  reference: string | null;
  /** What "largest" means: "latest annual revenue as of 2026-11-30". */
  sizeBasis: string;
  /** How membership was decided, for the reader: a fallback to a wider level, a cap on peers. */
  notes: string[];
}

/** A fiscal period or a date a ranked value is for. */
type RankedPeriod = Pick<DataPoint, "periodStart" | "periodEnd" | "fiscalYear" | "fiscalPeriod">;

export interface RankingEntry {
  /** 1 = first in the ranking's order; companies with equal values share a rank (1, 2, 2, 4). */
  rank: number;
  ticker: string;
  companyName: string;
  /** Exact decimal string in base units, as in the series it comes from. */
  value: string;
  currency: string | null;
  period: RankedPeriod;
  /** Another entry has exactly the same value (and so the same rank). */
  tied: boolean;
  /** The company whose peers were asked for, shown for comparison; not a member of the group. */
  reference: boolean;
  /** A ratio on a price ranks by the ratio; the per-share figure over the price is shown beside it (the
   * trailing dividends per share behind a dividend yield, the trailing EPS behind a P/E). */
  perShare?: PerShareFigure;
}

/** The filed per-share figure a price-based ratio read: the sum of the four quarters (or the fiscal year)
 * as reported by the price date, exact in base units. */
export interface PerShareFigure {
  metricKey: string;
  metricName: string;
  value: string;
  /** "TTM": four quarters summed; else the fiscal year that stood in for them ("FY2024"). */
  label: string;
  /** The end of the last period summed. */
  through: string;
}

/** A company of the universe that is not in the ranking, and why. */
export interface RankingGap {
  ticker: string;
  companyName: string;
  reason: string;
}

export interface Ranking {
  metricKey: string;
  metricName: string;
  unitKind: Series["unitKind"];
  unit: string;
  /** The currency every ranked value is in (null for shares, ratios, counts). */
  currency: string | null;
  order: "desc" | "asc";
  /** How many were asked for ("top 5"); null when all are ranked. */
  n: number | null;
  /** Which values are compared: all for one fiscal period ("FY2023"), or each company's latest. */
  basis:
    | { kind: "same-period"; label: string }
    | { kind: "latest-per-company"; periodKind: "annual" | "quarterly" | "dated" | "daily" };
  /** Best first; more than n when companies tie at the n-th place. */
  entries: RankingEntry[];
  /** Each rank that several companies share. */
  ties: { rank: number; tickers: string[] }[];
  /** The threshold applied, exact in the metric's base unit; null when none was asked. */
  screen: {
    metricKey: string;
    metricName: string;
    op: ">" | ">=" | "<" | "<=";
    text: string;
    threshold: string;
    passed: number;
  } | null;
  universe: {
    /** "All companies", "Peers of NVIDIA (and NVIDIA)": what was considered. */
    description: string;
    /** Companies considered (the reference company of peers included). */
    considered: number;
    /** Companies with a comparable value for the metric. */
    withData: number;
    /** Companies the question's time budget left unread (among `lacking`, with that reason); absent when none. */
    unread?: number;
    /** Companies without a value for the period, each with its reason. */
    lacking: RankingGap[];
    /** Companies with a value that cannot be compared (another currency), each with its reason. */
    notCompared: RankingGap[];
  };
  /** Caveats for the reader: fiscal years ending on different dates, a tie at the cut-off. */
  notes: string[];
}
