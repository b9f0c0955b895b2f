// The built-in analyst: a Markdown answer written from the DataSlice alone. It is what users get when
// no LLM is configured or the LLM fails, so it must be useful on its own, and it must never state a
// number that is not in the slice or computed from it (values, differences, percent changes, ratios,
// counts). All arithmetic is exact (decimal.js); rounding happens only in ./format.
import { Decimal } from "decimal.js";
import { metricByKey } from "@/lib/catalog/metrics";
import { companyGroups, describeGroup, singleCompanies, type Suggestion } from "@/lib/agent/schema";
import { missingReasons } from "@/lib/data/missing";
import { periodKindOf, type PeriodKind } from "@/lib/format/periods";
import type { DataPoint, DataSlice, MissingData, Series } from "@/lib/data/types";
import {
  Dec,
  formatDifference,
  formatPercent,
  formatValue,
  isRatioLike,
  labelIsDate,
  metricInSentence,
  periodLabel,
  plainText,
  possessive,
  shortCompanyName,
  valueStyle,
  type ValueStyle,
} from "./format";
import { rankingSections } from "./ranking-text";

/** Longer series list only their latest periods; highest/lowest and trend still cover all of them. */
const MAX_LISTED = 8;
/** The headline is this many sentences at most; what does not fit is in the blocks below. */
const MAX_HEADLINE_SENTENCES = 3;
/** One company's metrics share a headline sentence, up to this many ("revenue was …; net income was …"). */
const MAX_JOINED_CLAUSES = 4;
/** A fall from a high this large (in %) is worth naming as a weakness in an investment reading. */
const NOTABLE_DRAWDOWN_PCT = 10;
/** The example question offered when the question named no company or no metric. Kept free of
 * digits, like everything else written here that does not come from the slice. */
const EXAMPLE_COMPANY = "Apple";
const EXAMPLE_METRIC = "revenue";
/** Suggestions this close to the best one are offered with it. */
const CLOSE_SCORE_MARGIN = 0.1;

/** One value, parsed and labelled once. */
interface Obs {
  point: DataPoint;
  value: Decimal;
  label: string;
  /** Aligns periods across companies and finds prior periods: "FY 2023", "Q1 2025", or the date. */
  key: string;
}

/** One company × metric × kind of period: the unit every paragraph is written about. */
interface Track {
  series: Series;
  kind: PeriodKind;
  obs: Obs[];
  style: ValueStyle;
  company: string;
  /** "Apple's revenue". */
  subject: string;
  metric: string;
}

export function writeAnalysis(slice: DataSlice): string {
  const unreadable: string[] = [];
  const tracks = buildTracks(slice, unreadable);
  // A ranking or screen (ranking-text.ts) answers for the group it ranks, data or not.
  if (slice.ranking) {
    const missing = missingBlock(slice, unreadable);
    return [...rankingSections(slice, slice.ranking), ...(missing ? [missing] : [])].join("\n\n");
  }
  if (tracks.length === 0) {
    const { metrics } = slice.request;
    const named = singleCompanies(slice.request).length + companyGroups(slice.request).length;
    if (named === 0 || metrics.length === 0) return notUnderstoodAnswer(slice, unreadable);
    return noDataAnswer(slice, unreadable);
  }

  const groups = groupByMetric(tracks);
  const lead = headline(topicsOf(groups), slice);
  const sections = [lead.text];
  // A track whose every value the headline already states gets no block of its own: it would only
  // repeat the headline.
  for (const track of tracks) {
    if (!track.obs.every((o) => lead.mentioned.has(o))) sections.push(trackBlock(track));
  }
  for (const group of groups) {
    const block = comparisonBlock(group, !lead.compared.has(group));
    if (block) sections.push(block);
  }
  sections.push(...marginBlocks(tracks));
  if (slice.request.intent === "explain") sections.push(explainBlock(groups));
  if (slice.request.intent === "invest") sections.push(investBlock(tracks));
  const missing = missingBlock(slice, unreadable);
  if (missing) sections.push(missing);
  return sections.filter((s) => s.trim() !== "").join("\n\n");
}

// ---------------------------------------------------------------------------------------------
// Reading the slice

function buildTracks(slice: DataSlice, unreadable: string[]): Track[] {
  const tracks: Track[] = [];
  for (const series of slice.series) {
    const byKind = new Map<PeriodKind, Obs[]>();
    for (const point of series.points) {
      const value = parseValue(point.value);
      if (value === null) {
        unreadable.push(`${series.ticker} ${series.metricName} for ${periodLabel(point)}: the stored value could not be read.`);
        continue;
      }
      const kind = periodKindOf(series, point);
      const list = byKind.get(kind) ?? [];
      list.push({ point, value, label: periodLabel(point), key: periodKey(point) });
      byKind.set(kind, list);
    }
    for (const [kind, obs] of byKind) tracks.push(makeTrack(series, kind, dedupe(obs)));
  }
  return tracks;
}

