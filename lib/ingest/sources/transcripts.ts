// Parser for earnings-call transcripts, JSON Lines, one call a line. Two shapes in ../shared/data:
// - ECTSum (`ectsum/ectsum_sp500_transcripts.jsonl`): {id, ticker, fiscal_quarter, fiscal_year, split,
//   transcript (prepared remarks only, one sentence a line, no speakers), summary_bullets[]}.
// - la83la full calls (`transcripts_full_la83la/transcripts_core.jsonl`): {id, ticker, fiscal_quarter,
//   fiscal_year, prepared_remarks[{speaker, speech}], q_and_a[{speaker, speech}], participants["Name--Title"]}.
// Quarters are the company's fiscal ones as the source names them; the data has no call dates.
import { z } from "zod";
import { companyByTicker } from "@/lib/catalog/companies";
import { listedCompanyByTicker } from "@/lib/catalog/listed-companies";
import type { Parsed } from "@/lib/core/types";
import { parseJsonLines } from "./json-lines";
import type {
  CalendarQuarter,
  CallSection,
  SpeakerRole,
  TranscriptDraft,
  TranscriptTurn,
} from "@/lib/documents/transcripts/types";
import { calendarQuarterOfFiscal } from "@/lib/ingest/fiscal";

const callFields = {
  id: z.string().regex(/^[A-Z][A-Z0-9.-]*_q[1-4]_\d{4}$/, "an id like KO_q3_2021"),
  ticker: z.string().min(1),
  fiscal_quarter: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  fiscal_year: z.number().int().min(1990).max(2100),
};
const ectsumCall = z.object({
  ...callFields,
  transcript: z.string().min(1),
  split: z.enum(["train", "val", "test"]),
  summary_bullets: z.array(z.string()),
});
const turn = z.object({ speaker: z.string(), speech: z.string() });
const fullCall = z.object({
  ...callFields,
  prepared_remarks: z.array(turn),
  q_and_a: z.array(turn),
  participants: z.array(z.string()),
});

/** Companies whose year ends in January or February name it by the year it starts in (Home Depot's
 * fiscal 2021 ended January 2022) or ends in (Walmart's FY2022 ended January 2022); the catalog does not
 * say which, so their calls get no calendar quarter rather than a wrong one. */
const AMBIGUOUS_YEAR_END_MONTHS = new Set([1, 2]);

function calendarOf(ticker: string, fiscalYear: number, quarter: 1 | 2 | 3 | 4): CalendarQuarter | null {
  const month = companyByTicker(ticker)?.fiscalYearEndMonth;
  if (month === undefined || AMBIGUOUS_YEAR_END_MONTHS.has(month)) return null;
  return calendarQuarterOfFiscal(fiscalYear, quarter, month);
}

const OPERATOR = /^operator$/i;
const ANALYST_TITLE = /--\s*analyst\s*$|\banalyst\b/i;

/** "Name--Title" entries by name: the title and whether it is an analyst's. */
function participantsByName(entries: readonly string[]): Map<string, { title: string; role: SpeakerRole }> {
  const byName = new Map<string, { title: string; role: SpeakerRole }>();
  for (const entry of entries) {
    const cut = entry.indexOf("--");
    if (cut <= 0) continue;
    const name = entry.slice(0, cut).trim();
    const title = entry.slice(cut + 2).trim();
    byName.set(name.toLowerCase(), { title, role: ANALYST_TITLE.test(title) ? "analyst" : "executive" });
  }
  return byName;
}

/** Each turn with its role: the operator by name; others by the participant list; someone missing
 * from it is an analyst in the Q&A when the operator's previous turn introduced them, else an executive. */
function turnsOf(
  turns: readonly { speaker: string; speech: string }[],
  section: CallSection,
  participants: Map<string, { title: string; role: SpeakerRole }>,
): TranscriptTurn[] {
  const out: TranscriptTurn[] = [];
  let lastOperatorText = "";
  for (const { speaker, speech } of turns) {
    const text = speech.trim();
    if (text === "") continue;
    const name = speaker.trim();
    const known = participants.get(name.toLowerCase());
    let role: SpeakerRole;
    if (OPERATOR.test(name)) role = "operator";
    else if (known) role = known.role;
    else role = section === "qa" && lastOperatorText.includes(name) ? "analyst" : "executive";
    if (role === "operator") lastOperatorText = text;
    out.push({ speaker: name, title: known?.title ?? null, role, section, text });
  }
  return out;
}

/** A call object as a draft, or what is wrong with it. */
function transcriptDraftOf(value: unknown): TranscriptDraft | string {
  const ectsum = ectsumCall.safeParse(value);
  const full = ectsum.success ? null : fullCall.safeParse(value);
  const parsed = ectsum.success ? ectsum.data : full?.success ? full.data : null;
  if (parsed === null) {
    const issue = (full?.error ?? ectsum.error)?.issues[0];
    return `neither an ECTSum nor a full call: ${issue ? `${issue.path.join(".") || "record"}: ${issue.message}` : "unreadable"}`;
  }
  const ticker = parsed.ticker.trim().toUpperCase();
  const company = companyByTicker(ticker) ?? listedCompanyByTicker(ticker);
  if (!company) return `ticker "${ticker}" is not in the catalog's company list`;
  const base = {
    callId: parsed.id,
    ticker: company.ticker,
    companyName: company.name,
    fiscalYear: parsed.fiscal_year,
    fiscalQuarter: parsed.fiscal_quarter,
    calendar: calendarOf(company.ticker, parsed.fiscal_year, parsed.fiscal_quarter),
  };
  if (ectsum.success) {
    const text = ectsum.data.transcript
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
      .join("\n");
    return {
      ...base,
      source: "ectsum",
      turns: [{ speaker: null, title: null, role: "executive", section: "prepared_remarks", text }],
      referenceBullets: ectsum.data.summary_bullets.map((b) => b.trim()).filter(Boolean),
      ectsumSplit: ectsum.data.split,
    };
  }
  const call = full!.data!;
  const participants = participantsByName(call.participants);
  const turns = [
    ...turnsOf(call.prepared_remarks, "prepared_remarks", participants),
    ...turnsOf(call.q_and_a, "qa", participants),
  ];
  if (turns.length === 0) return "no speaker turn with text";
  return { ...base, source: "la83la", turns, referenceBullets: [], ectsumSplit: null };
}

export function* parseTranscriptsJsonl(text: string, options: { file: string }): Generator<Parsed<TranscriptDraft>> {
  yield* parseJsonLines(text, options.file, transcriptDraftOf);
}
