// The answer's first paragraph: at most a few sentences that answer the question outright, and the
// values they state, so that the blocks below need not repeat them.
import type { DataSlice } from "@/lib/data/types";
import { capitalize, formatValue, possessive } from "../format";
import { at, changePhrase, changeSize, headlineChange, trendOf } from "./changes";
import { alignLatest, comparisonSentence } from "./comparison";
import { byRecency, lastObs, type Obs, type Track } from "./tracks";

/** The headline is this many sentences at most; what does not fit is in the blocks below. */
const MAX_HEADLINE_SENTENCES = 3;
/** One company's metrics share a headline sentence, up to this many ("revenue was …; net income was …"). */
const MAX_JOINED_CLAUSES = 4;

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
export function headline(groups: Track[][], slice: DataSlice): Headline {
  const topics = topicsOf(groups);
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
  const change =
    track.kind === "daily" && track.obs.length >= 2 ? { tag: "", from: track.obs[0]! } : headlineChange(track);
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
    return {
      text: `stayed at ${formatValue(last.value, track.style)} from ${first.label} to ${last.label}${tail}`,
      mentions,
    };
  }
  const span = `from ${formatValue(first.value, track.style)} ${at(first)} to ${formatValue(last.value, track.style)} ${at(last)}`;
  const size = changeSize(first.value, last.value, track.style);
  const verb = { rising: "rose", falling: "fell", mixed: "went" }[direction];
  const shape = direction === "mixed" ? ", though not in a straight line" : "";
  return { text: `${verb} ${span} (${size})${shape}${tail}`, mentions };
}
