// Where a value read from a filing's statement table stands, in the words a reader checks it by:
// "10-K FY2019, page 59, row 'Purchases of property, plant and equipment'", and the address of the page
// viewer (app/filings/[id]/pages/[page]) that shows that page with the row highlighted.
import type { DisagreementKind } from "@/lib/core/disagreement-kind";
import { FISCAL_PERIODS, type FiscalPeriod } from "@/lib/core/types";
import { fiscalPeriodLabel } from "./periods";

/** "FY2019", "Q2 FY2024" for a filing's period as stored (text); an unknown period as it is. */
export function filingPeriodLabel(fiscalYear: number, fiscalPeriod: string): string {
  return (FISCAL_PERIODS as readonly string[]).includes(fiscalPeriod)
    ? fiscalPeriodLabel(fiscalYear, fiscalPeriod as FiscalPeriod)
    : `${fiscalPeriod} ${fiscalYear}`;
}

const DISAGREEMENT_KINDS: Readonly<Record<DisagreementKind, string>> = {
  split_adjusted: "split-adjusted in a later filing",
  restated_confirmed: "restated in a later filing (its table prints the XBRL value)",
  restated_later: "XBRL from a later filing (restated)",
  restated_by_table: "restated by the table's later filing (XBRL is the earlier filing's figure)",
  other_concept: "XBRL's value is another line (the filing gives the table's under another concept)",
  unexplained: "not explained by a later filing",
};

/** Why XBRL and a filing's table differ, as a reader is told. */
export function disagreementKindLabel(kind: DisagreementKind): string {
  return DISAGREEMENT_KINDS[kind];
}

/** A table row's place in its filing. The filing is its id or document key; the page is 1-based. */
export interface TableRowPlace {
  form: string;
  /** The fiscal period the filing reports ("FY2019", "Q2 FY2024"); null when only its key is known. */
  filingPeriod: string | null;
  documentKey: string;
  page: number;
  row: string;
}

const SCALE_WORDS: ReadonlyMap<number, string> = new Map([
  [1e3, "thousands"],
  [1e6, "millions"],
  [1e9, "billions"],
]);

const UNIT_WORDS: Readonly<Record<string, string>> = {
  "USD/shares": "USD per share",
  "%": "percent",
};

/** A table cell's scale and unit as the reader checks the printed number against them: "in millions of
 * USD", "in thousands of shares", "in USD per share", "a count". */
export function tableScaleText(scale: string, unit: string): string {
  const factor = Number(scale);
  const scaleWords = factor === 1 ? null : (SCALE_WORDS.get(factor) ?? `units of ${factor.toLocaleString("en-US")}`);
  if (unit === "count") return scaleWords ? `a count in ${scaleWords}` : "a count";
  const unitWords = UNIT_WORDS[unit] ?? unit;
  return scaleWords ? `in ${scaleWords} of ${unitWords}` : `in ${unitWords}`;
}

/** How a filing line read by an LLM (`ingest facts --llm`) is marked wherever it is quoted. */
export const LLM_READ_NOTE = "read by an LLM from a table the parser could not read; the number is printed on that row";

/** "10-K FY2019, page 59, row 'Purchases of property, plant and equipment'". */
export function tableRowProvenance(place: TableRowPlace): string {
  const filing = place.filingPeriod ? `${place.form} ${place.filingPeriod}` : `${place.form} ${place.documentKey}`;
  return `${filing}, page ${place.page}, row '${place.row}'`;
}

/** The row the page viewer highlights: a line of the page (0-based), or the first line that starts with
 * a row label (a metric value's provenance names the row, not its line). */
type PageHighlight = { line: number } | { row: string } | null;

/** The page viewer's address, with the row to highlight and scroll to. */
export function filingPagePath(filing: string, page: number, highlight: PageHighlight): string {
  const base = `/filings/${encodeURIComponent(filing)}/pages/${page}`;
  if (highlight === null) return base;
  if ("line" in highlight) return `${base}?line=${highlight.line}#line-${highlight.line}`;
  return `${base}?row=${encodeURIComponent(highlight.row)}`;
}

/** The line of a page a highlight points at: the line itself, or the first line starting with the row
 * label (spacing aside); null when none does. */
export function highlightedLineOf(lines: readonly string[], highlight: PageHighlight): number | null {
  if (highlight === null) return null;
  if ("line" in highlight) return highlight.line < lines.length ? highlight.line : null;
  const squeezed = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();
  const row = squeezed(highlight.row);
  if (row === "") return null;
  const found = lines.findIndex((l) => squeezed(l).startsWith(row));
  return found >= 0 ? found : null;
}

/** The page and row of a metric value of source kind filing_table, from its source concept
 * ("page 59, row 'Purchases of property, plant and equipment'", written by `ingest facts`). */
export function tableRowOfConcept(concept: string): { page: number; row: string } | null {
  const match = /^page (\d+), row '(.*)'$/s.exec(concept);
  return match ? { page: Number(match[1]), row: match[2]! } : null;
}
