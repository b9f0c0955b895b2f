"use client";

import { useId, useMemo, useState } from "react";
import type { DataSlice } from "@/lib/data/types";
import { buildCsv, csvFileName, dataRowsOf } from "./data-rows";
import { Derivation } from "./derivation";
import { formatCount, formatPeriodDates, tablePageHref } from "./format";
import { SourceText } from "./source-text";

/** Rows per page: a decade of daily values is thousands of rows, too many to render at once; the CSV has all. */
const PAGE_SIZE = 100;

const headCellClass = "whitespace-nowrap px-3 py-2 font-medium";
const cellClass = "px-3 py-2 align-top";

export function DataTable({ slice }: { slice: DataSlice }) {
  const rows = useMemo(() => dataRowsOf(slice), [slice]);
  const [showExactValues, setShowExactValues] = useState(false);
  const [page, setPage] = useState(0);
  const exactToggleId = useId();
  const captionId = useId();

  if (rows.length === 0) return null;
  const pages = Math.ceil(rows.length / PAGE_SIZE);
  // A new slice may have fewer pages than the one before.
  const shown = Math.min(page, pages - 1);
  const visibleRows = rows.slice(shown * PAGE_SIZE, (shown + 1) * PAGE_SIZE);

  function downloadCsv() {
    const blob = new Blob([buildCsv(rows)], { type: "text/csv;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = csvFileName(slice);
    document.body.append(link);
    link.click();
    link.remove();
    // Revoke after the click has been handled, or some browsers cancel the download.
    window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }

  return (
    <section className="space-y-2" aria-labelledby={captionId} data-testid="data-table-section">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={captionId} className="text-sm font-semibold text-slate-900">
          The data{" "}
          <span className="font-normal text-slate-500">
            ({formatCount(rows.length)} {rows.length === 1 ? "value" : "values"})
          </span>
        </h3>
        <div className="flex items-center gap-3 text-sm">
          <label htmlFor={exactToggleId} className="flex cursor-pointer items-center gap-1.5 text-slate-600">
            <input
              id={exactToggleId}
              type="checkbox"
              checked={showExactValues}
              onChange={(event) => setShowExactValues(event.target.checked)}
              className="size-4 accent-teal-700"
              data-testid="exact-values-toggle"
            />
            Exact values
          </label>
          <button
            type="button"
            onClick={downloadCsv}
            className="rounded-md border border-slate-300 bg-white px-2.5 py-1 font-medium text-slate-700 shadow-xs hover:bg-slate-50"
            data-testid="download-csv"
          >
            Download CSV
          </button>
        </div>
      </div>
      <div className="max-h-[28rem] overflow-auto rounded-xl border border-slate-200 bg-white shadow-xs">
        <table className="min-w-full text-left text-sm" data-testid="data-table">
          <thead className="sticky top-0 z-10">
            <tr className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <th scope="col" className={headCellClass}>
                Company
              </th>
              <th scope="col" className={headCellClass}>
                Metric
              </th>
              <th scope="col" className={headCellClass}>
                Period
              </th>
              <th scope="col" className={`${headCellClass} text-right`}>
                Value
              </th>
              <th scope="col" className={headCellClass}>
                Unit
              </th>
              <th scope="col" className={headCellClass}>
                Source
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {visibleRows.map((row) => {
              const { series, point } = row;
              return (
                <tr key={row.key} className="hover:bg-slate-50/70" data-testid="data-row">
                  <td className={cellClass}>
                    <span className="font-semibold text-slate-900" data-testid="data-ticker">
                      {series.ticker}
                    </span>{" "}
                    <span className="text-xs text-slate-500">{series.companyName}</span>
                  </td>
                  <td className={`${cellClass} text-slate-700`} data-testid="data-metric">
                    {series.metricName}
                  </td>
                  <td
                    className={`${cellClass} whitespace-nowrap tabular-nums`}
                    title={formatPeriodDates(point)}
                    data-testid="data-period"
                  >
                    {row.period}
                  </td>
                  <td
                    className={`${cellClass} whitespace-nowrap text-right font-medium tabular-nums text-slate-900`}
                    title={`Exact: ${row.exactValue}`}
                    data-exact-value={point.value}
                    data-testid="data-value"
                  >
                    {showExactValues ? row.exactValue : row.value}
                  </td>
                  <td className={`${cellClass} whitespace-nowrap text-slate-600`}>{row.unit}</td>
                  <td
                    className={`${cellClass} whitespace-nowrap text-xs text-slate-500`}
                    title={
                      point.source.kind === "sec_filing" ? `${point.source.concept} via ${point.source.via}` : undefined
                    }
                    data-testid="data-source"
                  >
                    {point.source.kind === "derived" ? (
                      <Derivation source={point.source} />
                    ) : (
                      <SourceText text={row.source} href={tablePageHref(point.source)} />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav
          className="flex items-center gap-3 text-sm text-slate-600"
          aria-label="Table pages"
          data-testid="data-table-pages"
        >
          <button
            type="button"
            onClick={() => setPage(shown - 1)}
            disabled={shown === 0}
            className="rounded-md border border-slate-300 bg-white px-2.5 py-1 font-medium text-slate-700 disabled:opacity-40"
            data-testid="data-table-previous"
          >
            Previous
          </button>
          <span className="tabular-nums" data-testid="data-table-range">
            Rows {formatCount(shown * PAGE_SIZE + 1)}–{formatCount(shown * PAGE_SIZE + visibleRows.length)} of{" "}
            {formatCount(rows.length)}
          </span>
          <button
            type="button"
            onClick={() => setPage(shown + 1)}
            disabled={shown === pages - 1}
            className="rounded-md border border-slate-300 bg-white px-2.5 py-1 font-medium text-slate-700 disabled:opacity-40"
            data-testid="data-table-next"
          >
            Next
          </button>
        </nav>
      ) : null}
    </section>
  );
}
