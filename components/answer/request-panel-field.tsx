import type { ReactNode } from "react";

/** One labelled line of the "What I looked up" panel (a <dt>/<dd> pair). */
export function RequestPanelField({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500 sm:pt-0.5">{label}</dt>
      <dd className="text-slate-700" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}
