// Where a value read from a filing's statement table stands, in the words a reader checks it by:
// "10-K FY2019, page 59, row 'Purchases of property, plant and equipment'", and the address of the page
// viewer (app/filings/[id]/pages/[page]) that shows that page with the row highlighted.

/** A table row's place in its filing. The filing is its id or document key; the page is 1-based. */
export interface TableRowPlace {
  form: string;
  /** The fiscal period the filing reports ("FY2019", "Q2 FY2024"); null when only its key is known. */
  filingPeriod: string | null;
  documentKey: string;
  page: number;
  row: string;
}

/** "10-K FY2019, page 59, row 'Purchases of property, plant and equipment'". */
export function tableRowProvenance(place: TableRowPlace): string {
  const filing = place.filingPeriod ? `${place.form} ${place.filingPeriod}` : `${place.form} ${place.documentKey}`;
  return `${filing}, page ${place.page}, row '${place.row}'`;
}

/** The page viewer's address; `line` (0-based, on the page) is the row to highlight. */
export function filingPagePath(filing: string, page: number, line: number | null): string {
  const base = `/filings/${encodeURIComponent(filing)}/pages/${page}`;
  return line === null ? base : `${base}?line=${line}`;
}

/** The page and row of a metric value of source kind filing_table, from its source concept
 * ("page 59, row 'Purchases of property, plant and equipment'", written by `ingest facts`). */
export function tableRowOfConcept(concept: string): { page: number; row: string } | null {
  const match = /^page (\d+), row '(.*)'$/s.exec(concept);
  return match ? { page: Number(match[1]), row: match[2]! } : null;
}