function makeTrack(series: Series, kind: PeriodKind, obs: Obs[]): Track {
  const company = shortCompanyName(series.companyName);
  const metric = metricInSentence(series.metricName);
  return { series, kind, obs, style: valueStyle(series), company, metric, subject: `${possessive(company)} ${metric}` };
}

function parseValue(raw: string): Decimal | null {
  try {
    const value = new Dec(raw);
    return value.isFinite() ? value : null;
  } catch {
    return null;
  }
}

function periodKey(point: DataPoint): string {
  if (labelIsDate(point)) return point.periodEnd;
  return `${point.fiscalPeriod} ${point.fiscalYear}`;
}

/** Ascending by period end; a period reported twice keeps its last (latest-filed) value. */
function dedupe(obs: Obs[]): Obs[] {
  const byKey = new Map<string, Obs>();
  for (const o of obs) byKey.set(o.key, o);
  return [...byKey.values()].sort((a, b) => a.point.periodEnd.localeCompare(b.point.periodEnd));
}

/** Tracks of the same metric and kind of period, in slice order: what gets compared. */
function groupByMetric(tracks: Track[]): Track[][] {
  const groups = new Map<string, Track[]>();
  for (const track of tracks) {
    const key = `${track.series.metricKey}|${track.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), track]);
  }
  return [...groups.values()];
}

// ---------------------------------------------------------------------------------------------
// Changes

/** Where a value sits in time, for sentences: "in FY2023" / "on Jan 5, 2024". */
function at(o: Obs): string {
  return labelIsDate(o.point) ? `on ${o.label}` : `in ${o.label}`;
}

/** A base value named with its period: "FY2023's $383.3 billion" / "$185.64 on Jan 2, 2024". */
function baseRef(o: Obs, style: ValueStyle): string {
  const value = formatValue(o.value, style);
  return labelIsDate(o.point) ? `${value} on ${o.label}` : `${o.label}'s ${value}`;
}

/** Percent change (new − old) / |old| × 100; null when the base is zero (no meaningful percent). */
function percentChange(from: Decimal, to: Decimal): Decimal | null {
  if (from.isZero()) return null;
  return to.minus(from).div(from.abs()).times(100);
}

/** The size of a change and, when the percentage needs one, a note on its base:
 * "up 2.0%", "down 1.5 percentage points", "up $50" + "no percentage change: the base is zero". */
function changeParts(from: Decimal, to: Decimal, style: ValueStyle, tag = ""): { size: string; note: string | null } {
  const diff = to.minus(from);
  const t = tag ? ` ${tag}` : "";
  if (diff.isZero()) return { size: `unchanged${t}`, note: null };
  const direction = diff.isPositive() ? "up" : "down";
  if (isRatioLike(style)) return { size: `${direction} ${formatDifference(diff.abs(), style)}${t}`, note: null };
  const pct = percentChange(from, to);
  if (pct === null) return { size: `${direction} ${formatDifference(diff.abs(), style)}${t}`, note: "no percentage change: the base is zero" };
  const note = from.isNegative() ? "the base is negative, so the percentage is measured against its absolute size" : null;
  return { size: `${direction} ${formatPercent(pct.abs())}${t}`, note };
}

/** "up 2.0%", or "up $50 (no percentage change: the base is zero)". */
function changeSize(from: Decimal, to: Decimal, style: ValueStyle): string {
  const { size, note } = changeParts(from, to, style);
  return note ? `${size} (${note})` : size;
}

/** "up 2.0% from FY2023's $383.3 billion", naming the base and its sign honestly. */
function changePhrase(from: Obs, to: Obs, style: ValueStyle, tag = ""): string {
  const { size, note } = changeParts(from.value, to.value, style, tag);
  return `${size} from ${baseRef(from, style)}${note ? ` (${note})` : ""}`;
}

function priorKeys(o: Obs, kind: PeriodKind): { tag: string; key: string }[] {
  const { fiscalYear: year, fiscalPeriod: period } = o.point;
  if (year === null || period === null) return [];
  if (kind === "quarterly") {
    const q = Number(period.slice(1));
    const previous = q === 1 ? `Q4 ${year - 1}` : `Q${q - 1} ${year}`;
    return [
      { tag: "QoQ", key: previous },
      { tag: "YoY", key: `${period} ${year - 1}` },
    ];
  }
  return [{ tag: "", key: `${period} ${year - 1}` }];
}

/** The comparisons a period gets: QoQ and YoY for quarters, prior year for years, prior point else. */
function priorChanges(track: Track, index: number): { tag: string; from: Obs }[] {
  const o = track.obs[index];
  if (!o) return [];
  if (track.kind === "dated" || track.kind === "daily") {
    const previous = track.obs[index - 1];
    return previous ? [{ tag: "", from: previous }] : [];
  }
  const byKey = new Map(track.obs.map((x) => [x.key, x]));
  return priorKeys(o, track.kind).flatMap(({ tag, key }) => {
    const from = byKey.get(key);
    return from ? [{ tag, from }] : [];
  });
}

/** The most telling single change for a headline: YoY for quarters, else the prior period. */
function headlineChange(track: Track): { tag: string; from: Obs } | null {
  const changes = priorChanges(track, track.obs.length - 1);
  return changes.find((c) => c.tag === "YoY") ?? changes[0] ?? null;
}

interface Trend {
  direction: "rising" | "falling" | "flat" | "mixed";
  rises: number;
  falls: number;
}

function trendOf(obs: Obs[]): Trend {
  let rises = 0;
  let falls = 0;
  for (let i = 1; i < obs.length; i++) {
    const step = obs[i]!.value.cmp(obs[i - 1]!.value);
    if (step > 0) rises++;
    if (step < 0) falls++;
  }
  const direction = rises > 0 && falls === 0 ? "rising" : falls > 0 && rises === 0 ? "falling" : rises + falls === 0 ? "flat" : "mixed";
  return { direction, rises, falls };
}

function extremes(obs: Obs[]): { high: Obs; low: Obs } | null {
  const first = obs[0];
  if (!first) return null;
  let high = first;
  let low = first;
  for (const o of obs) {
    if (o.value.gt(high.value)) high = o;
    if (o.value.lt(low.value)) low = o;
  }
  return { high, low };
}

/** The largest fall from an earlier high to a later low, in % of the high (prices only). */
function largestDrawdown(obs: Obs[]): { peak: Obs; trough: Obs; pct: Decimal } | null {
  let peak = obs[0];
  let best: { peak: Obs; trough: Obs; pct: Decimal } | null = null;
  for (const o of obs) {
    if (!peak || o.value.gt(peak.value)) peak = o;
    if (!peak.value.isPositive() || peak.value.isZero()) continue;
    const pct = percentChange(peak.value, o.value);
    if (pct && pct.isNegative() && (!best || pct.lt(best.pct))) best = { peak, trough: o, pct };
  }
  return best;
}

function isPrice(track: Track): boolean {
  return track.series.metricKey.startsWith("price_");
}

// ---------------------------------------------------------------------------------------------
// Headline

/** What one headline sentence (or clause) is about. */
type Topic =
  /** One metric and kind of period across several companies. */
  | { type: "compare"; group: Track[] }
  /** One company × metric: its kinds of period, the most recent first (the latest fiscal year and
   * the quarter reported after it are one topic, not two). */
  | { type: "single"; tracks: Track[] };

function topicsOf(groups: Track[][]): Topic[] {
  const topics: Topic[] = [];
  const singles = new Map<string, Track[]>();
  for (const group of groups) {
    if (new Set(group.map((t) => t.series.ticker)).size >= 2) {
      topics.push({ type: "compare", group });
      continue;
    }
    for (const track of group) {
      const key = `${track.series.ticker}|${track.series.metricKey}`;
      let list = singles.get(key);
      if (!list) {
        list = [];
        singles.set(key, list);
        topics.push({ type: "single", tracks: list });
      }
      list.push(track);
    }
  }
  for (const list of singles.values()) list.sort(byRecency);
  return topics;
}

const KIND_ORDER: PeriodKind[] = ["annual", "interim", "quarterly", "dated", "daily"];

/** Most recent latest value first; on the same end date (FY2024 and its Q4) the longer period. */
function byRecency(a: Track, b: Track): number {
  const byEnd = lastObs(b).point.periodEnd.localeCompare(lastObs(a).point.periodEnd);
  return byEnd !== 0 ? byEnd : KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind);
}

