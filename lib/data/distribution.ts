// How a metric is spread across the companies held: lowest, quartiles, median and highest of each
// company's latest value, overall and by GICS sector, exactly (decimal). It grounds a concept question
// ("What's a healthy current ratio?") in the data rather than in a rule of thumb.
import { companyByTicker } from "@/lib/catalog/companies";
import { industryByName } from "@/lib/catalog/sectors";
import { Decimal } from "@/lib/core/decimal";
import type { Distribution, Quartiles, Ranking, RankingEntry } from "./types";

/** Sectors with fewer companies than this get a median only: quartiles of two values say little. */
const MIN_FOR_QUARTILES = 4;

/** The distribution of a ranking's values (its reference company left out); null with fewer than two. */
export function distributionOf(ranking: Ranking): Distribution | null {
  const entries = ranking.entries.filter((e) => !e.reference);
  if (entries.length < 2) return null;
  const bySector = new Map<string, RankingEntry[]>();
  for (const entry of entries) {
    const sector = sectorOf(entry.ticker);
    bySector.set(sector, [...(bySector.get(sector) ?? []), entry]);
  }
  return {
    metricKey: ranking.metricKey,
    overall: quartilesOf(entries),
    sectors: [...bySector]
      .map(([sector, members]) => ({ sector, ...quartilesOf(members) }))
      .sort((a, b) => b.count - a.count || a.sector.localeCompare(b.sector)),
  };
}

function sectorOf(ticker: string): string {
  const industry = companyByTicker(ticker)?.industry;
  return (industry && industryByName(industry)?.sector) ?? "Other";
}

/** Quartiles by linear interpolation between order statistics (position (n − 1) × p, the usual default). */
function quartilesOf(entries: readonly RankingEntry[]): Quartiles {
  const sorted = [...entries].sort((a, b) => new Decimal(a.value).cmp(b.value));
  const values = sorted.map((e) => new Decimal(e.value));
  const at = (p: number): string => {
    const position = new Decimal(values.length - 1).times(p);
    const below = position.floor().toNumber();
    const fraction = position.minus(below);
    const low = values[below]!;
    const high = values[Math.min(below + 1, values.length - 1)]!;
    return low.plus(high.minus(low).times(fraction)).toString();
  };
  const spread = values.length >= MIN_FOR_QUARTILES;
  return {
    count: values.length,
    low: { ticker: sorted[0]!.ticker, value: sorted[0]!.value },
    high: { ticker: sorted.at(-1)!.ticker, value: sorted.at(-1)!.value },
    median: at(0.5),
    q1: spread ? at(0.25) : null,
    q3: spread ? at(0.75) : null,
  };
}
