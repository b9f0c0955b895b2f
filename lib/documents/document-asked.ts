// The document a request names (its form, fiscal year and quarter: lib/agent/document-asked.ts) against
// the documents held for a company: the ones it asks for when held, else the nearest held one of the
// same form, which an answer may quote only under a notice that says so ("No FY2022 10-K of Nike is
// held; the nearest held is the FY2023 10-K"). Filings and earnings calls are resolved alike.
import type { DocumentAsked } from "@/lib/agent/schema";

/** A held document: a filing of a form (an earnings release is "earnings") or an earnings call, by its
 * fiscal year and quarter on the company's calendar (quarter null: the year's, a 10-K). */
export interface HeldDocument {
  form: "10-K" | "10-Q" | "8-K" | "earnings" | "earnings-call";
  fiscalYear: number;
  fiscalQuarter: number | null;
}

/** The document asked is not held for a company: what was asked and the nearest held (null: none of that form). */
export interface DocumentNotice {
  ticker: string;
  /** The company's name as the request names it. */
  companyName: string;
  asked: DocumentAsked;
  nearest: HeldDocument | null;
}

export type DocumentResolution =
  /** Held: the documents that match (one, or a year's several), newest first. */
  { held: true; documents: HeldDocument[] } | { held: false; nearest: HeldDocument | null };

/** Whether a held document is of the form asked (an 8-K covers the earnings releases filed with one;
 * no form: any filing). */
function ofForm(asked: DocumentAsked["form"], held: HeldDocument["form"]): boolean {
  if (asked === null) return held !== "earnings-call";
  if (asked === "8-K") return held === "8-K" || held === "earnings";
  return held === asked;
}

/** Place in time, in fiscal quarters: a year's document sits at its fourth quarter. */
const positionOf = (year: number, quarter: number | null) => year * 4 + (quarter ?? 4);

const newestFirst = (a: HeldDocument, b: HeldDocument) =>
  positionOf(b.fiscalYear, b.fiscalQuarter) - positionOf(a.fiscalYear, a.fiscalQuarter);

/** The held documents the request's document names, or the nearest held of its form: the closest in
 * fiscal quarters, the later one on a tie. No year asked: the latest of the form. */
export function resolveDocument(asked: DocumentAsked, held: readonly HeldDocument[]): DocumentResolution {
  const candidates = held.filter((d) => ofForm(asked.form, d.form)).sort(newestFirst);
  if (asked.fiscalYear === null)
    return candidates.length > 0 ? { held: true, documents: [candidates[0]!] } : { held: false, nearest: null };
  const matching = candidates.filter(
    (d) =>
      d.fiscalYear === asked.fiscalYear &&
      (asked.fiscalQuarter === null
        ? asked.form !== "10-K" || d.fiscalQuarter === null
        : d.fiscalQuarter === asked.fiscalQuarter),
  );
  if (matching.length > 0) return { held: true, documents: matching };
  const target = positionOf(asked.fiscalYear, asked.fiscalQuarter);
  let nearest: HeldDocument | null = null;
  for (const d of candidates) {
    // Newest first, so on a tie the later document, seen first, stays.
    const distance = Math.abs(positionOf(d.fiscalYear, d.fiscalQuarter) - target);
    if (nearest === null || distance < Math.abs(positionOf(nearest.fiscalYear, nearest.fiscalQuarter) - target))
      nearest = d;
  }
  return { held: false, nearest };
}

const FORM_NAMES: Record<HeldDocument["form"], string> = {
  "10-K": "10-K",
  "10-Q": "10-Q",
  "8-K": "8-K",
  earnings: "earnings release",
  "earnings-call": "earnings call",
};

const periodName = (year: number, quarter: number | null) => (quarter === null ? `FY${year}` : `Q${quarter} FY${year}`);

/** "the FY2023 10-K", "the Q3 FY2023 earnings call", "the Q1 FY2024 earnings release". */
function describeHeldDocument(document: HeldDocument): string {
  return `the ${periodName(document.fiscalYear, document.fiscalQuarter)} ${FORM_NAMES[document.form]}`;
}

/** "FY2022 10-K", "Q2 FY2023 earnings call", "FY2022 filing", "10-K": the document asked, without article. */
function askedName(asked: DocumentAsked): string {
  const form = asked.form === null ? "filing" : FORM_NAMES[asked.form];
  return asked.fiscalYear === null ? form : `${periodName(asked.fiscalYear, asked.fiscalQuarter)} ${form}`;
}

/** The notice an answer gives where the document asked is not held, the company named as `name`:
 * "No FY2022 10-K of Nike is held; the nearest held is the FY2023 10-K, quoted instead." */
export function documentNoticeText(notice: DocumentNotice, name: string, quoted: boolean): string {
  const missing = `No ${askedName(notice.asked)} of ${name} is held`;
  if (notice.nearest === null) return `${missing}.`;
  return `${missing}; the nearest held is ${describeHeldDocument(notice.nearest)}${quoted ? ", quoted instead" : ""}.`;
}
