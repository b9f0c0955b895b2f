// The analyst's wording around values: differences, percent changes, company and metric names,
// Markdown-safe text. Values and periods themselves read through lib/format (shared with the table
// and charts beside the answer), where rounding happens, half-up and only there, so every
// computation upstream stays exact.
import { Decimal } from "@/lib/core/decimal";
import { fixedHalfUp, formatValue, groupThousands, type ValueStyle } from "@/lib/format/values";

// One implementation for the text and the components: re-exported for the analyst.
export {
  fixedHalfUp,
  formatValue,
  groupThousands,
  isRatioLike,
  scaledAmount,
  valueStyle,
  type ValueStyle,
} from "@/lib/format/values";
export { formatDate, labelIsDate, periodLabel } from "@/lib/format/periods";

const HUNDRED = new Decimal(100);

/** The size of a difference between two values of a style (always non-negative). For ratio-like
 * units a difference is in percentage points, since a relative change of a rate misleads. */
export function formatDifference(absDiff: Decimal, style: ValueStyle): string {
  if (style.unitKind === "ratio") return formatPoints(absDiff.times(HUNDRED), style.decimals);
  if (style.unitKind === "percent") return formatPoints(absDiff, style.decimals);
  return formatValue(absDiff, style);
}

function formatPoints(absPoints: Decimal, decimals: number | null): string {
  return `${fixedHalfUp(absPoints, decimals ?? 1)} percentage points`;
}

/** A magnitude in percent: "2.0%", at the decimals the question asked for. The caller says "up"/"down";
 * the number itself is unsigned. */
export function formatPercent(absPercent: Decimal, decimals: number | null = null): string {
  return `${groupThousands(fixedHalfUp(absPercent, decimals ?? 1))}%`;
}

const LEGAL_SUFFIX =
  /(,?\s+(Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.?|Holdings|Group|plc|Ltd\.?|& Co\.?))+$/i;

/** "Apple Inc." → "Apple", "The Coca-Cola Company" → "Coca-Cola": how people name companies. */
export function shortCompanyName(name: string): string {
  const short = name
    .replace(LEGAL_SUFFIX, "")
    .replace(/^The\s+/, "")
    .trim();
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

/** "a", "a and b", "a, b and c". */
export function listOf(items: readonly string[], conjunction: "and" | "or"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items[items.length - 1]}`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "0.3 s", "20 s": timeouts in words for notices. */
export function formatSeconds(ms: number): string {
  const seconds = new Decimal(ms).div(1000);
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
