// Whole quotes over the whole data folder (skips without it): every chunk of every filing and call the
// project's own parsers and chunkers read from ../shared/data goes through the quote pickers the
// analyst answers with (filing passages, call passages with and without guidance, the call summary),
// and no quote may end in a number cut at its decimal point ("$57." of "$57.0 billion", "($0." of
// "($0.35)", a bare "$") or start inside one (".0 billion"), nor start or end on page furniture. No
// database: the chunks are cut exactly as ingestion cuts them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { silentProgress } from "@/lib/core/progress";
import { isPageFurniture, sentencesOf, withoutFurniture } from "@/lib/core/sentences";
import { passageQuotes } from "@/lib/answer/analysis/filing-quotes";
import { chunksOfCall } from "@/lib/documents/transcripts/chunks";
import { quotedPart } from "@/lib/answer/analysis/call-quotes";
import { summarizeCall } from "@/lib/answer/analysis/call-summary";
import type { TranscriptDraft } from "@/lib/documents/transcripts/types";
import { dataDir, hasDataDir } from "@/lib/ingest/data-dir";
import { chunkFiling, findSections } from "@/lib/ingest/filing-chunks";
import { readFilingDrafts } from "@/lib/ingest/filings-ingest";
import { parseTranscriptsJsonl } from "@/lib/ingest/sources/transcripts";
import { emptyTotals } from "@/lib/ingest/write";

const FILING_INPUTS = ["financebench", "sec_10k_10q_ixbrl_edgartools/filing_sections.jsonl", "sec_10k_sections_neo4j"];
const TRANSCRIPT_INPUTS = ["ectsum/ectsum_sp500_transcripts.jsonl", "transcripts_full_la83la/transcripts_core.jsonl"];

/** What a quote's source holds around it: the passage, and the page text after the passage. */
interface Quoted {
  quote: string;
  passage: string;
  /** Whether the quote is a whole sentence of its page, as the segmenter reads the page uncut (filings). */
  isWholeOnPage?: boolean;
  /** The source's text right after the passage (the rest of its page), "" when unknown or at the end. */
  after: string;
  where: string;
}

/** A quote's parts as the source has them: an elided quote ("… a … b") is several. */
const partsOf = (quote: string) =>
  quote
    .split(/\s*…\s*/)
    .map((p) => p.trim())
    .filter(Boolean);

