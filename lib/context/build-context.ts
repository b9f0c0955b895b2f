// The enriched query (FinBloom's "Financial Data" + "Financial Query"): the slice written out as text
// the model answers from. One block per metric and frequency, one line per company, values exact in
// the scale the block header names; then what is not available; then the question. Pure and
// deterministic: the same slice always gives the same text.
import { presentationOf, type Presentation } from "@/lib/agent/schema";
import type { DataSlice, FilingLine, Series } from "@/lib/data/types";
import { fiscalPeriodLabel } from "@/lib/format/periods";
import {
  disagreementKindLabel,
  filingPeriodLabel,
  LLM_READ_NOTE,
  tableRowProvenance,
  tableScaleText,
} from "@/lib/format/provenance";
import { DAILY_POINT_LIMIT, dailyLine } from "./daily";
import { chooseScale, formatScaled, type Scale } from "./scale";
import { pointLabel } from "./labels";
import { instructionsSection } from "./presentation";
import { MOVE_RULE, moveSection } from "./move";
import { groupsSection, RANKING_RULE, rankingSection } from "./ranking";
import { type AnswerDocuments, NO_DOCUMENTS } from "@/lib/documents/answer-documents";
import { documentNoticeText } from "@/lib/documents/document-asked";
import { FILINGS_SYSTEM_RULE, filingsSection } from "@/lib/documents/filings/prompt";
import { TABLE_ANSWER_SYSTEM_RULE, tableAnswerSection } from "@/lib/documents/filings/table-answer";
import { NEWS_SYSTEM_RULE, newsSection } from "@/lib/documents/news/prompt";
import { TRANSCRIPTS_SYSTEM_RULE, transcriptsSection } from "@/lib/documents/transcripts/prompt";

const SYSTEM_RULES = [
  "You are FinGround, a financial assistant that answers from SEC filings and daily market prices.",
  "Answer only from the Financial Data in the prompt. Never invent, estimate or recall figures that are not there.",
  "Cite the company and the period (for example FY2023 or Q1 FY2026, or the trading day) for every figure you use, in the unit and scale its block states.",
  "You may compute differences, growth rates or ratios from the figures given; say how you computed them.",
  "If something the question needs is listed under Not available or is absent, say plainly that it is missing and why.",
  "Do not give investment advice: for questions about buying, selling or investing, present the relevant data and say that it is not investment advice.",
  "Be concise.",
];

const DOCUMENT_NOT_HELD_RULE =
  "The document the question names is not held for a company listed under Documents not held: say so first, naming the nearest held document, and label every passage you use from it as that document, never as the one asked.";

const INVEST_RULE =
  "This question asks for an investment judgement: do not recommend buying, selling or holding; lay out what the data shows and state that this is not investment advice.";

export function buildContext(
  slice: DataSlice,
  documents: AnswerDocuments = NO_DOCUMENTS,
): { system: string; prompt: string } {
  const { news, filings, transcripts, tableAnswer } = documents;
  const notices = documents.notices ?? [];
  const rules = [
    ...SYSTEM_RULES,
    ...(slice.request.intent === "invest" ? [INVEST_RULE] : []),
    ...(slice.ranking ? [RANKING_RULE] : []),
    ...(transcripts.length > 0 ? [TRANSCRIPTS_SYSTEM_RULE] : []),
    ...(filings.length > 0 ? [FILINGS_SYSTEM_RULE] : []),
    ...(slice.move ? [MOVE_RULE] : []),
    ...(tableAnswer ? [TABLE_ANSWER_SYSTEM_RULE] : []),
    ...(news.length > 0 ? [NEWS_SYSTEM_RULE] : []),
    ...(notices.length > 0 ? [DOCUMENT_NOT_HELD_RULE] : []),
  ];
  const groups = groupsSection(slice.groups ?? []);
  const instructions = instructionsSection(slice.request);
  const sections = [
    ...(groups ? [groups] : []),
    ...(slice.move ? [moveSection(slice.move)] : []),
    ...(slice.series.length > 0 ? metricBlocks(slice) : []),
    ...(slice.series.length === 0 && !slice.filingLines?.length
      ? [
          slice.move
            ? "Financial Data: no filed figures were asked for; the Price move above is the data."
            : "Financial Data: none. The database returned no figures for this question.",
        ]
      : []),
    ...(slice.filingLines?.length ? [filingLinesSection(slice.filingLines)] : []),
    ...(slice.tableDisagreements?.length ? [disagreementsSection(slice)] : []),
    ...(slice.concepts?.length ? [conceptsSection(slice)] : []),
    ...(slice.revisions?.length || slice.reportedIn?.length ? [revisionsSection(slice)] : []),
    ...(slice.ranking ? [rankingSection(slice, slice.ranking)] : []),
    ...(slice.missing.length > 0 ? [missingSection(slice)] : []),
    ...((slice.truncated ?? []).length > 0 ? [truncatedSection(slice)] : []),
    ...(notices.length > 0
      ? [["Documents not held:", ...notices.map((n) => `- ${documentNoticeText(n, n.companyName, false)}`)].join("\n")]
      : []),
    ...(transcripts.length > 0 ? [transcriptsSection(transcripts)] : []),
    ...(filings.length > 0 ? [filingsSection(filings)] : []),
    ...(tableAnswer ? [tableAnswerSection(tableAnswer)] : []),
    ...(news.length > 0 ? [newsSection(news)] : []),
    ...(instructions ? [instructions] : []),
    `Financial Query: ${slice.request.question}`,
  ];
  return { system: rules.join("\n"), prompt: sections.join("\n\n") };
}

