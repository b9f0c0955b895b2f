// The built-in analyst's answer to a ranking or a screen: a headline naming the leader (or who passed
// the threshold) and the universe, the ranked list with each value's period, ties, the companies
// without a comparable value, and how the group was chosen. Every number is from the slice's Ranking
// (exact decimals, formatted in ./format); nothing is sorted or counted again here.
import { metricByKey } from "@/lib/catalog/metrics";
import type { DataSlice, Ranking, RankingEntry } from "@/lib/data/types";
import { isIsoDate } from "@/lib/core/dates";
import { Decimal } from "@/lib/core/decimal";
import { presentationOf } from "@/lib/agent/schema";
import { formatExactValue, rankingValueStyle } from "@/lib/format/values";
import {
  capitalize,
  formatDate,
  formatValue,
  listOf,
  metricInSentence,
  periodLabel,
  plainText,
  shortCompanyName,
  type ValueStyle,
} from "./format";
import { measureInWords } from "./analysis/valuation-inputs";

/** Above this many, companies without a value are named, and their reasons left to the data panel. */
const MAX_REASONS = 10;

const OP_WORDS = { ">": "over", ">=": "of at least", "<": "under", "<=": "of at most" } as const;

/** The answer's sections: headline, ranked list, notes; the caller adds what is not in the data. */
export function rankingSections(slice: DataSlice, ranking: Ranking): string[] {
  const style = rankingValueStyle(ranking, presentationOf(slice.request));
  const metric = metricInSentence(ranking.metricName);
  return [
    headline(ranking, metric, style),
    listBlock(ranking, style),
    universeBlock(slice, ranking, metric, style),
  ].filter((s) => s !== "");
}

function name(entry: RankingEntry): string {
  return shortCompanyName(entry.companyName);
}

function valueOf(entry: RankingEntry, style: ValueStyle): string {
  return formatValue(new Decimal(entry.value), style);
}

/** "in FY2023", "on Jul 24, 2025", or "" when each company's value is for its own latest period. */
function periodPhrase(ranking: Ranking): string {
  if (ranking.basis.kind !== "same-period") return "";
  const { label } = ranking.basis;
  return isIsoDate(label) ? ` on ${formatDate(label)}` : ` in ${label}`;
}

/** The measure ranked, when it is computed (issue 30): "Ranked by dividend yield (TTM): TTM dividends per share ÷
 * the closing price on Jul 24, 2025, …". A stored metric is its own measure (the heading names it). */
function measureLine(ranking: Ranking, metric: string): string | null {
  const words = measureInWords(ranking.metricKey);
  if (words === null) return null;
  const market = metricByKey(ranking.metricKey)?.statement === "market";
  if (!market) return `Ranked by ${metric}: ${words}.`;
  const day =
    ranking.basis.kind === "same-period" && isIsoDate(ranking.basis.label)
      ? ` on ${formatDate(ranking.basis.label)}`
      : ", each on its latest trading day";
  return `Ranked by ${metric}: ${words}${day}, with each company's figures as reported on or before that day.`;
}

/** " · TTM dividends per share $0.99": the per-share figure behind a ratio on a price. */
function perShareText(entry: RankingEntry, ranking: Ranking): string {
  const figure = entry.perShare;
  if (!figure) return "";
  const style: ValueStyle = {
    unitKind: "per_share",
    currencyPrefix: ranking.currency === "USD" || ranking.currency === null ? "$" : `${ranking.currency} `,
    perShareSuffix: false,
    decimals: null,
    scale: null,
  };
  const name = metricInSentence(figure.metricName);
  const label = figure.label === "TTM" ? `TTM ${name}` : `${name} ${figure.label}`;
  return ` · ${label} ${formatValue(new Decimal(figure.value), style)}`;
}

