import type { TooltipContentProps } from "recharts";
import type { ChartSeries } from "./chart-data";
import { formatHumanValue } from "@/lib/format/values";
import { formatLongDate } from "./format";

type ChartTooltipProps = Pick<TooltipContentProps, "active" | "payload" | "label"> & {
  series: ChartSeries[];
  /** Line charts: x is a timestamp; bar charts: x is the category name. */
  xIsTime: boolean;
};

/** Hover details read the exact value kept beside each plotted number, formatted for people. */
export function ChartTooltip({ active, payload, label, series, xIsTime }: ChartTooltipProps) {
  if (!active || payload.length === 0) return null;
  const seriesByKey = new Map(series.map((item) => [item.dataKey, item]));
  const heading = xIsTime && typeof label === "number" ? formatLongDate(label) : String(label ?? "");

  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs shadow-md">
      {heading ? <div className="mb-1 font-medium text-slate-900">{heading}</div> : null}
      <ul className="space-y-0.5">
        {payload.map((entry) => {
          const row: unknown = entry.payload;
          if (typeof row !== "object" || row === null) return null;
          const record = row as Record<string, unknown>;
          const dataKey = xIsTime ? String(entry.dataKey ?? "") : String(record.dataKey ?? "");
          const item = seriesByKey.get(dataKey);
          const exact = xIsTime ? record[`${dataKey}:exact`] : record.exact;
          const period = xIsTime ? record[`${dataKey}:period`] : record.period;
          if (!item || typeof exact !== "string") return null;
          return (
            <li key={dataKey} className="flex items-center gap-1.5 text-slate-700">
              <span
                aria-hidden="true"
                className="inline-block h-2 w-2 rounded-sm"
                style={{ backgroundColor: item.color }}
              />
              <span>{item.label}</span>
              {typeof period === "string" && period !== heading ? (
                <span className="text-slate-400">{period}</span>
              ) : null}
              <span className="ml-auto pl-3 font-medium tabular-nums text-slate-900">
                {formatHumanValue(exact, item.style)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
