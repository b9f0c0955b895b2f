// The ranking and the groups behind it, written out for the model: which companies were considered
// and how they were chosen, the ranked values exactly in one scale with the period each is for, ties,
// the screen, and every company left out with its reason. The model repeats the ranking; it never
// has to sort or count itself.
import type { DataSlice, Ranking, RankingEntry, ResolvedGroup } from "@/lib/data/types";
import { fiscalPeriodLabel } from "@/lib/format/periods";
import { chooseScale, formatScaled, type Scale } from "./scale";

export const RANKING_RULE =
  "When a Ranking block is given, keep its order and ranks, say which period each value is for, name tied companies as tied, and state how many companies were considered and how many had data.";

/** "Companies:" lines for each resolved group: who is in it and how it was decided. */
export function groupsSection(groups: readonly ResolvedGroup[]): string | null {
  if (groups.length === 0) return null;
  const lines = groups.map((g) => {
    const members = g.tickers.length ? g.tickers.join(", ") : "none";
    const reference = g.reference ? `; ${g.reference} itself is shown for comparison` : "";
    const notes = g.notes.length ? ` (${g.notes.join("; ")})` : "";
    return `- ${g.label}: ${members}, largest first by ${g.sizeBasis}${reference}${notes}`;
  });
  return ["Companies considered:", ...lines].join("\n");
}

export function rankingSection(slice: DataSlice, ranking: Ranking): string {
  const scale = chooseScale(
    slice.series.filter((s) => s.metricKey === ranking.metricKey && ranking.entries.some((e) => e.ticker === s.ticker)),
  );
  const { universe } = ranking;
  const without = universe.lacking.length + universe.notCompared.length;
  const lines = [
    "Ranking:",
    `Metric: ${ranking.metricName}, ${ranking.order === "desc" ? "highest first" : "lowest first"}${ranking.n !== null ? ` (top ${ranking.n} asked)` : ""}`,
    `Unit: ${scale.unitText}`,
    `Compared: ${basisText(ranking)}`,
    ...(ranking.screen
      ? [
          `Screen: ${ranking.screen.metricName} ${ranking.screen.op} ${ranking.screen.text} (exactly ${formatScaled(ranking.screen.threshold, scale)} in the unit above): ${ranking.screen.passed} of ${universe.withData - universe.notCompared.length} pass`,
        ]
      : []),
    `Universe: ${universe.description}: ${universe.considered} companies considered, ${universe.withData} with a comparable value, ${without} without`,
    ...(ranking.entries.length ? ranking.entries.map((e) => entryLine(e, scale)) : ["No company qualifies."]),
    ...ranking.ties.map((t) => `Tie: ${t.tickers.join(" and ")} share rank ${t.rank} with exactly the same value`),
    ...ranking.notes.map((n) => `Note: ${n}`),
    ...(universe.lacking.length
      ? ["Without a comparable value:", ...universe.lacking.map((g) => `- ${g.ticker}: ${g.reason}`)]
      : []),
    ...(universe.notCompared.length
      ? ["Not compared:", ...universe.notCompared.map((g) => `- ${g.ticker}: ${g.reason}`)]
      : []),
  ];
  return lines.join("\n");
}

function basisText(ranking: Ranking): string {
  if (ranking.basis.kind === "same-period") return `${ranking.basis.label} for every company`;
  const kind = { annual: "fiscal year", quarterly: "fiscal quarter", dated: "dated value", daily: "trading day" }[
    ranking.basis.periodKind
  ];
  return `each company's latest ${kind} in the period asked (periods differ; each is named)`;
}

function entryLine(entry: RankingEntry, scale: Scale): string {
  const { fiscalYear, fiscalPeriod, periodEnd } = entry.period;
  const label =
    fiscalYear !== null && fiscalPeriod !== null
      ? `${fiscalPeriodLabel(fiscalYear, fiscalPeriod)}, ended ${periodEnd}`
      : periodEnd;
  const flags = [entry.tied ? "tied" : null, entry.reference ? "the company whose peers these are" : null].filter(
    (f) => f !== null,
  );
  return `${entry.rank}. ${entry.companyName} (${entry.ticker}): ${formatScaled(entry.value, scale)} (${label})${flags.length ? ` [${flags.join("; ")}]` : ""}`;
}
