import type { ReactNode } from "react";
import type { DataTotals } from "@/lib/db/queries/data-overview";
import { formatCount } from "./format";

interface TotalCard {
  testId: string;
  label: string;
  value: number;
  detail?: ReactNode;
}

export function Totals({ totals }: { totals: DataTotals }) {
  const cards: TotalCard[] = [
    { testId: "total-companies", label: "Companies", value: totals.companies },
    { testId: "total-metrics", label: "Metrics", value: totals.metrics },
    {
      testId: "total-current-metric-values",
      label: "Metric values",
      value: totals.currentMetricValues,
      detail: (
        <>
          current, from{" "}
          <span data-testid="total-metric-value-rows" data-value={totals.metricValueRows}>
            {formatCount(totals.metricValueRows)}
          </span>{" "}
          stored rows
        </>
      ),
    },
    { testId: "total-daily-prices", label: "Daily price rows", value: totals.dailyPriceRows },
    { testId: "total-ingest-runs", label: "Ingest runs", value: totals.ingestRuns },
  ];

  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="data-totals">
      {cards.map((card) => (
        <div key={card.testId} className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-xs">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{card.label}</dt>
          <dd
            className="mt-1 text-2xl font-semibold tabular-nums text-slate-900"
            data-testid={card.testId}
            data-value={card.value}
          >
            {formatCount(card.value)}
          </dd>
          {card.detail ? <dd className="mt-0.5 text-xs text-slate-500">{card.detail}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
