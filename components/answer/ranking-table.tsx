"use client";

import { useId } from "react";
import type { Ranking } from "@/lib/data/types";
import { formatDate, periodLabel } from "@/lib/format/periods";
import { formatExactValue, formatHumanValue, rankingValueStyle, type ValueInstructions } from "@/lib/format/values";

const headCellClass = "whitespace-nowrap px-3 py-2 font-medium";
const cellClass = "px-3 py-2 align-top";

/** The ranking beside the answer: rank, company, value (exact on hover), the period each value is
 * for; ties marked; the universe and who had no comparable value underneath. Values read in the
 * rounding and scale the question asked (`asked`), as in the answer's text. */
export function RankingTable({ ranking, asked }: { ranking: Ranking; asked: ValueInstructions }) {
  const captionId = useId();
  const style = rankingValueStyle(ranking, asked);
  const { universe } = ranking;
  const basis = ranking.basis.kind === "same-period" ? ranking.basis.label : "each company's latest period";
  const gaps = [...universe.lacking, ...universe.notCompared];
  return (
    <section className="space-y-2" aria-labelledby={captionId} data-testid="ranking-section">
      <h3 id={captionId} className="text-sm font-semibold text-slate-900">
        Ranking · {ranking.metricName}, {basis}{" "}
        <span className="font-normal text-slate-500" data-testid="ranking-universe">
          ({universe.description}: {universe.considered} considered, {universe.withData} with data)
        </span>
      </h3>
      {ranking.entries.length > 0 ? (
        <div className="overflow-auto rounded-xl border border-slate-200 bg-white shadow-xs">
          <table className="min-w-full text-left text-sm" data-testid="ranking-table">
            <thead>
              <tr className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <th scope="col" className={headCellClass}>
                  Rank
                </th>
                <th scope="col" className={headCellClass}>
                  Company
                </th>
                <th scope="col" className={`${headCellClass} text-right`}>
                  {ranking.metricName}
                </th>
                <th scope="col" className={headCellClass}>
                  Period
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {ranking.entries.map((entry) => (
                <tr
                  key={entry.ticker}
                  className={entry.reference ? "bg-teal-50/60" : undefined}
                  data-testid="ranking-row"
                >
                  <td className={`${cellClass} tabular-nums`} data-testid="ranking-rank">
                    {entry.rank}
                    {entry.tied ? <span className="ml-1 text-xs text-slate-500">(tied)</span> : null}
                  </td>
                  <td className={cellClass}>
                    <span className="font-semibold text-slate-900" data-testid="ranking-ticker">
                      {entry.ticker}
                    </span>{" "}
                    <span className="text-xs text-slate-500">{entry.companyName}</span>
                    {entry.reference ? (
                      <span className="ml-1 text-xs text-teal-800">· peers of this company</span>
                    ) : null}
                  </td>
                  <td
                    className={`${cellClass} whitespace-nowrap text-right font-medium tabular-nums text-slate-900`}
                    title={`Exact: ${formatExactValue(entry.value, style)}`}
                    data-exact-value={entry.value}
                    data-testid="ranking-value"
                  >
                    {formatHumanValue(entry.value, style)}
                  </td>
                  <td className={`${cellClass} whitespace-nowrap tabular-nums`} data-testid="ranking-period">
                    {periodLabel(entry.period)}
                    {entry.period.fiscalYear !== null ? (
                      <span className="text-xs text-slate-500"> · ended {formatDate(entry.period.periodEnd)}</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {ranking.notes.length > 0 ? (
        <ul className="list-disc space-y-0.5 pl-5 text-xs text-slate-600" data-testid="ranking-notes">
          {ranking.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {gaps.length > 0 ? (
        <details className="text-xs text-slate-600" data-testid="ranking-gaps">
          <summary className="cursor-pointer">
            {gaps.length} {gaps.length === 1 ? "company" : "companies"} without a comparable value
          </summary>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {gaps.map((gap) => (
              <li key={gap.ticker}>{gap.reason}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
