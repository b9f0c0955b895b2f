// Finance vocabulary that looks like a company's name or ticker: the acronyms of measures ("NIM",
// "ARPU", "DCF"), terms of several words read as the terms they are ("P&L" is no misspelt "P&G", "P and
// L" no Loews), and words that before a metric say which kind of that metric is meant ("target
// margin") rather than naming a company ("Target").
import { phraseWords } from "../tokens";

/** Acronyms of measures, statements and their lines, whether or not the catalog holds the measure:
 * part of ACRONYMS (never a company by the word alone), and, right after a word-like ticker, as telling
 * as a metric's name ("chase NIM", "pep ARPU"; passes/read-wordlike-companies.ts). */
export const MEASURE_ACRONYMS: ReadonlySet<string> = new Set(
  `pnl eps dps bps roe roa roi roic roce rotce ebit ebitda ebitdar ebt fcf ufcf lfcf nopat opex capex cogs sga
  dso dpo dio ccc nwc cagr wacc capm dcf npv irr tsr pe peg ev nim nii nie cet1 rwa lcr aum nav ffo affo noi
  arpu arr mrr nrr cac ltv gmv tpv dau mau asp tam sam som sbc etr`
    .split(/\s+/)
    .filter((w) => w !== ""),
);

/** Terms as written; each is matched on its normalized words ("P&L", "P & L" and "P and L" alike),
 * longest first beside companies and metrics, so that a metric holding one ("M&A spending") still
 * wins. None asks for a metric or a company: the words are read, and ask for nothing. */
const FINANCE_TERMS_WRITTEN: readonly string[] = [
  "P&L",
  "P/L",
  "PnL",
  "P&L statement",
  "MD&A",
  "M&A",
  // The DuPont analysis of return on equity, not the company.
  ...["analysis", "model", "identity", "formula", "decomposition", "framework", "equation", "method", "way"].map(
    (noun) => `DuPont ${noun}`,
  ),
];

/** The terms' normalized words ("p and l", "md and a", "dupont analysis"). */
export const FINANCE_TERMS: ReadonlySet<string> = new Set(FINANCE_TERMS_WRITTEN.map((t) => phraseWords(t).join(" ")));

/** Words that, in lower case before a metric, qualify the metric (a goal, an estimate, a basis) and
 * name no company, though an everyday company name may be the same word: "target leverage ratio",
 * "target payout ratio" ask for a goal, not for Target Corporation. Such a word names the company
 * only where its context says so ("target's margin", "shares of target", "target corp", "target vs
 * walmart"). */
export const METRIC_QUALIFIERS: ReadonlySet<string> = new Set(
  `target targets targeted goal budget budgeted consensus street guided implied expected forecast estimated
  normalized adjusted reported underlying organic core headline gaap non ifrs diluted basic`
    .split(/\s+/)
    .filter((w) => w !== ""),
);
