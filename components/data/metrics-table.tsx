import type { MetricOverview } from "@/lib/db/queries/data-overview";
import { formatCount, humanize } from "./format";
import {
  bodyClass,
  cellClass,
  headCellClass,
  headRowClass,
  mutedClass,
  numericCellClass,
  numericHeadCellClass,
  rowClass,
  tableClass,
  tableFrameClass,
} from "./table-classes";

export function MetricsTable({ metrics }: { metrics: MetricOverview[] }) {
  return (
    <div className={tableFrameClass}>
      <table className={tableClass} data-testid="metrics-table">
        <thead>
          <tr className={headRowClass}>
            <th scope="col" className={headCellClass}>
              Metric
            </th>
            <th scope="col" className={headCellClass}>
              Unit
              <span className="block font-normal normal-case tracking-normal">frequency · statement</span>
            </th>
            <th scope="col" className={headCellClass}>
              Aliases
            </th>
            <th scope="col" className={headCellClass}>
              Related
            </th>
            <th scope="col" className={numericHeadCellClass}>
              Companies
            </th>
          </tr>
        </thead>
        <tbody className={bodyClass}>
          {metrics.map((metric) => (
            <tr key={metric.key} className={rowClass} data-testid={`metric-row-${metric.key}`}>
              <td className={`${cellClass} w-56`}>
                <div className="font-medium text-slate-900">{metric.name}</div>
                <code className="text-xs" data-testid="metric-key">
                  {metric.key}
                </code>
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>
                <div data-testid="metric-unit-kind">{humanize(metric.unitKind)}</div>
                <div className={`${mutedClass} text-xs`}>
                  <span data-testid="metric-frequency">{metric.frequency}</span> ·{" "}
                  <span data-testid="metric-statement">{humanize(metric.statement)}</span>
                </div>
              </td>
              <td className={`${cellClass} min-w-64 text-slate-600`} data-testid="metric-aliases">
                {metric.aliases.length > 0 ? metric.aliases.join(", ") : <span className={mutedClass}>—</span>}
              </td>
              <td className={`${cellClass} w-64`} data-testid="metric-related">
                {metric.relatedKeys.length > 0 ? (
                  <span className="break-words font-mono text-xs text-slate-600">{metric.relatedKeys.join(", ")}</span>
                ) : (
                  <span className={mutedClass}>—</span>
                )}
              </td>
              <td className={numericCellClass} data-testid="metric-companies">
                {formatCount(metric.companiesWithValues)}
                {metric.valuesFrom === "daily_prices" ? (
                  <div className={`${mutedClass} text-xs`}>from daily prices</div>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