function lastObs(track: Track): Obs {
  return track.obs[track.obs.length - 1]!;
}

/** A sentence's text and the values it states, so that blocks repeating only those are left out. */
interface Said {
  text: string;
  mentions: Obs[];
}

/** One company × metric in a sentence: "Apple's revenue" + "was $391.0 billion in FY2024, up …". */
interface Clause extends Said {
  ticker: string;
  /** Market data (prices, volume) gets a sentence apart from filed figures. */
  daily: boolean;
  /** "Apple's revenue" or "Apple's latest reported revenue". */
  subject: string;
  /** "revenue", for a later clause of the same company's sentence. */
  metric: string;
  /** Lookups share a sentence with the same company's other lookups; a trend keeps its own. */
  joinable: boolean;
}

interface Headline {
  text: string;
  /** Every value the headline states. */
  mentioned: Set<Obs>;
  /** Comparison groups whose sentence is in the headline. */
  compared: Set<Track[]>;
}

/** At most MAX_HEADLINE_SENTENCES sentences: a comparison per metric and kind of period, and one
 * sentence per company naming each metric's latest value (other kinds of period in parentheses). */
function headline(topics: Topic[], slice: DataSlice): Headline {
  const sentences: string[] = [];
  const mentioned = new Set<Obs>();
  const compared = new Set<Track[]>();
  const say = (said: Said) => {
    sentences.push(said.text);
    for (const o of said.mentions) mentioned.add(o);
  };
  let i = 0;
  while (i < topics.length && sentences.length < MAX_HEADLINE_SENTENCES) {
    const topic = topics[i++]!;
    if (topic.type === "compare") {
      // Its ranking (three or more companies) lists every company's value in the comparison block.
      say({ text: comparisonSentence(topic.group), mentions: alignLatest(topic.group).rows.map((r) => r.obs) });
      compared.add(topic.group);
      continue;
    }
    const first = singleClause(topic.tracks, slice);
    const clauses = [first];
    while (first.joinable && clauses.length < MAX_JOINED_CLAUSES) {
      const next = topics[i];
      if (next?.type !== "single" || next.tracks[0]!.series.ticker !== first.ticker) break;
      const clause = singleClause(next.tracks, slice);
      if (!clause.joinable || clause.daily !== first.daily) break;
      clauses.push(clause);
      i++;
    }
    say(joinClauses(clauses));
  }
  return { text: sentences.join(" "), mentioned, compared };
}

