// Display formatting for answers: the one place where exact decimals become words. Rounding is
// half-up and happens here only, so every computation upstream stays exact.
import Decimal from "decimal.js";
import type { DataPoint, Series } from "@/lib/data/types";

/** Exact arithmetic for answers: 50 significant digits is far beyond any filed value, so quotients
 * (percent changes, margins) carry no visible error before display rounding. */
export const Dec = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_UP });
export type Dec = Decimal;

const HUNDRED = new Dec(100);

/** Half-up to `dp` decimals; "-0.0" becomes "0.0" because a sign on zero only confuses. */
export function fixedHalfUp(value: Decimal, dp: number): string {
  const text = value.toFixed(dp, Decimal.ROUND_HALF_UP);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** "1234567.8" → "1,234,567.8". */
export function groupThousands(plain: string): string {
  const negative = plain.startsWith("-");
  const [whole = "", fraction] = (negative ? plain.slice(1) : plain).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${grouped}${fraction === undefined ? "" : `.${fraction}`}`;
}

const MILLION = new Dec("1e6");
/** Ascending: the amount is shown in the first scale where it stays below 1,000. */
const SCALES = [
  { factor: MILLION, word: "million" },
  { factor: new Dec("1e9"), word: "billion" },
  { factor: new Dec("1e12"), word: "trillion" },
] as const;

/** A non-negative amount in words: "383.3 billion", "950,000", "12.50". Each step up is taken when
 * the amount, rounded as it would be shown, reaches 1,000 of the current scale, so 999.96 billion
 * reads "1.0 trillion", not "1,000.0 billion". */
export function scaledAmount(abs: Decimal): string {
  if (new Dec(fixedHalfUp(abs, 0)).lt(MILLION)) {
    // Whole amounts stay whole; cents only where they exist and matter (small amounts).
    const dp = abs.isInteger() || abs.gte(1000) ? 0 : 2;
    return groupThousands(fixedHalfUp(abs, dp));
  }
  for (const [i, scale] of SCALES.entries()) {
    const shown = fixedHalfUp(abs.div(scale.factor), 1);
    if (i === SCALES.length - 1 || new Dec(shown).lt(1000)) return `${groupThousands(shown)} ${scale.word}`;
  }
  throw new Error("unreachable: the last scale always returns");
}

/** How a series' values read: decided once per series from its unit. */
export interface ValueStyle {
  unitKind: Series["unitKind"];
  /** "$" for USD, "EUR " for other currencies, "" for none. */
  currencyPrefix: string;
  /** Daily prices read "$189.98"; filed per-share values read "$6.08 per share". */
  perShareSuffix: boolean;
}

export function valueStyle(series: Pick<Series, "unitKind" | "currency" | "unit" | "frequency">): ValueStyle {
  return {
    unitKind: series.unitKind,
    currencyPrefix: currencyPrefix(series.currency, series.unit),
    perShareSuffix: series.frequency !== "daily",
  };
}

function currencyPrefix(currency: string | null, unit: string): string {
  const code = currency ?? (unit.startsWith("USD") ? "USD" : null);
  if (code === null) return "";
  return code === "USD" ? "$" : `${code} `;
}

/** Ratios are filed as fractions (0.21) and shown as percentages (21.0%). */
export function isRatioLike(style: ValueStyle): boolean {
  return style.unitKind === "ratio" || style.unitKind === "percent";
}

/** A value in human scale: "$383.3 billion", "-$100", "$6.08 per share", "15.2 billion shares", "21.0%". */
export function formatValue(value: Decimal, style: ValueStyle): string {
  const sign = value.isNegative() && !value.isZero() ? "-" : "";
  const abs = value.abs();
  switch (style.unitKind) {
    case "currency":
      return `${sign}${style.currencyPrefix}${scaledAmount(abs)}`;
    case "per_share": {
      // Sub-dime values (small dividends) keep 4 decimals so they do not all read "$0.00".
      const dp = abs.isZero() || abs.gte("0.1") ? 2 : 4;
      const amount = `${sign}${style.currencyPrefix}${groupThousands(fixedHalfUp(abs, dp))}`;
      return style.perShareSuffix ? `${amount} per share` : amount;
    }
    case "shares":
      return `${sign}${scaledAmount(abs)} shares`;
    case "ratio":
      return `${sign}${fixedHalfUp(abs.times(HUNDRED), 1)}%`;
    case "percent":
      return `${sign}${fixedHalfUp(abs, 1)}%`;
    case "count":
      return `${sign}${scaledAmount(abs)}`;
  }
}

/** The size of a difference between two values of a style (always non-negative). For ratio-like
 * units a difference is in percentage points, since a relative change of a rate misleads. */
export function formatDifference(absDiff: Decimal, style: ValueStyle): string {
  if (style.unitKind === "ratio") return formatPoints(absDiff.times(HUNDRED));
  if (style.unitKind === "percent") return formatPoints(absDiff);
  return formatValue(absDiff, style);
}

export function formatPoints(absPoints: Decimal): string {
  return `${fixedHalfUp(absPoints, 1)} percentage points`;
}

/** A magnitude in percent: "2.0%". The caller says "up"/"down"; the number itself is unsigned. */
export function formatPercent(absPercent: Decimal): string {
  return `${groupThousands(fixedHalfUp(absPercent, 1))}%`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** "2024-01-05" → "Jan 5, 2024". Parsed by hand: a Date would shift the day in some time zones. */
export function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return iso;
  return `${month} ${Number(match[3])}, ${match[1]}`;
}

/** "FY2023", "Q1 FY2025", "H1 FY2025", "9M FY2025"; a date when the point has no fiscal label. */
export function periodLabel(point: Pick<DataPoint, "fiscalYear" | "fiscalPeriod" | "periodEnd">): string {
  const { fiscalYear: year, fiscalPeriod: period } = point;
  if (year === null || period === null) return formatDate(point.periodEnd);
  if (period === "FY") return `FY${year}`;
  if (period === "M9") return `9M FY${year}`;
  return `${period} FY${year}`;
}

/** Whether a label reads as a date ("on Jan 5, 2024") rather than a period ("in FY2023"). */
export function labelIsDate(point: Pick<DataPoint, "fiscalYear" | "fiscalPeriod">): boolean {
  return point.fiscalYear === null || point.fiscalPeriod === null;
}

const LEGAL_SUFFIX = /(,?\s+(Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.?|Holdings|Group|plc|Ltd\.?|& Co\.?))+$/i;

/** "Apple Inc." → "Apple", "The Coca-Cola Company" → "Coca-Cola": how people name companies. */
export function shortCompanyName(name: string): string {
  const short = name.replace(LEGAL_SUFFIX, "").replace(/^The\s+/, "").trim();
  return short === "" ? name : short;
}

/** "Apple" → "Apple's", "Meta Platforms" → "Meta Platforms'", "McDonald's" stays. */
export function possessive(name: string): string {
  if (/'s$/i.test(name)) return name;
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

/** "Basic EPS" → "basic EPS", "Stockholders' Equity" → "stockholders' equity": keeps acronyms. */
export function metricInSentence(name: string): string {
  return name.replace(/\b[A-Z][a-z][\w'-]*/g, (word) => word.toLowerCase());
}

/** "0.3 s", "20 s": timeouts in words for notices. */
export function formatSeconds(ms: number): string {
  const seconds = new Dec(ms).div(1000);
  return `${seconds.isInteger() ? seconds.toFixed(0) : fixedHalfUp(seconds, 1)} s`;
}

/** Invisible, zero-width, and no part of any link syntax: breaks a would-be link without a visible trace. */
export const WORD_JOINER = "\u2060";

/** Text from outside (the user's words, an agent's output) made inert for Markdown, reading the same:
 * - on one line (a line break could start a heading, list or quote);
 * - every ASCII punctuation character backslash-escaped: CommonMark lets any of them be escaped and
 *   an escaped one starts nothing, so "**x**", "[a](javascript:…)", "<b>" or "&amp;" render as typed;
 * - GitHub's bare links ("www.x.com", "https://x.com", "a@b.com") are found in the text after escapes
 *   are resolved, so escaping cannot stop them: a WORD JOINER after "www", after "http(s):" and
 *   after "@" does, and shows nothing. */
export function plainText(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/www(?=\.)/gi, `$&${WORD_JOINER}`)
    .replace(/:(?=\/\/)/g, `:${WORD_JOINER}`)
    .replace(/@/g, `@${WORD_JOINER}`)
    .replace(/[!-/:-@[-`{-~]/g, "\\$&");
}