/** Statement lines that are no catalog metric, exact in base units, each with the filing, page and row
 * to cite. */
function filingLinesSection(lines: readonly FilingLine[]): string {
  return [
    "Financial Data from filing tables (lines that are no catalog metric; values exact in base units; cite the filing, page and row given):",
    ...lines.map(
      (l) =>
        `- ${l.ticker} ${fiscalPeriodLabel(l.fiscalYear, l.fiscalPeriod)} ${l.label}: ${l.value} ${l.unit} (${tableRowProvenance({ form: l.filing.form, filingPeriod: fiscalPeriodLabel(l.filing.fiscalYear, l.filing.fiscalPeriod), documentKey: l.filing.key, page: l.page, row: l.label })}; printed ${l.valueAsWritten ?? "(no number)"} (${tableScaleText(l.scale, l.unit)}) in column ${l.columnHeader}; table ${l.tableTitle}; label found by ${l.labelRanking} ranking${l.readBy === "llm" ? `; ${LLM_READ_NOTE}` : ""})`,
    ),
  ].join("\n");
}

/** XBRL values a filing's table prints differently: the answer must say both. */
function disagreementsSection(slice: DataSlice): string {
  return [
    "XBRL and filing tables differ (say both values, which one the figures above use, and cite the table):",
    ...(slice.tableDisagreements ?? []).map(
      (d) =>
        `- ${d.ticker} ${d.metricKey} ${filingPeriodLabel(d.fiscalYear, d.fiscalPeriod)}: XBRL ${d.xbrlValue}${d.used === "xbrl" ? " (used)" : ""}; table ${d.tableValue}${d.used === "table" ? " (used, as reported)" : ""} (${tableRowProvenance({ form: d.form, filingPeriod: filingPeriodLabel(d.filingFiscalYear, d.filingFiscalPeriod), documentKey: d.documentKey, page: d.page, row: d.row })}; ${disagreementKindLabel(d.kind)})`,
    ),
  ].join("\n");
}

/** The XBRL concept of each company × metric; where one series mixes concepts, what must not read as like for like. */
function conceptsSection(slice: DataSlice): string {
  const uses = slice.concepts ?? [];
  return [
    "XBRL concepts read (one per company and metric where the filings allow; a figure that compares two concepts is not like for like: say so, never present it as a plain change):",
    ...uses.map((u) => {
      const runs = u.runs.map((r) => `${r.concept} (${r.periods.join(", ")})`).join("; ");
      const mixed = u.mixed.map(
        (m) =>
          `${m.metricName === null ? `change ${m.parts[0]?.period}→${m.period}` : `${m.metricName} ${m.period}`} mixes ${m.parts.map((p) => `${p.period} ${p.concept}`).join(", ")}`,
      );
      return `- ${u.ticker} ${u.metricKey}: ${runs}${mixed.length > 0 ? `; ${mixed.join("; ")}` : ""}`;
    }),
  ].join("\n");
}

/** Values as a filing reported them, and values a later filing changed: the answer names both. */
function revisionsSection(slice: DataSlice): string {
  return [
    "As reported and restated (say which one the figure is, and give the other with its filing):",
    ...(slice.reportedIn ?? []).map(
      (r) => `- ${r.ticker}: values as reported in its ${r.filing}${r.filedAt ? ` (filed ${r.filedAt})` : ""}`,
    ),
    ...(slice.revisions ?? []).map(
      (r) =>
        `- ${r.ticker} ${r.metricKey} ${r.period}: ${r.used.value} (${r.basis === "as-reported" ? "as reported" : "as restated"} in the ${r.used.filing}, used above); ${r.basis === "as-reported" ? "restated to" : "first reported as"} ${r.other.value} in the ${r.other.filing}${r.reason ? `, for ${r.reason}` : ""}`,
    ),
  ].join("\n");
}

/** Series grouped by metric and frequency, in slice order (the request's order). */
function groupBlocks(series: readonly Series[]): Series[][] {
  const blocks = new Map<string, Series[]>();
  for (const s of series) {
    const key = `${s.metricKey}\u0000${s.frequency}`;
    blocks.set(key, [...(blocks.get(key) ?? []), s]);
  }
  return [...blocks.values()];
}

