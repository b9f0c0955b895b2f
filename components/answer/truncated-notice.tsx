import type { SliceCut } from "@/lib/data/types";

/** What the question's budget left out, and how to narrow the question to see it. */
export function TruncatedNotice({ cuts }: { cuts: readonly SliceCut[] }) {
  if (cuts.length === 0) return null;
  return (
    <section
      className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      aria-label="Data left out"
      data-testid="truncated-notice"
    >
      <span className="font-semibold">Left out to keep the answer quick:</span>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {cuts.map((cut) => (
          <li key={cut.what} data-testid="truncated-item">
            {cut.what} <span className="text-amber-800">{cut.narrow}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