function headline(ranking: Ranking, metric: string, style: ValueStyle): string {
  const { universe, entries, screen } = ranking;
  const considered = `${universe.considered} ${universe.considered === 1 ? "company" : "companies"} considered (${plainText(universe.description)})`;
  const notRead = universe.unread ? ` (${universe.unread} not read in the question's time)` : "";
  const withData = `${universe.withData} of the ${considered}${notRead} had ${metric}${periodPhrase(ranking)}`;
  const members = entries.filter((e) => !e.reference);
  if (screen) {
    const threshold = `${metricInSentence(screen.metricName)} ${OP_WORDS[screen.op]} ${plainText(screen.text)}`;
    if (members.length === 0) return `None of the companies had ${threshold}: ${withData}.`;
    const names = members.map((e) => `${name(e)} (${valueOf(e, style)})`);
    return `${screen.passed} ${screen.passed === 1 ? "company" : "companies"} had ${threshold}${periodPhrase(ranking)}: ${listOf(names, "and")}. ${capitalize(withData)}.`;
  }
  const top = entries[0];
  const { unread = 0 } = universe;
  if (!top && unread > 0)
    return `No company was ranked by ${metric}: the question's time budget ran out before ${unread} of the ${considered} were read, and none of those read has a comparable value.`;
  if (!top) return `No company can be ranked by ${metric}: none of the ${considered} has a comparable value.`;
  const word = ranking.order === "desc" ? "highest" : "lowest";
  const leaders = entries.filter((e) => e.rank === top.rank);
  const when = ranking.basis.kind === "same-period" ? "" : ` (${periodLabel(top.period)})`;
  const lead =
    leaders.length > 1
      ? `${listOf(leaders.map(name), "and")} tied for the ${word} ${metric}${periodPhrase(ranking)}, exactly ${valueOf(top, style)} each${when}`
      : `${name(top)} had the ${word} ${metric}${periodPhrase(ranking)}: ${valueOf(top, style)}${when}`;
  return `${lead}. ${capitalize(withData)}.`;
}

function listBlock(ranking: Ranking, style: ValueStyle): string {
  if (ranking.entries.length === 0) return "";
  const what =
    ranking.basis.kind !== "same-period"
      ? "each company's latest period"
      : isIsoDate(ranking.basis.label)
        ? formatDate(ranking.basis.label)
        : ranking.basis.label;
  const top = ranking.n !== null ? `, top ${ranking.n}` : "";
  const order = ranking.order === "desc" ? "highest first" : "lowest first";
  const lines = ranking.entries.map((e) => {
    const ended =
      e.period.fiscalYear !== null
        ? ` (${periodLabel(e.period)}, ended ${formatDate(e.period.periodEnd)})`
        : ` (${periodLabel(e.period)})`;
    const flags = [e.tied ? "tied" : null, e.reference ? "the company whose peers these are" : null].filter(
      (f) => f !== null,
    );
    return `${e.rank}. ${name(e)} (${e.ticker}): ${valueOf(e, style)}${ended}${perShareText(e, ranking)}${flags.length ? ` · ${flags.join(" · ")}` : ""}`;
  });
  const ties = ranking.ties.map((t) => {
    const tied = ranking.entries.filter((e) => e.rank === t.rank);
    return `- Tie: ${listOf(tied.map(name), "and")} share rank ${t.rank} with exactly ${valueOf(tied[0]!, style)}`;
  });
  const measure = measureLine(ranking, metricInSentence(ranking.metricName));
  return [
    `**Ranking · ${ranking.metricName}, ${what} (${order}${top})**`,
    ...(measure ? [measure] : []),
    ...lines,
    ...ties,
  ].join("\n");
}

function universeBlock(slice: DataSlice, ranking: Ranking, metric: string, style: ValueStyle): string {
  const lines: string[] = [];
  for (const group of slice.groups ?? []) {
    const how = group.notes.length ? `: ${group.notes.join("; ")}` : "";
    lines.push(
      `- ${plainText(group.label)}: ${group.tickers.length} ${group.tickers.length === 1 ? "company" : "companies"}${how}`,
    );
  }
  if (ranking.screen) {
    lines.push(
      `- Screen: ${metricInSentence(ranking.screen.metricName)} ${ranking.screen.op} ${plainText(ranking.screen.text)}, applied exactly as ${formatExactValue(ranking.screen.threshold, style)}`,
    );
  }
  for (const note of ranking.notes) lines.push(`- ${capitalize(note)}`);
  const { lacking, notCompared } = ranking.universe;
  if (lacking.length > 0) {
    const header = `- Without ${metric}${periodPhrase(ranking)} to compare (${lacking.length})`;
    if (lacking.length > MAX_REASONS) lines.push(`${header}: ${lacking.map((g) => g.ticker).join(", ")}`);
    else lines.push(`${header}:`, ...lacking.map((g) => `  - ${g.reason}`));
  }
  if (notCompared.length > 0)
    lines.push(`- Not compared (${notCompared.length}):`, ...notCompared.map((g) => `  - ${g.reason}`));
  return lines.length ? ["**Who was compared**", ...lines].join("\n") : "";
}