/** What "latest" or "last 8 quarters" resolved to, then the blocks. */
function metricBlocks(slice: DataSlice): string[] {
  const asked = presentationOf(slice.request).scale;
  return [
    `Period covered: ${slice.interval.description}`,
    ...groupBlocks(slice.series).map((b) => metricBlock(b, asked)),
  ];
}

function metricBlock(block: readonly Series[], asked: Presentation["scale"]): string {
  const first = block[0]!;
  const scale = chooseScale(block, asked);
  const daily = first.frequency === "daily";
  const lines = [
    "Financial Data:",
    `Metric: ${first.metricName}`,
    `Unit: ${scale.unitText}`,
    `Frequency: ${frequencyText(first)}, ${dateRange(block)}`,
    ...(daily && block.some((s) => s.points.length > DAILY_POINT_LIMIT)
      ? [
          `Series longer than ${DAILY_POINT_LIMIT} trading days are summarized: first, last, low and high, and ${DAILY_POINT_LIMIT} evenly spaced days.`,
        ]
      : []),
    ...block.map((s) => `${s.companyName} (${s.ticker}): ${daily ? dailyLine(s, scale) : periodValues(s, scale)}`),
    ...notes(block),
    ...derivations(block),
    ...periodMeans(block, scale),
  ];
  return lines.join("\n");
}

/** The average the question asks for, computed by FinGround over the values listed. */
function periodMeans(block: readonly Series[], scale: Scale): string[] {
  return block.flatMap((s) =>
    s.periodMean
      ? [
          `Average over ${pointLabel(s.periodMean.first)}–${pointLabel(s.periodMean.last)} (${s.periodMean.periods} periods), computed by FinGround: ${s.companyName} (${s.ticker}) ${formatScaled(s.periodMean.value, scale)}`,
        ]
      : [],
  );
}

/** Computed values show their formula and the exact inputs of the latest few, so the answer can explain them. */
function derivations(block: readonly Series[]): string[] {
  const lines: string[] = [];
  for (const series of block) {
    const computed = series.points.filter((p) => p.source.kind === "derived").slice(-DERIVATIONS_PER_SERIES);
    for (const point of computed) {
      if (point.source.kind !== "derived") continue;
      if (lines.length === 0)
        lines.push(
          `Computed by FinGround as ${point.source.formula}${point.source.note ? ` (${point.source.note})` : ""}; inputs in base units:`,
        );
      const inputs = point.source.inputs.map((i) => `${i.metricName} ${i.label} = ${i.point.value}`).join("; ");
      lines.push(`- ${series.ticker} ${pointLabel(point)}: ${inputs}`);
    }
  }
  return lines;
}

/** Inputs are listed for this many of a series' computed values (the latest). */
const DERIVATIONS_PER_SERIES = 4;

function periodValues(series: Series, scale: Scale): string {
  return series.points.map((p) => `${pointLabel(p)} ${formatScaled(p.value, scale)}`).join("; ");
}

function frequencyText(series: Series): string {
  const balance = series.points.every((p) => p.periodStart === null);
  switch (series.frequency) {
    case "daily":
      return "daily (trading days)";
    case "annual":
      return balance ? "annual (balance at fiscal year end)" : "annual (fiscal years)";
    case "quarterly":
      return balance ? "quarterly (balance at fiscal quarter end)" : "quarterly (fiscal quarters)";
  }
}

function dateRange(block: readonly Series[]): string {
  const points = block.flatMap((s) => s.points);
  const from = points.map((p) => p.periodStart ?? p.periodEnd).reduce((a, b) => (b < a ? b : a));
  const to = points.map((p) => p.periodEnd).reduce((a, b) => (b > a ? b : a));
  return from === to ? `on ${to}` : `from ${from} to ${to}`;
}

/** Values that are not what the metric's name says on its face: adjusted prices. */
function notes(block: readonly Series[]): string[] {
  const adjusted = block.filter((s) => s.points.some((p) => p.source.kind === "daily_prices" && p.source.adjusted));
  if (adjusted.length === 0) return [];
  const providers = [
    ...new Set(
      adjusted.flatMap((s) => s.points.flatMap((p) => (p.source.kind === "daily_prices" ? [p.source.provider] : []))),
    ),
  ];
  return [
    `Note: ${adjusted.map((s) => s.ticker).join(", ")} values are split- and dividend-adjusted (${providers.join(", ")}), not prices or volumes as traded on the day.`,
  ];
}

function missingSection(slice: DataSlice): string {
  return ["Not available:", ...slice.missing.map((m) => `- ${m.reason}`)].join("\n");
}

/** The answer must say what the question's budget left out, or it would read as complete. */
function truncatedSection(slice: DataSlice): string {
  return [
    "Left out (the question's limits; say so and how to narrow the question):",
    ...(slice.truncated ?? []).map((c) => `- ${c.what} ${c.narrow}`),
  ].join("\n");
}
