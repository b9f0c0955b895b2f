// How a value reads, for everyone who shows one: the built-in analyst's text (server) and the answer's
// table, charts and tooltips (browser) import this one module, so a value always reads the same way
// beside itself. Values arrive as exact decimal strings in base units and become text here, with
// decimal arithmetic: rounding is half-up (away from zero) and happens at this edge only, and the
// scale word is chosen after rounding ("1.0 trillion", never "1,000.0 billion").
//
// Imported by client components: keep it free of server-only imports (node:*, prisma, the database).
import { Decimal } from "@/lib/core/decimal";
import type { Frequency, UnitKind } from "@/lib/catalog/types";

const HUNDRED = new Decimal(100);

/** An exact decimal string as a number to compute with, or null when it is not a finite number. */
export function parseDecimal(value: string): Decimal | null {
  try {
    const decimal = new Decimal(value.trim());
    return decimal.isFinite() ? decimal : null;
  } catch {
    return null;
  }
}

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

const MILLION = new Decimal("1e6");
/** Ascending: the amount is shown in the first scale where it stays below 1,000. */
const SCALES = [
  { factor: MILLION, word: "million" },
  { factor: new Decimal("1e9"), word: "billion" },
  { factor: new Decimal("1e12"), word: "trillion" },
] as const;

/** A non-negative amount in words: "383.3 billion", "950,000", "12.50". Each step up is taken when
 * the amount, rounded as it would be shown, reaches 1,000 of the current scale, so 999.96 billion
 * reads "1.0 trillion", not "1,000.0 billion". `decimals` (asked by the question) replaces the usual
 * one decimal of a scale and the whole or cent amounts below a million. */
export function scaledAmount(abs: Decimal, decimals: number | null = null): string {
  if (new Decimal(fixedHalfUp(abs, 0)).lt(MILLION)) {
    // Whole amounts stay whole; cents only where they exist and matter (small amounts).
    const dp = decimals ?? (abs.isInteger() || abs.gte(1000) ? 0 : 2);
    return groupThousands(fixedHalfUp(abs, dp));
  }
  for (const [i, scale] of SCALES.entries()) {
    const shown = fixedHalfUp(abs.div(scale.factor), decimals ?? 1);
    if (i === SCALES.length - 1 || new Decimal(shown).lt(1000)) return `${groupThousands(shown)} ${scale.word}`;
  }
  throw new Error("unreachable: the last scale always returns");
}

/** How the question asked values to be written ("round to two decimals", "in USD millions"): the
 * request's presentation (lib/agent/schema.ts); null: the usual precision and each value's own scale. */
export interface ValueInstructions {
  decimals: number | null;
  scale: "units" | "thousands" | "millions" | "billions" | null;
}

const NO_INSTRUCTIONS: ValueInstructions = { decimals: null, scale: null };

/** How a series' values read: decided once per series from its unit and the question's instructions. */
export interface ValueStyle extends ValueInstructions {
  unitKind: UnitKind;
  /** "$" for USD, "EUR " for other currencies, "" for none. */
  currencyPrefix: string;
  /** Daily prices read "$189.98"; filed per-share values read "$6.08 per share". */
  perShareSuffix: boolean;
}

export function valueStyle(
  series: {
    unitKind: UnitKind;
    currency: string | null;
    unit: string;
    frequency: Frequency;
  },
  asked: ValueInstructions = NO_INSTRUCTIONS,
): ValueStyle {
  return {
    unitKind: series.unitKind,
    currencyPrefix: currencyPrefix(series.currency, series.unit),
    perShareSuffix: series.frequency !== "daily",
    decimals: asked.decimals,
    scale: asked.scale,
  };
}

/** How a ranking's values read, in the answer's text and in its table alike: daily values (latest
 * closes) as prices, filed ones with their per-share suffix, in the rounding and scale asked. */
export function rankingValueStyle(
  ranking: {
    unitKind: UnitKind;
    currency: string | null;
    unit: string;
    basis: { kind: "same-period" } | { kind: "latest-per-company"; periodKind: string };
  },
  asked: ValueInstructions = NO_INSTRUCTIONS,
): ValueStyle {
  const daily = ranking.basis.kind === "latest-per-company" && ranking.basis.periodKind === "daily";
  return valueStyle({ ...ranking, frequency: daily ? "daily" : "annual" }, asked);
}

