// Filing passages in the prompt: numbered items [F1], [F2]… with company, form, fiscal year, section and
// page, fenced as untrusted data like news (../fence.ts). The built-in analyst quotes them
// (lib/answer/analysis/filing-quotes.ts).
import { fencedSection, fenceLabel, fenceRule, FILINGS_FENCE, untrustedLine } from "@/lib/documents/fence";
import type { FilingChunkHit } from "@/lib/documents/filings/types";
import { formatDate } from "@/lib/format/periods";

export const FILINGS_SYSTEM_RULE = fenceRule(
  FILINGS_FENCE,
  "passages of the companies' SEC filings retrieved for this question",
  "Say which filing a statement comes from; figures come from the Financial Data where it has them.",
);

/** The label an answer cites: "F1" for the first hit. */
export const filingLabel = (index: number) => fenceLabel(FILINGS_FENCE, index);

/** A passage in the prompt is cut here: a chunk is already bounded, this only guards a malformed one. */
const MAX_PASSAGE_CHARS = 4000;

/** "Apple Inc. (AAPL), 10-K FY2023, Item 1A Risk Factors, page 17". */
export function describeFiling(hit: FilingChunkHit): string {
  const period = hit.fiscalPeriod === "FY" ? `FY${hit.fiscalYear}` : `${hit.fiscalPeriod} FY${hit.fiscalYear}`;
  // An 8-K's items are numbered "2.02", a 10-K's "1A": both read "Item …".
  // Titles as filed often carry their item already ("Item 1A. RISK FACTORS").
  const section =
    /^\d|^[A-Z0-9.]+$/.test(hit.sectionCode) && !/^item\b/i.test(hit.sectionTitle) ? `Item ${hit.sectionCode} ` : "";
  return `${hit.companyName} (${hit.ticker}), ${hit.form} ${period}, ${section}${hit.sectionTitle}, page ${hit.page}`;
}

export function filingsSection(hits: readonly FilingChunkHit[]): string {
  return fencedSection(
    FILINGS_FENCE,
    hits.map((hit, i) => [
      `[${filingLabel(i)}] ${untrustedLine(describeFiling(hit))}${hit.filedDate ? `; filed ${formatDate(hit.filedDate)}` : ""}`,
      `Passage${hit.isTable ? " (table)" : ""}: ${untrustedLine(hit.text.slice(0, MAX_PASSAGE_CHARS))}`,
    ]),
  );
}
