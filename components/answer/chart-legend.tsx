import type { ChartSeries } from "./chart-data";

/** The chart's legend as plain HTML, one item per line or bar: "AAPL — Net Income". */
export function ChartLegend({ series }: { series: ChartSeries[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Legend">
      {series.map((item) => (
        <li
          key={item.dataKey}
          className="flex items-center gap-1.5"
          data-testid="chart-legend-item"
          data-series-key={item.dataKey}
        >
          <span
            aria-hidden="true"
            className="inline-block h-2.5 w-2.5 rounded-sm"
            style={{ backgroundColor: item.color }}
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
