// Earnings-call passages in the prompt: numbered items [T1], [T2]… with company, fiscal quarter, speaker and
// role, an analyst's question with the answer that followed it, fenced as untrusted data (../fence.ts). The
// built-in analyst quotes them (lib/answer/analysis/call-quotes.ts).
import { fencedSection, fenceLabel, fenceRule, TRANSCRIPTS_FENCE, untrustedLine } from "@/lib/documents/fence";
import type { TranscriptChunkHit } from "./search";

export const TRANSCRIPTS_SYSTEM_RULE = fenceRule(
  TRANSCRIPTS_FENCE,
  "passages of the companies' earnings calls retrieved for this question",
  "Say who said it (name and role) and on which call; an analyst's question is not the company's view; figures come from the Financial Data where it has them.",
);

/** The label an answer cites: "T1" for the first hit. */
export const transcriptLabel = (index: number) => fenceLabel(TRANSCRIPTS_FENCE, index);

const SECTION_NAMES = { prepared_remarks: "prepared remarks", qa: "Q&A" } as const;

/** "KO fiscal Q3 2021 call, Q&A, James Quincey (executive, Chairman and CEO)". */
export function describeTranscriptHit(hit: TranscriptChunkHit): string {
  const who = hit.speaker
    ? `${hit.speaker} (${hit.role}${hit.speakerTitle ? `, ${hit.speakerTitle}` : ""})`
    : "management (speaker not given)";
  return `${hit.companyName} (${hit.ticker}) fiscal Q${hit.fiscalQuarter} ${hit.fiscalYear} call, ${SECTION_NAMES[hit.section]}, ${who}`;
}

export function transcriptsSection(hits: readonly TranscriptChunkHit[]): string {
  return fencedSection(
    TRANSCRIPTS_FENCE,
    hits.map((hit, i) => [
      `[${transcriptLabel(i)}] ${untrustedLine(describeTranscriptHit(hit))}`,
      `Said: ${untrustedLine(hit.text)}`,
      ...(hit.counterpart
        ? [
            `${hit.exchangePart === "question" ? "Answered by" : "In reply to"} ${untrustedLine(hit.counterpart.speaker ?? "unnamed")} (${hit.counterpart.role}): ${untrustedLine(hit.counterpart.text)}`,
          ]
        : []),
    ]),
  );
}
