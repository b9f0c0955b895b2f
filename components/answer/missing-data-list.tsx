import type { MissingData } from "@/lib/data/types";

/** What the data did not have, said plainly rather than left out. */
export function MissingDataList({ missing }: { missing: MissingData[] }) {
  if (missing.length === 0) return null;
  return (
    <section
      className="rounded-xl border border-slate-200 bg-slate-100/60 px-4 py-3 text-sm text-slate-700"
      aria-label="Data not found"
      data-testid="missing-data"
    >
      <span className="font-semibold text-slate-900">Not found:</span>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {missing.map((item, index) => (
          <li key={`${item.ticker ?? ""}|${item.metricKey ?? ""}|${index}`} data-testid="missing-item">
            {item.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}
