// Shared table styling, so the three data tables read as one family.
export const tableFrameClass = "overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-xs";
export const tableClass = "min-w-full text-left text-sm";
export const headRowClass = "border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500";
export const headCellClass = "whitespace-nowrap px-4 py-2.5 font-medium";
export const numericHeadCellClass = `${headCellClass} text-right`;
export const bodyClass = "divide-y divide-slate-100";
export const rowClass = "align-top hover:bg-slate-50/70";
export const cellClass = "px-4 py-2.5";
export const numericCellClass = `${cellClass} whitespace-nowrap text-right tabular-nums`;
export const mutedClass = "text-slate-500";
