// Margins: profit metrics as a share of revenue, when both are in the slice for the same period.
import { formatPercent, formatValue } from "../format";
import { at } from "./changes";
import { byRecency, kindName, type Track } from "./tracks";

const MARGINS = [
  { key: "gross_profit", name: "Gross margin" },
  { key: "operating_income", name: "Operating margin" },
  { key: "net_income", name: "Net margin" },
] as const;

/** One block per company, covering each kind of period that has revenue (the latest first). */
export function marginBlocks(tracks: Track[]): string[] {
  const revenueByTicker = new Map<string, Track[]>();
  for (const t of tracks.filter((t) => t.series.metricKey === "revenue" && t.kind !== "daily")) {
    revenueByTicker.set(t.series.ticker, [...(revenueByTicker.get(t.series.ticker) ?? []), t]);
  }
  const blocks: string[] = [];
  for (const revenues of revenueByTicker.values()) {
    revenues.sort(byRecency);
    const lines = MARGINS.flatMap((m) =>
      revenues.flatMap((revenue) => {
        const profit = tracks.find(
          (t) => t.series.ticker === revenue.series.ticker && t.series.metricKey === m.key && t.kind === revenue.kind,
        );
        const line = profit ? marginLine(m.name, profit, revenue) : null;
        return line ? [line] : [];
      }),
    );
    const first = revenues[0]!;
    const kinds = revenues.length === 1 ? `, ${kindName(first.kind)}` : "";
    if (lines.length)
      blocks.push([`**${first.company} (${first.series.ticker}) · margins${kinds}**`, ...lines].join("\n"));
  }
  return blocks;
}

function marginLine(name: string, profit: Track, revenue: Track): string | null {
  const revenueByKey = new Map(revenue.obs.map((o) => [o.key, o]));
  const latest = [...profit.obs].reverse().find((o) => revenueByKey.get(o.key)?.value.gt(0));
  if (!latest) return null;
  const rev = revenueByKey.get(latest.key)!;
  const pct = latest.value.div(rev.value).times(100);
  const sign = pct.isNegative() ? "-" : "";
  return `- ${name} ${at(latest)}: ${sign}${formatPercent(pct.abs())} (${profit.metric} ${formatValue(latest.value, profit.style)} of revenue ${formatValue(rev.value, revenue.style)})`;
}
