// One block per company × metric × kind of period: each period's value and changes, or a daily
// series' return, range, average, volatility, largest one-day moves, largest fall and what an amount
// invested at its start is worth at its end.
import { Decimal } from "@/lib/core/decimal";
import { formatValue } from "../format";
import { at, changePhrase, extremes, largestDrawdown, priorChanges, trendOf } from "./changes";
import { investmentText, moveText } from "./price-answer";
import { isPrice, kindName, type Track } from "./tracks";

/** Longer series list only their latest periods; highest/lowest and trend still cover all of them. */
const MAX_LISTED = 8;

export function trackBlock(track: Track): string {
  const title = `**${track.company} (${track.series.ticker}) · ${track.series.metricName}, ${kindName(track.kind)}**`;
  const lines = track.kind === "daily" ? dailyLines(track) : periodicLines(track);
  return [title, ...lines].join("\n");
}

/** The average the question asked for, first: "Apple's average net income was $84.0 billion over FY2020–FY2022
 * (3 periods)." Null when no track holds a mean over every period it shows. */
export function averageLead(tracks: readonly Track[]): string | null {
  const sentences = tracks.flatMap((track) => {
    const mean = track.series.periodMean;
    const { obs } = track;
    if (!mean || obs.length !== mean.periods) return [];
    const value = formatValue(new Decimal(mean.value), track.style);
    return [
      `${track.company}'s average ${track.metric} was ${value} over ${obs[0]!.label}–${obs[obs.length - 1]!.label} (${mean.periods} periods).`,
    ];
  });
  return sentences.length > 0 ? sentences.join(" ") : null;
}

function periodicLines(track: Track): string[] {
  const { obs, style } = track;
  const start = Math.max(0, obs.length - MAX_LISTED);
  const lines: string[] = [];
  if (start > 0) lines.push(`- Showing the latest ${MAX_LISTED} of ${obs.length} periods`);
  for (let i = start; i < obs.length; i++) {
    const o = obs[i]!;
    const changes = priorChanges(track, i).map((c) => changePhrase(c.from, o, style, c.tag));
    lines.push(`- ${o.label}: ${formatValue(o.value, style)}${changes.length ? `, ${changes.join("; ")}` : ""}`);
  }
  if (obs.length >= 3) lines.push(highLowLine(track), trendLine(track));
  const mean = track.series.periodMean;
  if (mean && obs.length === mean.periods)
    lines.push(
      `- Average over ${obs[0]!.label}–${obs[obs.length - 1]!.label} (${mean.periods} periods): ${formatValue(new Decimal(mean.value), style)}`,
    );
  return lines;
}

function highLowLine(track: Track): string {
  const ext = extremes(track.obs)!;
  const high = `${formatValue(ext.high.value, track.style)} ${at(ext.high)}`;
  const low = `${formatValue(ext.low.value, track.style)} ${at(ext.low)}`;
  return `- Highest: ${high}; lowest: ${low}`;
}

function trendLine(track: Track): string {
  const { direction, rises, falls } = trendOf(track.obs);
  const first = track.obs[0]!;
  const last = track.obs[track.obs.length - 1]!;
  const shape = {
    rising: "rising in every period",
    falling: "falling in every period",
    flat: "unchanged throughout",
    mixed: `mixed (${plural(rises, "rise")}, ${plural(falls, "fall")})`,
  }[direction];
  return `- Trend: ${shape}; ${last.label} is ${changePhrase(first, last, track.style)}`;
}

function dailyLines(track: Track): string[] {
  const { obs, style } = track;
  const first = obs[0]!;
  const last = obs[obs.length - 1]!;
  if (obs.length === 1) return [`- ${last.label}: ${formatValue(last.value, style)}`];
  const what = isPrice(track) ? "Return over the range" : "Change over the range";
  const lines = [
    `- ${last.label}: ${formatValue(last.value, style)}`,
    `- ${what}: ${changePhrase(first, last, style)} (${plural(obs.length, "trading day")} in the data)`,
  ];
  if (obs.length >= 3) lines.push(highLowLine(track));
  const { summary } = track.series;
  if (summary) {
    lines.push(`- Average over the range: ${formatValue(new Decimal(summary.mean), style)}`);
    if (summary.volatility !== null) {
      lines.push(
        `- Annualized volatility: ${new Decimal(summary.volatility).times(100).toDecimalPlaces(1).toFixed(1)}% (standard deviation of daily returns × √252)`,
      );
    }
    if (isPrice(track)) {
      const rise = moveText(track, summary.largestRise);
      const fall = moveText(track, summary.largestFall);
      if (rise) lines.push(`- Largest one-day rise: ${rise}`);
      if (fall) lines.push(`- Largest one-day fall: ${fall}`);
    }
    if (summary.investment) lines.push(`- ${investmentText(track, summary.investment)}`);
  }
  const drawdown = isPrice(track) ? largestDrawdown(obs) : null;
  if (drawdown) {
    lines.push(
      `- Largest fall from a high: ${changePhrase(drawdown.peak, drawdown.trough, style)} to ${formatValue(drawdown.trough.value, style)} ${at(drawdown.trough)}`,
    );
  }
  return lines;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
