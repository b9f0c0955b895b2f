// One concept per series, said (issue 30, item 3): which XBRL concept each company × filed metric was read
// on over the slice's periods, directly or as a formula's inputs, and every figure that compares values of
// two concepts (a growth rate from one year's net sales over the prior year's total revenues), so the
// answer never presents such a figure as like for like.
import { metricByKey } from "@/lib/catalog/metrics";
import { periodLabel } from "@/lib/format/periods";
import type { ConceptUse, DataPoint, Series } from "./types";
import { measureOf } from "./versions";

interface Leaf {
  metricKey: string;
  label: string;
  periodEnd: string;
  concept: string;
}

/** The filed values a point reads: itself, or a formula's inputs all the way down. */
function leavesOf(metricKey: string, point: DataPoint): Leaf[] {
  if (point.source.kind === "sec_filing")
    return [
      { metricKey, label: periodLabel(point), periodEnd: point.periodEnd, concept: measureOf(point.source.concept) },
    ];
  if (point.source.kind === "derived")
    return point.source.inputs.flatMap((input) => leavesOf(input.metricKey, input.point));
  return [];
}

const distinct = (leaves: readonly Leaf[]) => [...new Set(leaves.map((l) => l.concept))];

export function conceptUsesOf(series: readonly Series[]): ConceptUse[] {
  const uses = new Map<string, { use: ConceptUse; periods: Map<string, Leaf> }>();
  const useOf = (s: Series, metricKey: string) => {
    const key = `${s.ticker}\u0000${metricKey}`;
    let held = uses.get(key);
    if (!held) {
      const use: ConceptUse = {
        ticker: s.ticker,
        companyName: s.companyName,
        metricKey,
        metricName: metricByKey(metricKey)?.name ?? metricKey,
        runs: [],
        mixed: [],
      };
      uses.set(key, (held = { use, periods: new Map() }));
    }
    return held;
  };
  for (const s of series) {
    // A daily series (a price-based ratio) reads its filed inputs anew each day; its first and last days
    // stand for it (a ranking's one value, a chart's two ends), so a year of days is not walked leaf by leaf.
    const points =
      s.frequency === "daily" ? [...new Set([s.points[0], s.points.at(-1)])].filter((p) => p !== undefined) : s.points;
    let previous: { label: string; concept: string } | null = null;
    for (const point of points) {
      const leaves = leavesOf(s.metricKey, point);
      const byMetric = new Map<string, Leaf[]>();
      for (const leaf of leaves) byMetric.set(leaf.metricKey, [...(byMetric.get(leaf.metricKey) ?? []), leaf]);
      for (const [metricKey, own] of byMetric) {
        const held = useOf(s, metricKey);
        for (const leaf of own) if (!held.periods.has(leaf.label)) held.periods.set(leaf.label, leaf);
        // One figure read from two concepts of one metric: a growth rate, a fourth quarter derived from a year.
        if (distinct(own).length > 1) {
          const parts = [...new Map(own.map((l) => [l.label, l])).values()]
            .sort((a, b) => (a.periodEnd < b.periodEnd ? -1 : a.periodEnd > b.periodEnd ? 1 : 0))
            .map((l) => ({ period: l.label, concept: l.concept }));
          held.use.mixed.push({ metricName: s.metricName, period: periodLabel(point), parts });
        }
      }
      // A filed series' own values: the change from one period to the next compares their concepts.
      const own = byMetric.get(s.metricKey) ?? [];
      const concepts = distinct(own);
      const label = periodLabel(point);
      if (concepts.length === 1) {
        if (previous && previous.concept !== concepts[0])
          useOf(s, s.metricKey).use.mixed.push({
            metricName: null,
            period: label,
            parts: [
              { period: previous.label, concept: previous.concept },
              { period: label, concept: concepts[0]! },
            ],
          });
        previous = { label, concept: concepts[0]! };
      } else previous = null;
    }
  }
  return [...uses.values()].map(({ use, periods }) => {
    const ordered = [...periods.values()].sort((a, b) =>
      a.periodEnd < b.periodEnd ? -1 : a.periodEnd > b.periodEnd ? 1 : 0,
    );
    const runs: ConceptUse["runs"] = [];
    for (const leaf of ordered) {
      const last = runs.at(-1);
      if (last && last.concept === leaf.concept) last.periods.push(leaf.label);
      else runs.push({ concept: leaf.concept, periods: [leaf.label] });
    }
    const mixed = [...new Map(use.mixed.map((m) => [JSON.stringify(m), m])).values()];
    return { ...use, runs, mixed };
  });
}
