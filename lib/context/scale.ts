// Exact scaling of slice values for the prompt. Values arrive as exact decimal strings in base units;
// they are divided with decimal.js (never through a float) and printed without rounding, so
// "391035000000" in USD millions is exactly "391,035" and "1234567" is "1.234567".
import { Decimal } from "@/lib/core/decimal";
import type { Presentation } from "@/lib/agent/schema";
import type { Series } from "@/lib/data/types";

const MILLION = new Decimal(1_000_000);

/** The divisor of a scale the question asks for ("in USD billions"). */
const ASKED_DIVISORS: Record<NonNullable<Presentation["scale"]>, Decimal> = {
  units: new Decimal(1),
  thousands: new Decimal(1_000),
  millions: MILLION,
  billions: new Decimal(1_000_000_000),
};

export interface Scale {
  /** What the block header says: "USD millions", "USD per share", "shares, millions". */
  unitText: string;
  divisor: Decimal;
}

/** One scale for a whole block, so every company's numbers in it read the same way: the one the
 * question asks for (`asked`, money only), else millions for large amounts. */
export function chooseScale(series: readonly Series[], asked: Presentation["scale"] = null): Scale {
  const first = series[0];
  if (!first) return { unitText: "", divisor: new Decimal(1) };
  const currency = first.currency ?? "USD";
  const large = maxAbs(series).gte(MILLION);
  switch (first.unitKind) {
    case "currency":
      if (asked !== null)
        return { unitText: asked === "units" ? currency : `${currency} ${asked}`, divisor: ASKED_DIVISORS[asked] };
      return large
        ? { unitText: `${currency} millions`, divisor: MILLION }
        : { unitText: currency, divisor: new Decimal(1) };
    case "per_share":
      return { unitText: `${currency} per share`, divisor: new Decimal(1) };
    case "shares":
      return large
        ? { unitText: "shares, millions", divisor: MILLION }
        : { unitText: "shares", divisor: new Decimal(1) };
    case "ratio":
      return { unitText: "ratio (0.21 means 21%)", divisor: new Decimal(1) };
    case "percent":
      return { unitText: "percent", divisor: new Decimal(1) };
    case "count":
      return { unitText: "count", divisor: new Decimal(1) };
  }
}

function maxAbs(series: readonly Series[]): Decimal {
  let max = new Decimal(0);
  for (const s of series) for (const p of s.points) max = Decimal.max(max, new Decimal(p.value).abs());
  return max;
}

/** The exact value in the block's scale with thousands separators: "391,035", "-2.5", "6.08". */
export function formatScaled(value: string, scale: Scale): string {
  return groupThousands(new Decimal(value).div(scale.divisor).toFixed());
}

export function compareValues(a: string, b: string): number {
  return new Decimal(a).cmp(new Decimal(b));
}

function groupThousands(plain: string): string {
  const negative = plain.startsWith("-");
  const unsigned = negative ? plain.slice(1) : plain;
  const [whole = "0", fraction] = unsigned.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${grouped}${fraction === undefined ? "" : `.${fraction}`}`;
}
