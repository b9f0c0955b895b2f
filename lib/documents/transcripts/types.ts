// Earnings-call transcripts as FinGround reads them: a call of one company's fiscal quarter, its
// speaker turns (who spoke, in which role, in which section), and the chunks search indexes.

export const SPEAKER_ROLES = ["executive", "analyst", "operator"] as const;
export type SpeakerRole = (typeof SPEAKER_ROLES)[number];

export const CALL_SECTIONS = ["prepared_remarks", "qa"] as const;
export type CallSection = (typeof CALL_SECTIONS)[number];

export type TranscriptSource = "ectsum" | "la83la";

/** A quarter of the calendar year, known only where the catalog knows the company's fiscal year end. */
export interface CalendarQuarter {
  year: number;
  quarter: 1 | 2 | 3 | 4;
}

export interface TranscriptTurn {
  /** null where the source names no speaker (ECTSum keeps the prepared remarks only, unattributed). */
  speaker: string | null;
  /** The participant's title as the call lists it ("Chief Financial Officer", "JPMorgan -- Analyst"). */
  title: string | null;
  role: SpeakerRole;
  section: CallSection;
  text: string;
}

/** One call as a parser reads it: nothing here comes from a database. */
export interface TranscriptDraft {
  /** The source's call id, "KO_q3_2021": with `source`, the call's identity. */
  callId: string;
  source: TranscriptSource;
  ticker: string;
  companyName: string;
  fiscalYear: number;
  fiscalQuarter: 1 | 2 | 3 | 4;
  /** The calendar quarter the fiscal quarter ends in; null when the catalog does not know the
   * company's fiscal year end (the data has no call dates to tell). */
  calendar: CalendarQuarter | null;
  turns: TranscriptTurn[];
  /** ECTSum's reference bullets (evaluation only), empty for other sources. */
  referenceBullets: string[];
  /** ECTSum's split of the call (the summary evaluation uses "test"), null for other sources. */
  ectsumSplit: "train" | "val" | "test" | null;
}
