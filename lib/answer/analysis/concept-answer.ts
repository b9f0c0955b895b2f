// A metric asked about as a concept ("What's a healthy current ratio?"): the catalog's definition and
// formula, then how the companies held spread on it (the Data Module's distribution), overall and by
// sector. No rule of thumb is stated that the data does not show.
import { metricByKey } from "@/lib/catalog/metrics";
import { Decimal } from "@/lib/core/decimal";
import type { Distribution, Quartiles, Ranking } from "@/lib/data/types";
import { formatValue, valueStyle, type ValueStyle } from "../format";

export function conceptAnswer(ranking: Ranking, distribution: Distribution): string {
  const metric = metricByKey(distribution.metricKey);
  const style = valueStyle({
    unitKind: ranking.unitKind,
    currency: ranking.currency,
    unit: ranking.unit,
    frequency: "annual",
  });
  const value = (v: string) => formatValue(new Decimal(v), style);
  const { overall } = distribution;
  const definition = [
    `**${ranking.metricName}**: ${metric?.description ?? ""}`.trim(),
    ...(metric?.formula ? [`Formula: \`${metric.formula.expression}\``] : []),
  ].join("\n\n");
  const spread = [
    `Across the ${overall.count} companies held with a value (each one's latest period): median ${value(overall.median)}`,
    ...(overall.q1 !== null && overall.q3 !== null
      ? [`the middle half from ${value(overall.q1)} to ${value(overall.q3)}`]
      : []),
    `lowest ${value(overall.low.value)} (${overall.low.ticker}), highest ${value(overall.high.value)} (${overall.high.ticker}).`,
  ].join("; ");
  const sectors = [
    "**By sector**",
    ...distribution.sectors.map((s) => `- ${s.sector} (${plural(s.count)}): ${sectorLine(s, style)}`),
  ].join("\n");
  return [definition, spread, sectors].join("\n\n");
}

function sectorLine(q: Quartiles, style: ValueStyle): string {
  const value = (v: string) => formatValue(new Decimal(v), style);
  const middle = q.q1 !== null && q.q3 !== null ? `, middle half ${value(q.q1)} to ${value(q.q3)}` : "";
  return `median ${value(q.median)}${middle}`;
}

function plural(n: number): string {
  return n === 1 ? "1 company" : `${n} companies`;
}
