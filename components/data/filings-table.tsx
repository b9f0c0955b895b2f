// The /data page's filings section: how many filings and chunks are stored, how far background
// embedding has got, and per company which forms and fiscal years are covered.
import { type FilingsOverview, yearRanges } from "@/lib/db/queries/filings-overview";
import { formatCount } from "./format";
import {
  bodyClass,
  cellClass,
  headCellClass,
  headRowClass,
  numericCellClass,
  numericHeadCellClass,
  rowClass,
  tableClass,
  tableFrameClass,
} from "./table-classes";

export function FilingsTable({ overview }: { overview: FilingsOverview }) {
  const share = overview.chunks > 0 ? Math.floor((100 * overview.embeddedChunks) / overview.chunks) : 0;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600" data-testid="filings-totals">
        {formatCount(overview.filings)} filings, {formatCount(overview.chunks)} chunks;{" "}
        {formatCount(overview.embeddedChunks)} embedded ({share}%). Until a chunk is embedded, search ranks it by
        keywords.
      </p>
      <div className={tableFrameClass}>
        <table className={tableClass} data-testid="filings-table">
          <thead>
            <tr className={headRowClass}>
              <th scope="col" className={headCellClass}>
                Company
              </th>
              <th scope="col" className={headCellClass}>
                Forms
              </th>
              <th scope="col" className={headCellClass}>
                Fiscal years
              </th>
              <th scope="col" className={numericHeadCellClass}>
                Filings
              </th>
              <th scope="col" className={numericHeadCellClass}>
                Chunks
              </th>
            </tr>
          </thead>
          <tbody className={bodyClass}>
            {overview.companies.map((c) => (
              <tr key={c.ticker} className={rowClass}>
                <td className={cellClass}>
                  {c.ticker} · {c.companyName}
                </td>
                <td className={cellClass}>{c.forms.join(", ")}</td>
                <td className={cellClass}>{yearRanges(c.fiscalYears)}</td>
                <td className={numericCellClass}>{formatCount(c.filings)}</td>
                <td className={numericCellClass}>{formatCount(c.chunks)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
