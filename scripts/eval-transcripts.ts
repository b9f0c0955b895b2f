// npm run eval:transcripts: how good the earnings-call features are on the data folder's calls.
// Call summaries: the extractive summary of every ECTSum test-split call against its reference bullets
// (ROUGE-1/2/L F1, averaged over calls) and the numbers check (every number a summary states occurs in
// the call's transcript). Skips (exit 0) when the data folder is absent.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { chunksOfCall, sentencesOf } from "@/lib/documents/transcripts/chunks";
import { rougeL, rougeN } from "@/lib/documents/transcripts/rouge";
import { numbersIn, summarizeCall } from "@/lib/documents/transcripts/summary";
import type { TranscriptDraft } from "@/lib/documents/transcripts/types";
import { dataDir } from "@/lib/ingest/data-dir";
import { parseTranscriptsJsonl } from "@/lib/ingest/sources/transcripts";

const ECTSUM_FILE = "ectsum/ectsum_sp500_transcripts.jsonl";

function evaluateSummaries(calls: readonly TranscriptDraft[]): void {
  const totals = { r1: 0, r2: 0, rl: 0, numbers: 0, numbersFound: 0, bullets: 0 };
  // The classic floor: the call's first sentences, as many as the summary has bullets.
  const lead = { r1: 0, r2: 0, rl: 0 };
  const withoutFullMatch: string[] = [];
  for (const call of calls) {
    // Summaries read the stored chunks, as the answer stage does, not the raw turns.
    const passages = chunksOfCall(call).map((c) => ({
      text: c.text,
      role: c.role,
      section: c.section,
      ref: c.ordinal,
    }));
    const bullets = summarizeCall(passages);
    const summary = bullets.map((b) => b.sentence).join("\n");
    const reference = call.referenceBullets.join("\n");
    totals.r1 += rougeN(summary, reference, 1).f1;
    totals.r2 += rougeN(summary, reference, 2).f1;
    totals.rl += rougeL(summary, reference).f1;
    totals.bullets += bullets.length;
    const leadText = sentencesOf(call.turns.map((t) => t.text).join("\n"))
      .slice(0, bullets.length)
      .join("\n");
    lead.r1 += rougeN(leadText, reference, 1).f1;
    lead.r2 += rougeN(leadText, reference, 2).f1;
    lead.rl += rougeL(leadText, reference).f1;
    const transcript = call.turns.map((t) => t.text).join("\n");
    const numbers = numbersIn(summary);
    const found = numbers.filter((n) => transcript.includes(n)).length;
    totals.numbers += numbers.length;
    totals.numbersFound += found;
    if (found < numbers.length) withoutFullMatch.push(call.callId);
  }
  const n = calls.length;
  const pct = (x: number) => (100 * x).toFixed(2);
  console.log(`\nCall summaries, ECTSum test split: ${n} calls, ${(totals.bullets / n).toFixed(1)} bullets a call`);
  console.log("  ROUGE F1 (x100, no stemming)   R-1     R-2     R-L");
  console.log(
    `  extractive summary           ${pct(totals.r1 / n).padStart(6)}  ${pct(totals.r2 / n).padStart(6)}  ${pct(totals.rl / n).padStart(6)}`,
  );
  console.log(
    `  lead (first sentences)       ${pct(lead.r1 / n).padStart(6)}  ${pct(lead.r2 / n).padStart(6)}  ${pct(lead.rl / n).padStart(6)}`,
  );
  console.log(
    `  numbers check: ${totals.numbersFound}/${totals.numbers} numbers stated occur in the transcript (${pct(totals.numbers === 0 ? 1 : totals.numbersFound / totals.numbers)}%)` +
      (withoutFullMatch.length > 0 ? `; calls with a miss: ${withoutFullMatch.join(", ")}` : ""),
  );
}

function main(): number {
  const file = path.join(dataDir(), ECTSUM_FILE);
  if (!existsSync(file)) {
    console.log(`eval:transcripts skipped: ${file} not found (set FINGROUND_DATA_DIR)`);
    return 0;
  }
  const calls: TranscriptDraft[] = [];
  let problems = 0;
  for (const row of parseTranscriptsJsonl(readFileSync(file, "utf8"), { file })) {
    if (!row.ok) problems++;
    else if (row.record.ectsumSplit === "test") calls.push(row.record);
  }
  console.log(`ECTSum: ${calls.length} test-split calls read (${problems} calls of all splits not readable)`);
  evaluateSummaries(calls);
  return 0;
}

process.exitCode = main();
