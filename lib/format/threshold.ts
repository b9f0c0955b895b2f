// A threshold as a person writes it ("$100 billion", "100B", "15%", "1.5x", "2 billion shares") read
// into an exact value in a metric's base unit: US dollars, shares, a fraction for ratios (15% is
// 0.15), a number for percents and counts. The inverse of ./values (which writes values in words),
// kept apart because people write more scale words than FinGround prints.
import { Decimal } from "@/lib/core/decimal";
import type { UnitKind } from "@/lib/catalog/types";

export type ThresholdResult =
  | {
      ok: true;
      /** Exact decimal string in the metric's base unit. */
      value: string;
      /** The currency the text names ("$" is USD), or null when it names none. */
      currency: string | null;
      /** How an ambiguous text was read ("15 read as 15%"), for the reader. */
      note: string | null;
    }
  | { ok: false; reason: string };

const SCALE_WORDS: ReadonlyArray<readonly [readonly string[], string]> = [
  [["k", "thousand", "thousands"], "1e3"],
  [["m", "mm", "mn", "mln", "million", "millions"], "1e6"],
  [["b", "bn", "bln", "billion", "billions"], "1e9"],
  [["t", "tn", "trillion", "trillions"], "1e12"],
];
const SCALES = new Map(SCALE_WORDS.flatMap(([words, factor]) => words.map((w) => [w, factor] as const)));
const SYMBOLS = new Map([
  ["$", "USD"],
  ["€", "EUR"],
  ["£", "GBP"],
  ["¥", "JPY"],
]);
const CODES = new Set(["USD", "EUR", "GBP", "JPY", "CAD", "CHF", "CNY", "AUD"]);

const PATTERN = new RegExp(
  "^(?<sign>[-−])?\\s*(?<symbol>[$€£¥])?\\s*(?<code>[a-z]{3}\\s+)?(?<sign2>[-−])?\\s*(?<number>\\d[\\d,]*(?:\\.\\d+)?|\\.\\d+)\\s*" +
    "(?<scale>(?!(?:percent|per|times|shares|dollars|usd|us|eur|euros?|gbp|a)\\b)[a-z]+)?\\s*(?<percent>%|percent|per\\s+cent)?\\s*(?<times>x|times)?\\s*" +
    "(?<unit>dollars|us\\s+dollars|usd|eur|euros?|gbp|shares|per\\s+share|a\\s+share)?$",
  "i",
);

/** Reads `text` for a metric whose values are `unitKind`; a text that does not fit says why. */
export function parseThreshold(text: string, unitKind: UnitKind): ThresholdResult {
  const trimmed = text.trim().replace(/\s+/g, " ");
  const match = PATTERN.exec(trimmed);
  const groups = match?.groups;
  if (!groups) return { ok: false, reason: `"${trimmed}" is not a number FinGround can read as a threshold` };
  if (groups.code && !CODES.has(groups.code.trim().toUpperCase()))
    return { ok: false, reason: `"${trimmed}": "${groups.code.trim()}" is not a currency FinGround knows` };
  const number = readNumber(groups.number ?? "");
  if (number === null)
    return {
      ok: false,
      reason: `"${trimmed}" has digits grouped in an unusual way; write it as 1,500,000 or 1.5 million`,
    };

  let scaleWord = groups.scale?.toLowerCase();
  let times = groups.times !== undefined;
  // "1.5x" comes through as scale "x".
  if (scaleWord === "x" || scaleWord === "times") {
    times = true;
    scaleWord = undefined;
  }
  const factor = scaleWord === undefined ? "1" : SCALES.get(scaleWord);
  if (factor === undefined)
    return {
      ok: false,
      reason: `"${trimmed}": "${groups.scale}" is not a scale FinGround knows (thousand, million, billion, trillion)`,
    };
  const negative = groups.sign !== undefined || groups.sign2 !== undefined;
  const amount = number.times(factor).times(negative ? -1 : 1);
  const percent = groups.percent !== undefined;
  const currency = currencyOf(groups.symbol, groups.code, groups.unit);
  const unit = groups.unit?.toLowerCase().replace(/\s+/g, " ");

  const money = unitKind === "currency" || unitKind === "per_share";
  if (currency !== null && !money)
    return { ok: false, reason: `"${trimmed}" is an amount of money, but the metric is ${describeKind(unitKind)}` };
  if (unit === "shares" && unitKind !== "shares")
    return { ok: false, reason: `"${trimmed}" is a number of shares, but the metric is ${describeKind(unitKind)}` };
  if (percent && unitKind !== "ratio" && unitKind !== "percent")
    return { ok: false, reason: `"${trimmed}" is a percentage, but the metric is ${describeKind(unitKind)}` };
  if (times && unitKind !== "count")
    return { ok: false, reason: `"${trimmed}" is a multiple, but the metric is ${describeKind(unitKind)}` };

  if (unitKind === "ratio") {
    // Ratios are stored as fractions: 15% is 0.15. A bare number above 1 can only mean a percent.
    if (percent) return done(amount.div(100), null, null);
    if (amount.abs().gt(1) && scaleWord === undefined)
      return done(amount.div(100), null, `${trimmed} read as ${trimmed}%`);
    return done(amount, null, null);
  }
  return done(amount, currency, null);
}

function done(value: Decimal, currency: string | null, note: string | null): ThresholdResult {
  return { ok: true, value: value.toFixed(), currency, note };
}

/** "1,500,000.5" → 1500000.5; commas only as thousands separators (groups of three digits). */
function readNumber(text: string): Decimal | null {
  const [whole = "", fraction] = text.split(".");
  if (whole.includes(",") && !/^\d{1,3}(,\d{3})+$/.test(whole)) return null;
  return new Decimal(`${whole.replace(/,/g, "") || "0"}${fraction === undefined ? "" : `.${fraction}`}`);
}

function currencyOf(symbol: string | undefined, code: string | undefined, unit: string | undefined): string | null {
  if (symbol) return SYMBOLS.get(symbol) ?? null;
  const written = code?.trim().toUpperCase();
  if (written && CODES.has(written)) return written;
  const u = unit?.toLowerCase().replace(/\s+/g, " ");
  if (u === "dollars" || u === "us dollars" || u === "usd") return "USD";
  if (u === "eur" || u === "euro" || u === "euros") return "EUR";
  if (u === "gbp") return "GBP";
  return null;
}

function describeKind(unitKind: UnitKind): string {
  switch (unitKind) {
    case "currency":
      return "an amount of money";
    case "per_share":
      return "an amount per share";
    case "shares":
      return "a number of shares";
    case "ratio":
    case "percent":
      return "a percentage";
    case "count":
      return "a plain number";
  }
}