function joinClauses(clauses: Clause[]): Said {
  const parts = clauses.map((c, i) => (i === 0 ? `${capitalize(c.subject)} ${c.text}` : `${c.metric} ${c.text}`));
  return { text: `${parts.join("; ")}.`, mentions: clauses.flatMap((c) => c.mentions) };
}

function singleClause(tracks: Track[], slice: DataSlice): Clause {
  const [track, ...others] = tracks as [Track, ...Track[]];
  const { intent, dates } = slice.request;
  const latest = track.kind === "daily" ? "latest" : "latest reported";
  const subject = dates.latest ? `${possessive(track.company)} ${latest} ${track.metric}` : track.subject;
  const base = { ticker: track.series.ticker, daily: track.kind === "daily", subject, metric: track.metric };
  const wantsTrend = intent === "trend" || (intent !== "lookup" && track.obs.length >= 3);
  const said = wantsTrend && track.obs.length >= 2 ? trendPredicate(track, others) : lookupPredicate(track, others);
  return { ...base, ...said, joinable: !(wantsTrend && track.obs.length >= 2) };
}

/** The other kinds' latest values: "FY2026: $4.90 per share". */
function otherKinds(others: Track[]): { parts: { o: Obs; value: string }[]; mentions: Obs[] } {
  const parts = others.map((t) => ({ o: lastObs(t), value: formatValue(lastObs(t).value, t.style) }));
  return { parts, mentions: parts.map((p) => p.o) };
}

/** "was $2.39 per share in Q1 FY2027 (FY2026: $4.90 per share), up 8.1% YoY from …". */
function lookupPredicate(track: Track, others: Track[]): Said {
  const last = lastObs(track);
  const value = formatValue(last.value, track.style);
  const change = track.kind === "daily" && track.obs.length >= 2 ? { tag: "", from: track.obs[0]! } : headlineChange(track);
  const changeText = change ? `, ${changePhrase(change.from, last, track.style, change.tag)}` : "";
  const other = otherKinds(others);
  const otherText = other.parts.length ? ` (${other.parts.map((p) => `${p.o.label}: ${p.value}`).join("; ")})` : "";
  return {
    text: `was ${value} ${at(last)}${otherText}${changeText}`,
    mentions: [last, ...(change ? [change.from] : []), ...other.mentions],
  };
}

/** "rose from … to … (up 2.0%)", then the other kinds: "; in FY2024 it was $391.0 billion". */
function trendPredicate(track: Track, others: Track[]): Said {
  const first = track.obs[0]!;
  const last = lastObs(track);
  const { direction } = trendOf(track.obs);
  const other = otherKinds(others);
  const otherText = other.parts.map((p, i) => `${at(p.o)}${i === 0 ? " it was" : ""} ${p.value}`).join(", ");
  const tail = otherText ? `; ${otherText}` : "";
  const mentions = [first, last, ...other.mentions];
  if (direction === "flat") {
    return { text: `stayed at ${formatValue(last.value, track.style)} from ${first.label} to ${last.label}${tail}`, mentions };
  }
  const span = `from ${formatValue(first.value, track.style)} ${at(first)} to ${formatValue(last.value, track.style)} ${at(last)}`;
  const size = changeSize(first.value, last.value, track.style);
  const verb = { rising: "rose", falling: "fell", mixed: "went" }[direction];
  const shape = direction === "mixed" ? ", though not in a straight line" : "";
  return { text: `${verb} ${span} (${size})${shape}${tail}`, mentions };
}

