import type { IngestRunOverview } from "@/lib/db/queries/data-overview";
import { formatCount, formatDuration, formatTimestamp } from "./format";
import { IngestRunStatusBadge } from "./ingest-run-status-badge";
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

export function IngestRunsTable({ runs }: { runs: IngestRunOverview[] }) {
  return (
    <div className={tableFrameClass}>
      <table className={tableClass} data-testid="ingest-runs-table">
        <thead>
          <tr className={headRowClass}>
            <th scope="col" className={headCellClass}>
              Source
            </th>
            <th scope="col" className={headCellClass}>
              Status
            </th>
            <th scope="col" className={headCellClass}>
              Started
            </th>
            <th scope="col" className={numericHeadCellClass}>
              Duration
            </th>
            <th scope="col" className={numericHeadCellClass}>
              Read
            </th>
            <th scope="col" className={numericHeadCellClass}>
              Inserted
            </th>
            <th scope="col" className={numericHeadCellClass}>
              Unchanged
            </th>
            <th scope="col" className={numericHeadCellClass}>
              Rejected
            </th>
            <th scope="col" className={headCellClass}>
              Errors
            </th>
          </tr>
        </thead>
        <tbody className={bodyClass}>
          {runs.map((run) => (
            <tr key={run.id} className={rowClass} data-testid={`ingest-run-row-${run.id}`}>
              <td className={`${cellClass} font-medium text-slate-900`} data-testid="ingest-run-source">
                {run.source}
              </td>
              <td className={cellClass}>
                <IngestRunStatusBadge status={run.status} />
              </td>
              <td className={`${cellClass} whitespace-nowrap tabular-nums`}>
                <time dateTime={run.startedAt}>{formatTimestamp(run.startedAt)}</time>
              </td>
              <td className={numericCellClass}>{formatDuration(run.durationMs)}</td>
              <td className={numericCellClass}>{formatCount(run.rowsRead)}</td>
              <td className={numericCellClass}>{formatCount(run.rowsInserted)}</td>
              <td className={numericCellClass}>{formatCount(run.rowsUnchanged)}</td>
              <td className={numericCellClass}>{formatCount(run.rowsRejected)}</td>
              <td className={`${cellClass} min-w-40`} data-testid="ingest-run-errors">
                {run.errorCount === 0 ? (
                  <span className={mutedClass}>none</span>
                ) : (
                  <details>
                    <summary className="whitespace-nowrap text-rose-700">
                      {formatCount(run.errorCount)} {run.errorCount === 1 ? "error" : "errors"}
                    </summary>
                    <ul className="mt-2 max-w-md space-y-1.5 text-xs">
                      {run.firstErrors.map((problem, index) => (
                        <li key={index} className="rounded-md bg-rose-50/60 px-2 py-1.5">
                          {problem.where ? (
                            <div className="break-all font-mono text-slate-500">{problem.where}</div>
                          ) : null}
                          <div className="text-slate-700">{problem.reason}</div>
                        </li>
                      ))}
                    </ul>
                    {run.errorCount > run.firstErrors.length ? (
                      <p className={`mt-1.5 text-xs ${mutedClass}`}>
                        and {formatCount(run.errorCount - run.firstErrors.length)} more
                      </p>
                    ) : null}
                  </details>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