const FIXED_SCALES: Record<NonNullable<ValueInstructions["scale"]>, { factor: Decimal; word: string }> = {
  units: { factor: new Decimal(1), word: "" },
  thousands: { factor: new Decimal(1000), word: " thousand" },
  millions: { factor: MILLION, word: " million" },
  billions: { factor: new Decimal("1e9"), word: " billion" },
};

/** An amount in the scale and decimals the question asked for ("119,575 million", "0.12 billion"); the
 * usual reading (scaledAmount) for what it left open. Without decimals asked, a whole number of the
 * scale when it is 100 or more, one decimal below. */
function amountAsAsked(abs: Decimal, style: ValueInstructions): string {
  if (style.scale === null) return scaledAmount(abs, style.decimals);
  const { factor, word } = FIXED_SCALES[style.scale];
  const scaled = abs.div(factor);
  const dp = style.decimals ?? (scaled.gte(100) || (style.scale === "units" && scaled.isInteger()) ? 0 : 1);
  return `${groupThousands(fixedHalfUp(scaled, dp))}${word}`;
}

/** "$" for US dollars, "EUR " for another currency, "" when neither the currency nor the unit
 * ("USD", "USD/shares") names one. */
export function currencyPrefix(currency: string | null, unit = ""): string {
  const code = currency ?? (unit.startsWith("USD") ? "USD" : null);
  if (code === null) return "";
  return code === "USD" ? "$" : `${code} `;
}

/** Whether values carry the currency prefix: amounts and per-share amounts. */
export function isMoney(unitKind: ValueStyle["unitKind"]): boolean {
  return unitKind === "currency" || unitKind === "per_share";
}

/** Ratios are filed as fractions (0.21) and shown as percentages (21.0%). */
export function isRatioLike(style: Pick<ValueStyle, "unitKind">): boolean {
  return style.unitKind === "ratio" || style.unitKind === "percent";
}

/** A value in human scale: "$383.3 billion", "-$100", "$6.08 per share", "15.2 billion shares", "21.0%". */
export function formatValue(value: Decimal, style: ValueStyle): string {
  const sign = value.isNegative() && !value.isZero() ? "-" : "";
  const abs = value.abs();
  const { decimals } = style;
  switch (style.unitKind) {
    case "currency":
      return `${sign}${style.currencyPrefix}${amountAsAsked(abs, style)}`;
    case "per_share": {
      // Sub-dime values (small dividends) keep 4 decimals so they do not all read "$0.00".
      const dp = decimals ?? (abs.isZero() || abs.gte("0.1") ? 2 : 4);
      const amount = `${sign}${style.currencyPrefix}${groupThousands(fixedHalfUp(abs, dp))}`;
      return style.perShareSuffix ? `${amount} per share` : amount;
    }
    case "shares":
      return `${sign}${amountAsAsked(abs, style)} shares`;
    case "ratio":
      return `${sign}${groupThousands(fixedHalfUp(abs.times(HUNDRED), decimals ?? 1))}%`;
    case "percent":
      return `${sign}${groupThousands(fixedHalfUp(abs, decimals ?? 1))}%`;
    case "count":
      return `${sign}${amountAsAsked(abs, style)}`;
  }
}

/** formatValue for an exact decimal string as stored: "383285000000" → "$383.3 billion". A string
 * that is not a number is shown as it is. */
export function formatHumanValue(value: string, style: ValueStyle): string {
  const decimal = parseDecimal(value);
  return decimal === null ? value : formatValue(decimal, style);
}

/** The full exact number, digits grouped, nothing rounded: "383285000000" USD → "$383,285,000,000",
 * "15204137000" shares → "15,204,137,000", "21.5" percent → "21.5%". Trailing fractional zeros are
 * dropped ("1234.50" → "1,234.5"). A string that is not a number is shown as it is. */
export function formatExactValue(value: string, style: Pick<ValueStyle, "unitKind" | "currencyPrefix">): string {
  const decimal = parseDecimal(value);
  if (decimal === null) return value;
  const sign = decimal.isNegative() && !decimal.isZero() ? "-" : "";
  const prefix = isMoney(style.unitKind) ? style.currencyPrefix : "";
  const suffix = style.unitKind === "percent" ? "%" : "";
  const [whole = "0", fraction = ""] = decimal.abs().toFixed().split(".");
  const digits = fraction.replace(/0+$/, "") ? `${whole}.${fraction.replace(/0+$/, "")}` : whole;
  return `${sign}${prefix}${groupThousands(digits)}${suffix}`;
}