// ---------------------------------------------------------------------------------------------
// One block per company × metric

function trackBlock(track: Track): string {
  const title = `**${track.company} (${track.series.ticker}) · ${track.series.metricName}, ${kindName(track.kind)}**`;
  const lines = track.kind === "daily" ? dailyLines(track) : periodicLines(track);
  return [title, ...lines].join("\n");
}

function kindName(kind: PeriodKind): string {
  return { annual: "annual", quarterly: "quarterly", interim: "year to date", dated: "by date", daily: "daily" }[kind];
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
      lines.push(`- Annualized volatility: ${new Decimal(summary.volatility).times(100).toDecimalPlaces(1).toFixed(1)}% (standard deviation of daily returns × √252)`);
    }
  }
  const drawdown = isPrice(track) ? largestDrawdown(obs) : null;
  if (drawdown) {
    lines.push(`- Largest fall from a high: ${changePhrase(drawdown.peak, drawdown.trough, style)} to ${formatValue(drawdown.trough.value, style)} ${at(drawdown.trough)}`);
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Several companies

interface Aligned {
  /** The period all companies have, or null when they share none (then each company's latest). */
  commonKey: string | null;
  rows: { track: Track; obs: Obs }[];
}

/** Each company's value at the latest period they all report; without one, each one's latest. */
function alignLatest(group: Track[]): Aligned {
  const common = commonKeys(group);
  const commonKey = common[common.length - 1] ?? null;
  const rows = group.map((track) => ({
    track,
    obs: (commonKey ? track.obs.find((o) => o.key === commonKey) : undefined) ?? track.obs[track.obs.length - 1]!,
  }));
  rows.sort((a, b) => b.obs.value.cmp(a.obs.value));
  return { commonKey, rows };
}

/** Period keys every track of the group has, in time order of the first track. */
function commonKeys(group: Track[]): string[] {
  const [first, ...rest] = group;
  if (!first) return [];
  const sets = rest.map((t) => new Set(t.obs.map((o) => o.key)));
  return first.obs.map((o) => o.key).filter((key) => sets.every((s) => s.has(key)));
}

function comparisonSentence(group: Track[]): string {
  const { commonKey, rows } = alignLatest(group);
  const top = rows[0]!;
  const bottom = rows[rows.length - 1]!;
  const metric = top.track.metric;
  const when = commonKey ? `${capitalize(at(top.obs))}, ` : "";
  const valueOf = (r: { track: Track; obs: Obs }) =>
    commonKey ? formatValue(r.obs.value, r.track.style) : `${formatValue(r.obs.value, r.track.style)} ${at(r.obs)}`;
  const caveat = commonKey ? "" : " (their latest values are for different periods)";
  if (rows.length > 2) {
    return `${when}${top.track.company} had the highest ${metric} (${valueOf(top)}) and ${bottom.track.company} the lowest (${valueOf(bottom)}) of the ${rows.length} companies${caveat}.`;
  }
  if (top.obs.value.eq(bottom.obs.value)) {
    return `${when}${top.track.company} and ${bottom.track.company} had the same ${metric}: ${valueOf(top)}${caveat}.`;
  }
  return `${when}${top.track.subject} (${valueOf(top)}) was higher than ${possessive(bottom.track.company)} (${valueOf(bottom)}), by ${gap(top, bottom)}${caveat}.`;
}

/** "$145.9 billion (59.5% more than Microsoft's)"; no percent against a zero or negative base. */
function gap(top: { track: Track; obs: Obs }, bottom: { track: Track; obs: Obs }): string {
  const style = top.track.style;
  const diff = top.obs.value.minus(bottom.obs.value);
  const amount = formatDifference(diff, style);
  if (isRatioLike(style) || !bottom.obs.value.isPositive() || bottom.obs.value.isZero()) return amount;
  const pct = diff.div(bottom.obs.value).times(100);
  return `${amount} (${formatPercent(pct)} more than ${possessive(bottom.track.company)})`;
}

/** Ranking, fiscal-calendar caveat and growth side by side; the comparison sentence itself too
 * when the headline had no room for this metric. */
function comparisonBlock(group: Track[], withSentence: boolean): string | null {
  if (new Set(group.map((t) => t.series.ticker)).size < 2) return null;
  const { commonKey, rows } = alignLatest(group);
  const lines: string[] = withSentence ? [`- ${comparisonSentence(group)}`] : [];
  if (rows.length > 2) {
    rows.forEach((r, i) => lines.push(`${i + 1}. ${r.track.company}: ${formatValue(r.obs.value, r.track.style)} ${at(r.obs)}`));
  }
  const ends = new Set(rows.map((r) => r.obs.point.periodEnd));
  if (commonKey && ends.size > 1 && !labelIsDate(rows[0]!.obs.point)) {
    const list = rows.map((r) => `${r.track.company} on ${formatDateOf(r.obs)}`).join("; ");
    lines.push(`- The companies' fiscal periods end on different dates (${list}), so the periods overlap only in part`);
  }
  const growth = growthLine(group);
  if (growth) lines.push(growth);
  if (lines.length === 0) return null;
  return [`**Comparison · ${group[0]!.series.metricName}**`, ...lines].join("\n");
}

function formatDateOf(o: Obs): string {
  return periodLabel({ fiscalYear: null, fiscalPeriod: null, periodEnd: o.point.periodEnd });
}

/** "- From FY2022 to FY2024: Apple up 2.0%, Microsoft up 15.7%", over the periods all share. */
function growthLine(group: Track[]): string | null {
  const keys = commonKeys(group);
  const firstKey = keys[0];
  const lastKey = keys[keys.length - 1];
  if (!firstKey || !lastKey || firstKey === lastKey) return null;
  const parts = group.map((track) => {
    const from = track.obs.find((o) => o.key === firstKey)!;
    const to = track.obs.find((o) => o.key === lastKey)!;
    return `${track.company} ${changeSize(from.value, to.value, track.style)}`;
  });
  const sample = group[0]!.obs;
  const fromLabel = sample.find((o) => o.key === firstKey)!.label;
  const toLabel = sample.find((o) => o.key === lastKey)!.label;
  return `- From ${fromLabel} to ${toLabel}: ${parts.join(", ")}`;
}

// ---------------------------------------------------------------------------------------------
// Margins: profit metrics as a share of revenue, when both are in the slice for the same period

const MARGINS = [
  { key: "gross_profit", name: "Gross margin" },
  { key: "operating_income", name: "Operating margin" },
  { key: "net_income", name: "Net margin" },
] as const;

/** One block per company, covering each kind of period that has revenue (the latest first). */
function marginBlocks(tracks: Track[]): string[] {
  const revenueByTicker = new Map<string, Track[]>();
  for (const t of tracks.filter((t) => t.series.metricKey === "revenue" && t.kind !== "daily")) {
    revenueByTicker.set(t.series.ticker, [...(revenueByTicker.get(t.series.ticker) ?? []), t]);
  }
  const blocks: string[] = [];
  for (const revenues of revenueByTicker.values()) {
    revenues.sort(byRecency);
    const lines = MARGINS.flatMap((m) =>
      revenues.flatMap((revenue) => {
        const profit = tracks.find((t) => t.series.ticker === revenue.series.ticker && t.series.metricKey === m.key && t.kind === revenue.kind);
        const line = profit ? marginLine(m.name, profit, revenue) : null;
        return line ? [line] : [];
      }),
    );
    const first = revenues[0]!;
    const kinds = revenues.length === 1 ? `, ${kindName(first.kind)}` : "";
    if (lines.length) blocks.push([`**${first.company} (${first.series.ticker}) · margins${kinds}**`, ...lines].join("\n"));
  }
  return blocks;
}

function marginLine(name: string, profit: Track, revenue: Track): string | null {
  const revenueByKey = new Map(revenue.obs.map((o) => [o.key, o]));
  const latest = [...profit.obs].reverse().find((o) => revenueByKey.get(o.key)?.value.gt(0));
  if (!latest) return null;
  const rev = revenueByKey.get(latest.key)!;
  const pct = latest.value.div(rev.value).times(100);
  const sign = pct.isNegative() ? "-" : "";
  return `- ${name} ${at(latest)}: ${sign}${formatPercent(pct.abs())} (${profit.metric} ${formatValue(latest.value, profit.style)} of revenue ${formatValue(rev.value, revenue.style)})`;
}

// ---------------------------------------------------------------------------------------------
// Explain and invest

function explainBlock(groups: Track[][]): string {
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
  "revenue", "gross_profit", "operating_income", "pretax_income", "net_income", "net_income_to_common",
  "eps_basic", "eps_diluted", "comprehensive_income", "operating_cash_flow", "cash", "cash_and_restricted_cash",
  "stockholders_equity", "total_equity", "retained_earnings", "dividends_per_share", "interest_income",
  "price_open", "price_high", "price_low", "price_close", "price_adj_close",
]);
const LOWER_IS_BETTER = new Set([
  "cost_of_revenue", "operating_expenses", "costs_and_expenses", "interest_expense", "total_liabilities",
  "current_liabilities", "long_term_debt", "long_term_debt_current", "long_term_debt_noncurrent", "debt_current",
  "short_term_borrowings", "weighted_shares_basic", "weighted_shares_diluted", "shares_outstanding",
]);
/** Metrics where a value below zero is a loss, a weakness whatever its trend. */
const PROFIT_METRICS = new Set(["gross_profit", "operating_income", "pretax_income", "net_income", "net_income_to_common", "eps_basic", "eps_diluted", "operating_cash_flow"]);

