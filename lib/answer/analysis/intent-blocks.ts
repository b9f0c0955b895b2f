// What a question's intent adds: for "explain", what each metric measures; for "invest", a balanced
// reading of strengths and weaknesses in the data, with what the data cannot say.
import { metricByKey } from "@/lib/catalog/metrics";
import { capitalize, formatPercent, formatValue } from "../format";
import { at, changePhrase, headlineChange, largestDrawdown, trendOf } from "./changes";
import { isPrice, type Track } from "./tracks";

/** A fall from a high this large (in %) is worth naming as a weakness in an investment reading. */
const NOTABLE_DRAWDOWN_PCT = 10;

export function explainBlock(groups: Track[][]): string {
  // One line per metric, however many kinds of period or companies it has.
  const metrics = new Map(groups.map((group) => [group[0]!.series.metricKey, group[0]!.series]));
  const lines = [...metrics.values()].flatMap((series) => {
    const description = metricByKey(series.metricKey)?.description;
    // Catalog descriptions are prose; one with digits would state numbers the slice does not hold.
    return description && !/\d/.test(description) ? [`- **${series.metricName}**: ${description}`] : [];
  });
  return lines.length ? ["**What it measures**", ...lines].join("\n") : "";
}

/** Which way is good for a metric, for the balanced reading; unlisted metrics are left neutral. */
const HIGHER_IS_BETTER = new Set([
  "revenue",
  "gross_profit",
  "operating_income",
  "pretax_income",
  "net_income",
  "net_income_to_common",
  "eps_basic",
  "eps_diluted",
  "comprehensive_income",
  "operating_cash_flow",
  "cash",
  "cash_and_restricted_cash",
  "stockholders_equity",
  "total_equity",
  "retained_earnings",
  "dividends_per_share",
  "interest_income",
  "price_open",
  "price_high",
  "price_low",
  "price_close",
  "price_adj_close",
]);
const LOWER_IS_BETTER = new Set([
  "cost_of_revenue",
  "operating_expenses",
  "costs_and_expenses",
  "interest_expense",
  "total_liabilities",
  "current_liabilities",
  "long_term_debt",
  "long_term_debt_current",
  "long_term_debt_noncurrent",
  "debt_current",
  "short_term_borrowings",
  "weighted_shares_basic",
  "weighted_shares_diluted",
  "shares_outstanding",
]);
/** Metrics where a value below zero is a loss, a weakness whatever its trend. */
const PROFIT_METRICS = new Set([
  "gross_profit",
  "operating_income",
  "pretax_income",
  "net_income",
  "net_income_to_common",
  "eps_basic",
  "eps_diluted",
  "operating_cash_flow",
]);

function polarity(metricKey: string): 1 | -1 | 0 {
  if (HIGHER_IS_BETTER.has(metricKey)) return 1;
  if (LOWER_IS_BETTER.has(metricKey)) return -1;
  return 0;
}

interface Signals {
  strengths: string[];
  weaknesses: string[];
}

export function investBlock(tracks: Track[]): string {
  const signals: Signals = { strengths: [], weaknesses: [] };
  for (const track of tracks) collectSignals(track, signals);
  const lines = ["**A balanced reading of this data**"];
  if (signals.strengths.length === 0 && signals.weaknesses.length === 0) {
    lines.push(
      "- The data here is too thin to show clear strengths or weaknesses; several periods of revenue, net income and cash flow would say more.",
    );
  } else {
    lines.push(...signalList("Strengths", signals.strengths), ...signalList("Weaknesses", signals.weaknesses));
  }
  lines.push(
    "- Not in this data: valuation (what the price implies relative to earnings), the outlook, and risks outside these figures.",
    "",
    "_This is a reading of reported figures, not investment advice._",
  );
  return lines.join("\n");
}

function signalList(title: string, items: string[]): string[] {
  if (items.length === 0) return [`- ${title}: none visible in this data`];
  return [`- ${title}:`, ...items.map((item) => `  - ${item}`)];
}

function collectSignals(track: Track, out: Signals): void {
  const sign = polarity(track.series.metricKey);
  const last = track.obs[track.obs.length - 1];
  if (!last) return;
  const add = (good: boolean, text: string) => (good ? out.strengths : out.weaknesses).push(text);

  const loss = PROFIT_METRICS.has(track.series.metricKey) && last.value.isNegative();
  if (loss)
    add(false, `${capitalize(track.subject)} was negative ${at(last)} (${formatValue(last.value, track.style)})`);
  const change =
    track.kind === "daily" ? (track.obs.length >= 2 ? { tag: "", from: track.obs[0]! } : null) : headlineChange(track);
  const direction = change ? last.value.cmp(change.from.value) : 0;
  // A deepening loss is already the weakness named above; a shrinking one is still worth a strength.
  const alreadySaid = loss && direction * sign < 0;
  if (sign !== 0 && change && direction !== 0 && !alreadySaid) {
    const value = formatValue(last.value, track.style);
    add(
      direction * sign > 0,
      `${capitalize(track.subject)} was ${value} ${at(last)}, ${changePhrase(change.from, last, track.style, change.tag)}`,
    );
  }
  const trend = trendOf(track.obs);
  if (
    sign !== 0 &&
    track.kind !== "daily" &&
    track.obs.length >= 3 &&
    (trend.direction === "rising" || trend.direction === "falling")
  ) {
    const first = track.obs[0]!;
    add(
      (trend.direction === "rising" ? 1 : -1) * sign > 0,
      `${capitalize(track.subject)} ${trend.direction === "rising" ? "rose" : "fell"} in every period from ${first.label} to ${last.label}`,
    );
  }
  const drawdown = isPrice(track) ? largestDrawdown(track.obs) : null;
  if (drawdown?.pct.abs().gte(NOTABLE_DRAWDOWN_PCT)) {
    add(
      false,
      `${capitalize(track.subject)} fell as much as ${formatPercent(drawdown.pct.abs(), track.style.decimals)} from a high of ${formatValue(drawdown.peak.value, track.style)} ${at(drawdown.peak)}`,
    );
  }
}