/** The flaws of one quote: a number cut at its end or start, furniture at an edge, a part not in the source. */
function flawsOf({ quote, passage, after }: Quoted): string[] {
  const flaws: string[] = [];
  for (const part of partsOf(quote)) {
    const at = passage.indexOf(part);
    if (at < 0) {
      flaws.push("not in the source");
      continue;
    }
    const following = `${passage.slice(at + part.length)}${at + part.length === passage.length ? after : ""}`;
    const preceding = passage.slice(0, at);
    // A last token of digits and a stop (or a comma) the source continues with a digit: "$57." of "$57.0".
    if (/\d[.,]["'”’)\]]*$/.test(part) && /^\d/.test(following)) flaws.push("ends in a cut number");
    else if (/(?:[$€£¥(]|\(\$?\d*\.)$/.test(part)) flaws.push("ends in a cut number");
    if (/^\d/.test(part) && /\d[.,]$/.test(preceding)) flaws.push("starts inside a number");
    if (/^[.,]\d/.test(part)) flaws.push("starts inside a number");
    const lines = part.split("\n");
    if (isPageFurniture(lines[0]!) || isPageFurniture(lines.at(-1)!)) flaws.push("page furniture at an edge");
  }
  return flaws;
}

function filingQuotesOfDataFolder(): Quoted[] {
  const run = { runId: 0, progress: silentProgress, totals: emptyTotals() };
  const drafts = readFilingDrafts(
    FILING_INPUTS.map((input) => path.join(dataDir(), input)),
    run,
  );
  const quoted: Quoted[] = [];
  const sameText = (text: string) => text.replace(/\s+/g, " ").trim();
  for (const draft of drafts) {
    const pageSentences = draft.pages.map(
      (page) => new Set(sentencesOf(page).map((s) => sameText(withoutFurniture(s) ?? ""))),
    );
    const sections = draft.sections ?? findSections(draft.pages, draft.form);
    const chunks = chunkFiling(draft.pages, sections, {
      companyName: draft.companyName,
      form: draft.form,
      fiscalYear: draft.fiscalYear,
      fiscalPeriod: draft.fiscalPeriod,
    });
    for (const chunk of chunks) {
      if (chunk.isTable) continue;
      const after = draft.pages[chunk.pageIndex]!.slice(chunk.charEnd);
      const where = `${draft.sourceKey} page ${chunk.pageIndex + 1}`;
      for (const quote of passageQuotes(chunk.text)) {
        const isWholeOnPage = pageSentences[chunk.pageIndex]!.has(sameText(quote));
        quoted.push({ quote, passage: chunk.text, after, where, isWholeOnPage });
      }
    }
  }
  return quoted;
}

function transcriptQuotesOfDataFolder(): Quoted[] {
  const calls: TranscriptDraft[] = [];
  for (const input of TRANSCRIPT_INPUTS) {
    const file = path.join(dataDir(), input);
    for (const parsed of parseTranscriptsJsonl(readFileSync(file, "utf8"), { file }))
      if (parsed.ok) calls.push(parsed.record);
  }
  const quoted: Quoted[] = [];
  for (const call of calls) {
    const chunks = chunksOfCall(call);
    const where = `${call.callId} (${call.source})`;
    for (const chunk of chunks)
      for (const guidance of [false, true])
        quoted.push({ quote: quotedPart(chunk.text, guidance), passage: chunk.text, after: "", where });
    const bullets = summarizeCall(chunks.map((c) => ({ text: c.text, role: c.role, section: c.section, ref: c.text })));
    for (const bullet of bullets) quoted.push({ quote: bullet.sentence, passage: bullet.ref, after: "", where });
  }
  return quoted;
}

function flawCounts(quoted: readonly Quoted[]) {
  const counts = new Map<string, number>();
  const examples: string[] = [];
  for (const q of quoted)
    for (const flaw of flawsOf(q)) {
      counts.set(flaw, (counts.get(flaw) ?? 0) + 1);
      if (examples.length < 10) examples.push(`${flaw}: ${q.where}: ${JSON.stringify(q.quote.slice(-120))}`);
    }
  return { counts: Object.fromEntries(counts), examples };
}

describe.skipIf(!hasDataDir())("whole quotes over every chunk of the data folder", () => {
  it("quotes no filing sentence cut inside a number or edged with page furniture", { timeout: 240_000 }, () => {
    const quoted = filingQuotesOfDataFolder();
    const { counts, examples } = flawCounts(quoted);
    // A chunk's edge inside a sentence is marked "…" at ingestion (lib/ingest/filing-chunks.ts); what
    // is left are page breaks the chunker cannot tell from a paragraph's end.
    const notWhole = quoted.filter((q) => q.isWholeOnPage === false).length;
    console.log(
      `filing quotes checked: ${quoted.length}; flaws: ${JSON.stringify(counts)}; not a whole sentence of the page: ${notWhole}`,
    );
    expect(quoted.length).toBeGreaterThan(10_000);
    expect(examples).toEqual([]);
    expect(notWhole / quoted.length).toBeLessThan(0.002);
  });

  it("quotes no call sentence cut inside a number", { timeout: 240_000 }, () => {
    const quoted = transcriptQuotesOfDataFolder();
    const { counts, examples } = flawCounts(quoted);
    console.log(`call quotes checked: ${quoted.length}; flaws: ${JSON.stringify(counts)}`);
    expect(quoted.length).toBeGreaterThan(10_000);
    expect(examples).toEqual([]);
  });
});