function polarity(metricKey: string): 1 | -1 | 0 {
  if (HIGHER_IS_BETTER.has(metricKey)) return 1;
  if (LOWER_IS_BETTER.has(metricKey)) return -1;
  return 0;
}

interface Signals {
  strengths: string[];
  weaknesses: string[];
}

function investBlock(tracks: Track[]): string {
  const signals: Signals = { strengths: [], weaknesses: [] };
  for (const track of tracks) collectSignals(track, signals);
  const lines = ["**A balanced reading of this data**"];
  if (signals.strengths.length === 0 && signals.weaknesses.length === 0) {
    lines.push("- The data here is too thin to show clear strengths or weaknesses; several periods of revenue, net income and cash flow would say more.");
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
  if (loss) add(false, `${capitalize(track.subject)} was negative ${at(last)} (${formatValue(last.value, track.style)})`);
  const change = track.kind === "daily" ? (track.obs.length >= 2 ? { tag: "", from: track.obs[0]! } : null) : headlineChange(track);
  const direction = change ? last.value.cmp(change.from.value) : 0;
  // A deepening loss is already the weakness named above; a shrinking one is still worth a strength.
  const alreadySaid = loss && direction * sign < 0;
  if (sign !== 0 && change && direction !== 0 && !alreadySaid) {
    const value = formatValue(last.value, track.style);
    add(direction * sign > 0, `${capitalize(track.subject)} was ${value} ${at(last)}, ${changePhrase(change.from, last, track.style, change.tag)}`);
  }
  const trend = trendOf(track.obs);
  if (sign !== 0 && track.kind !== "daily" && track.obs.length >= 3 && (trend.direction === "rising" || trend.direction === "falling")) {
    const first = track.obs[0]!;
    add((trend.direction === "rising" ? 1 : -1) * sign > 0, `${capitalize(track.subject)} ${trend.direction === "rising" ? "rose" : "fell"} in every period from ${first.label} to ${last.label}`);
  }
  const drawdown = isPrice(track) ? largestDrawdown(track.obs) : null;
  if (drawdown && drawdown.pct.abs().gte(NOTABLE_DRAWDOWN_PCT)) {
    add(false, `${capitalize(track.subject)} fell as much as ${formatPercent(drawdown.pct.abs())} from a high of ${formatValue(drawdown.peak.value, track.style)} ${at(drawdown.peak)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// No data, missing data

function noDataAnswer(slice: DataSlice, unreadable: string[]): string {
  const first = slice.missing[0]?.reason;
  const lead = first
    ? `FinGround has no data to answer this: ${lowerFirst(first.replace(/\.$/, ""))}.`
    : "FinGround found no data for this question in its database.";
  const missing = missingBlock(slice, unreadable, first ? 1 : 0);
  return missing ? `${lead}\n\n${missing}` : lead;
}

/** The question named no company or no metric: say what was understood, what was not, and what to
 * ask instead. Everything taken from the request is the user's text or an agent's (possibly a
 * model's) output, so it is quoted as plain text: Markdown in it stays literal. */
function notUnderstoodAnswer(slice: DataSlice, unreadable: string[]): string {
  const { metrics, dates, unrecognized, suggestions } = slice.request;
  const companies = singleCompanies(slice.request);
  const groups = companyGroups(slice.request);
  const wanting = [companies.length === 0 && groups.length === 0 ? "company" : null, metrics.length === 0 ? "metric" : null].filter((k) => k !== null);
  const notFound = wanting.map((k) => `a ${k}`).join(" or ");
  const found = [
    ...companies.map((c) => companyWithTicker(c.name, c.ticker)),
    ...groups.map((g) => plainText(describeGroup(g))),
    ...metrics.map((m) => plainText(metricInSentence(m.name))),
    ...(dates.expression?.trim() ? [`the period ${quoted(dates.expression)}`] : []),
  ];
  const spans = unrecognized.map((u) => u.text).filter((t) => t.trim() !== "");
  const where = spans.length ? listOf(spans.map(quoted), "and") : "the question";
  const sentences = [
    found.length
      ? `I found ${listOf(found, "and")} but could not find ${notFound} in ${where}.`
      : `I could not find ${notFound} in ${where}.`,
  ];

  // "Did you mean …?" for close matches (the best and any nearly as close: "Aple" is Apple, not
  // Oracle too); the most asked-for metrics (score 0) are offered as examples instead.
  const close = suggestions
    .map((s) => {
      const best = Math.max(0, ...s.candidates.map((c) => c.score));
      return { ...s, candidates: s.candidates.filter((c) => c.score > 0 && c.score >= best - CLOSE_SCORE_MARGIN) };
    })
    .filter((s) => s.candidates.length > 0);
  for (const s of close) {
    const names = s.candidates.map((c) => (s.kind === "company" ? companyCandidate(c) : plainText(metricInSentence(c.label))));
    const ask = `did you mean ${listOf(names, "or")}?`;
    sentences.push(close.length > 1 && s.text.trim() ? `For ${quoted(s.text)}, ${ask}` : capitalize(ask));
  }
  const popular = [
    ...new Set(suggestions.filter((s) => s.kind === "metric").flatMap((s) => s.candidates.filter((c) => c.score <= 0).map((c) => plainText(metricInSentence(c.label))))),
  ];
  const uncovered = wanting.filter((k) => !close.some((s) => s.kind === k));
  const suggestedCompany = close.find((s) => s.kind === "company")?.candidates[0];
  const company = companies[0]
    ? plainText(shortCompanyName(companies[0].name))
    : suggestedCompany
      ? plainText(shortCompanyName(candidateName(suggestedCompany)))
      : EXAMPLE_COMPANY;
  const metric = metrics[0] ? plainText(metricInSentence(metrics[0].name)) : EXAMPLE_METRIC;
  const example = `e.g. "What was ${possessive(company)} ${metric} last year?"`;
  const such = popular.length ? ` such as ${listOf(popular, "or")}` : "";
  if (uncovered.length === 2) sentences.push(`Try a company name or ticker and a figure${such}, ${example}`);
  else if (uncovered[0] === "company") sentences.push(`Try a company name or ticker, ${example}`);
  else if (uncovered[0] === "metric") sentences.push(`Try a figure${such}, ${example}`);

  // The Data Module's own "names no company / no metric" reasons are what the lead already says.
  const generic = new Set([missingReasons.noCompany().reason, missingReasons.noMetric().reason]);
  const missing = missingBlock(slice, unreadable, 0, (m) => m.ticker !== null || m.metricKey !== null || !generic.has(m.reason));
  const lead = sentences.join(" ");
  return missing ? `${lead}\n\n${missing}` : lead;
}

/** "Apple (AAPL)". */
function companyWithTicker(name: string, ticker: string): string {
  return `${plainText(shortCompanyName(name))} (${plainText(ticker)})`;
}

/** A company suggestion's label is "AAPL — Apple Inc."; its value the ticker. */
function candidateName(candidate: Suggestion["candidates"][number]): string {
  const match = /^\s*\S+\s+[—–-]\s+(.+)$/.exec(candidate.label);
  return match?.[1]?.trim() || candidate.label;
}

function companyCandidate(candidate: Suggestion["candidates"][number]): string {
  const name = candidateName(candidate);
  return name === candidate.value ? plainText(name) : companyWithTicker(name, candidate.value);
}

/** User text in quotes, verbatim and inert. */
function quoted(text: string): string {
  return `"${plainText(text)}"`;
}

function missingBlock(slice: DataSlice, unreadable: string[], skip = 0, keep: (m: MissingData) => boolean = () => true): string | null {
  const reasons = [...slice.missing.slice(skip).filter(keep).map((m) => m.reason), ...unreadable];
  for (const series of slice.series) {
    const reported = slice.missing.some((m) => m.ticker === series.ticker && m.metricKey === series.metricKey);
    if (series.points.length === 0 && !reported) {
      reasons.push(`No ${metricInSentence(series.metricName)} values for ${shortCompanyName(series.companyName)} (${series.ticker}) in this period.`);
    }
  }
  const unique = [...new Set(reasons.map((r) => r.trim()).filter((r) => r !== ""))];
  if (unique.length === 0) return null;
  return ["**Not in the data**", ...unique.map((r) => `- ${r}`)].join("\n");
}

// ---------------------------------------------------------------------------------------------
// Words

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** "a", "a and b", "a, b and c". */
function listOf(items: string[], conjunction: "and" | "or"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items[items.length - 1]}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lowerFirst(text: string): string {
  // Keep tickers and acronyms ("TSLA ...") as written.
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
