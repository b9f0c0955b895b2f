// Quarters the filings give only implicitly. A 10-K reports the fiscal year, not its fourth quarter;
// many 10-Qs report six and nine months to date beside (or instead of) the quarter. The missing
// quarter is then the difference of two reported durations — FY − 9M, 9M − 6M, 6M − Q1 — computed
// exactly and marked derived, with both inputs as its provenance.
import { Decimal } from "@/lib/core/decimal";
import type { MetricDefinition } from "@/lib/catalog/types";
import type { FiscalPeriod } from "@/lib/core/types";
import { fiscalPeriodLabel } from "@/lib/format/periods";
import type { FiscalSlot } from "./calendar";
import { addDays } from "@/lib/core/dates";
import type { DataPoint, DerivedInput } from "./types";

/** How each quarter can be derived, in order of preference: [longer period, the parts to subtract]. */
const RECIPES: Readonly<Record<"Q2" | "Q3" | "Q4", ReadonlyArray<readonly [FiscalPeriod, readonly FiscalPeriod[]]>>> = {
  Q2: [["H1", ["Q1"]]],
  Q3: [
    ["M9", ["H1"]],
    ["M9", ["Q1", "Q2"]],
  ],
  Q4: [
    ["FY", ["M9"]],
    ["FY", ["Q1", "Q2", "Q3"]],
    ["FY", ["H1", "Q3"]],
  ],
};

const EPS_NOTE =
  "Per-share amounts do not add exactly across quarters when the share count changes; the derived quarter is the usual approximation.";

/** Flows add up across quarters; per-share amounts approximately; share counts and ratios never. */
export function isQuarterDerivable(metric: Pick<MetricDefinition, "unitKind" | "periodType">): boolean {
  return metric.periodType === "duration" && (metric.unitKind === "currency" || metric.unitKind === "per_share");
}

/**
 * The value of a quarter slot derived from the company's reported durations of the same fiscal year,
 * or undefined when no recipe's inputs are all there. `reported(fiscalYear, period)` gives the point
 * as filed (undefined when not filed); the inputs must tile the longer period exactly (same start,
 * consecutive ends), so a mislabeled fact cannot produce a wrong quarter.
 */
export function deriveQuarter(
  slot: FiscalSlot,
  metric: Pick<MetricDefinition, "key" | "name" | "unitKind">,
  ticker: string,
  reported: (fiscalYear: number, period: FiscalPeriod) => DataPoint | undefined,
): DataPoint | undefined {
  if (slot.fiscalPeriod === "FY" || slot.fiscalPeriod === "Q1") return undefined;
  for (const [whole, parts] of RECIPES[slot.fiscalPeriod]) {
    const total = reported(slot.fiscalYear, whole);
    const pieces = parts.map((period) => reported(slot.fiscalYear, period));
    if (!total || total.periodEnd !== slot.end || pieces.some((p) => p === undefined)) continue;
    const known = pieces as DataPoint[];
    if (!tiles(total, known)) continue;
    const value = known.reduce((sum, p) => sum.minus(p.value), new Decimal(total.value));
    const input = (p: DataPoint, period: FiscalPeriod): DerivedInput => ({
      ticker,
      metricKey: metric.key,
      metricName: metric.name,
      label: fiscalPeriodLabel(slot.fiscalYear, period),
      point: p,
    });
    const last = known[known.length - 1]!;
    return {
      periodStart: addDays(last.periodEnd, 1),
      periodEnd: slot.end,
      fiscalYear: slot.fiscalYear,
      fiscalPeriod: slot.fiscalPeriod,
      value: value.toString(),
      source: {
        kind: "derived",
        formula: [whole, ...parts].map(periodName).join(" − "),
        inputs: [input(total, whole), ...known.map((p, i) => input(p, parts[i]!))],
        note: metric.unitKind === "per_share" ? EPS_NOTE : null,
      },
    };
  }
  return undefined;
}

/** The parts start where the whole starts and each begins the day after the previous one ends. */
function tiles(whole: DataPoint, parts: readonly DataPoint[]): boolean {
  if (parts[0]?.periodStart !== whole.periodStart) return false;
  return parts.every((p, i) => i === 0 || p.periodStart === addDays(parts[i - 1]!.periodEnd, 1));
}

function periodName(period: FiscalPeriod): string {
  return period === "H1" ? "6M" : period === "M9" ? "9M" : period;
}
