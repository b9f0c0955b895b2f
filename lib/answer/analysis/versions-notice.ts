// What the slice says about its values' versions (lib/data/concepts.ts, lib/data/revisions.ts), said where
// the reader sees it: a series that mixes XBRL concepts, before its figures, with each figure that
// compares across them; a value another filing states differently, with both values, both filings and
// the reason when the data gives one.
import type { DataSlice, Revision } from "@/lib/data/types";
import { formatDate } from "@/lib/format/periods";
import { currencyPrefix, formatExactValue } from "@/lib/format/values";
import { capitalize, listOf, metricInSentence, plainText, possessive, shortCompanyName } from "../format";

/** "**Mixed concepts:** …" for each company × metric read on more than one concept; null when none is. */
export function mixedConceptsNotice(slice: DataSlice): string | null {
  const mixed = (slice.concepts ?? []).filter((use) => use.runs.length > 1);
  if (mixed.length === 0) return null;
  const sentences = mixed.map((use) => {
    const runs = use.runs.map((run) => {
      const periods = run.periods.length > 1 ? `${run.periods[0]}–${run.periods.at(-1)}` : run.periods[0];
      return `${periods} ${run.periods.length > 1 ? "use" : "uses"} ${shortConcept(run.concept)}`;
    });
    const figures = use.mixed.map((m) =>
      m.metricName === null
        ? `the change ${m.parts[0]?.period}→${m.period} (${m.parts.map((p) => shortConcept(p.concept)).join(" → ")})`
        : `${metricInSentence(m.metricName)} ${m.period} (${m.parts.map((p) => `${p.period} ${shortConcept(p.concept)}`).join(", ")})`,
    );
    const notLike =
      figures.length > 0
        ? ` ${capitalize(listOf(figures, "and"))} ${figures.length > 1 ? "compare" : "compares"} two concepts, so ${figures.length > 1 ? "they are" : "it is"} not like for like.`
        : "";
    return `${possessive(shortCompanyName(use.companyName))} ${plainText(metricInSentence(use.metricName))} is not filed under one XBRL concept over these periods: ${runs.join(", ")}.${notLike}`;
  });
  return `**Mixed concepts:** ${sentences.join(" ")}`;
}

/** "**As reported / Restated:**" lines, one per value changed by another filing; null when none was. */
export function revisionsNotice(slice: DataSlice): string | null {
  const revisions = slice.revisions ?? [];
  if (revisions.length === 0) return null;
  const asReported = revisions.filter((r) => r.basis === "as-reported");
  const latest = revisions.filter((r) => r.basis === "latest");
  const blocks: string[] = [];
  if (asReported.length > 0)
    blocks.push(
      [
        "**As reported:** these values are as the question's own filing reported them; a later filing restated them:",
        ...asReported.map(
          (r) =>
            `- ${subject(r)}: ${value(r, r.used.value)} as reported in the ${filingOf(r.used)}, used here; restated to ${value(r, r.other.value)} in the ${filingOf(r.other)}${because(r)}.`,
        ),
      ].join("\n"),
    );
  if (latest.length > 0)
    blocks.push(
      [
        "**Restated:** these values are the latest a filing gives; they were first reported otherwise:",
        ...latest.map(
          (r) =>
            `- ${subject(r)}: ${value(r, r.used.value)} as restated in the ${filingOf(r.used)}, used here; first reported as ${value(r, r.other.value)} in the ${filingOf(r.other)}${because(r)}.`,
        ),
      ].join("\n"),
    );
  return blocks.join("\n\n");
}

function subject(r: Revision): string {
  return `${shortCompanyName(r.companyName)} ${plainText(metricInSentence(r.metricName))}, ${r.period}`;
}

function value(r: Revision, exact: string): string {
  return formatExactValue(exact, {
    unitKind: r.unitKind,
    currencyPrefix: currencyPrefix(r.unitKind === "shares" ? null : (r.currency ?? "USD")),
  });
}

function filingOf(v: Revision["used"]): string {
  return v.filedAt && !v.filing.includes(" filed ") ? `${v.filing}, filed ${formatDate(v.filedAt)}` : v.filing;
}

function because(r: Revision): string {
  return r.reason ? `, for ${r.reason}` : "";
}

const US_GAAP = /^us-gaap:/;

/** "Revenues" for "us-gaap:Revenues": the taxonomy prefix says nothing to a reader. */
function shortConcept(concept: string): string {
  return concept.replace(US_GAAP, "");
}
