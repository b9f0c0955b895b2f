// Groups: peer words tied to their company, sectors and industries, the ranking ("top 5", "lowest 3"),
// then "all companies" for a ranking or a threshold that names no company; last, a held-back "stock".
import { listedCompanyByTicker } from "@/lib/catalog/listed-companies";
import { companyByTicker } from "@/lib/catalog/companies";
import type { CharSpan } from "../dates";
import { parseRank } from "../groups";
import { GENERIC_COMPANY_NOUNS, PEERS_OF, type GroupTarget } from "../lexicon/group-words";
import { matchMetricAt } from "../metrics";
import type { GroupRef, Span } from "../schema";
import type { Token } from "../tokens";
import { IGNORABLE_WORDS } from "../lexicon/everyday-words";
import {
  assignRange,
  blankOut,
  isNumber,
  markSpans,
  namedRanges,
  spanOf,
  type CompanyMention,
  type PeerMention,
  type ReadingState,
  type TokenRange,
} from "./reading-state";

export function readGroups(state: ReadingState): void {
  const { tokens, roles, companies, groups } = state;
  groups.push(
    ...state.groupMentions.map((g) => ({ ref: groupRef(g.target, g.confidence, null), first: g.first, last: g.last })),
  );
  for (const p of [...state.peerMentions].sort((a, b) => a.first - b.first)) {
    const resolved = resolvePeers(p, tokens, companies);
    if (!resolved) {
      // Peers of no company: said, not understood.
      for (let j = p.first; j <= p.last; j++) roles[j] = IGNORABLE_WORDS.has(tokens[j]!.norm) ? "ignorable" : null;
      continue;
    }
    if (resolved.consumed) companies.splice(companies.indexOf(resolved.consumed), 1);
    assignRange(state, resolved, "group");
    groups.push({ ref: resolved.ref, first: resolved.first, last: resolved.last });
  }
  const rankFound = parseRank(blankOut(state, [...namedRanges(state), ...tokenRanges(tokens, state.dates.spans)]));
  state.rank =
    rankFound && (state.intent.intent === "rank" || state.screen !== null || groups.length > 0) ? rankFound.rank : null;
  if ((state.rank || state.screen) && companies.length === 0 && groups.length === 0) {
    const noun = tokens.findIndex(
      (t, j) => (roles[j] === null || roles[j] === "ignorable") && GENERIC_COMPANY_NOUNS.has(t.norm),
    );
    // "retail companies": a kind of companies the agent does not know, so not all of them.
    const qualified =
      noun > 0 &&
      roles[noun - 1] === null &&
      !IGNORABLE_WORDS.has(tokens[noun - 1]!.norm) &&
      !isNumber(tokens[noun - 1]!);
    if (!qualified) {
      if (noun >= 0) roles[noun] = "group";
      groups.push({
        ref: { kind: "all", span: noun >= 0 ? spanOf(state, noun, noun) : null },
        first: noun,
        last: noun,
      });
    }
  }
  if (state.rank && rankFound) markSpans(state, rankFound.spans, "intent");
}

/** A held-back "stock" is the share price only when nothing else is asked for: in "which FAANG stock had
 * the best EPS growth" it means the companies. */
export function settleHeldBackStock(state: ReadingState): void {
  const { roles } = state;
  state.metricNamed = state.metrics.some((m) => !m.weak);
  for (const i of state.heldBack) {
    const m = roles[i] === null && !state.metricNamed ? matchMetricAt(state.tokens, i, state.usable) : null;
    if (!m) {
      if (roles[i] === null) roles[i] = "ignorable";
      continue;
    }
    const { key, confidence, weak } = m.entry;
    const hit = { key, first: i, last: i + m.length - 1, confidence, weak };
    state.metrics.push(hit);
    assignRange(state, hit, "metric");
  }
}

/** Token ranges covering character spans (dates), for blanking. */
function tokenRanges(tokens: readonly Token[], spans: readonly CharSpan[]): TokenRange[] {
  const out: TokenRange[] = [];
  for (const span of spans) {
    const inside = tokens.flatMap((t, j) => (t.start < span.end && t.end > span.start ? [j] : []));
    if (inside.length > 0) out.push({ first: inside[0]!, last: inside[inside.length - 1]! });
  }
  return out;
}

function groupRef(target: GroupTarget, confidence: number, span: Span | null): GroupRef {
  switch (target.kind) {
    case "sector":
      return { kind: "sector", sector: target.sector, span, confidence };
    case "industry":
      return { kind: "industry", industry: target.industry, span, confidence };
    case "all":
      return { kind: "all", span };
  }
}

/** Peer words tied to their company: "Tyson Foods' competitors" and "peers of Apple" take the company
 * in (it is asked about as a group only), "Apple and its peers" and "Apple vs peers" leave it named on
 * its own too. "its sector" / "its industry" are the company's sector or industry when known. Null
 * when the question names no company to be peers of. */
function resolvePeers(
  p: PeerMention,
  tokens: readonly Token[],
  companies: readonly CompanyMention[],
): { ref: GroupRef; first: number; last: number; consumed: CompanyMention | null } | null {
  const right = companies.find((c) => c.first === p.last + 1);
  const ofAfter = PEERS_OF.has(tokens[p.last + 1]?.norm ?? "")
    ? companies.find((c) => c.first === p.last + 2)
    : undefined;
  const left = companies.find((c) => c.last === p.first - 1);
  const before = companies.filter((c) => c.last < p.first).sort((a, b) => b.last - a.last)[0];
  const after = companies.filter((c) => c.first > p.last).sort((a, b) => a.first - b.first)[0];
  const nearest = before ?? after;
  const peersOf = (c: CompanyMention, confidence = 1): GroupRef => ({
    kind: "peers",
    of: { ticker: c.ticker, name: c.name },
    span: null,
    confidence: Math.min(confidence, c.confidence),
  });
  switch (p.form) {
    case "like":
      return right ? { ref: peersOf(right), first: p.first, last: right.last, consumed: right } : null;
    case "peers":
      if (ofAfter) return { ref: peersOf(ofAfter), first: p.first, last: ofAfter.last, consumed: ofAfter };
      if (left) return { ref: peersOf(left), first: left.first, last: p.last, consumed: left };
      return nearest ? { ref: peersOf(nearest, 0.9), first: p.first, last: p.last, consumed: null } : null;
    case "its":
      return nearest ? { ref: peersOf(nearest), first: p.first, last: p.last, consumed: null } : null;
    case "its-sector":
    case "its-industry": {
      if (!nearest) return null;
      const industry = companyByTicker(nearest.ticker)?.industry;
      const sector = listedCompanyByTicker(nearest.ticker)?.sector ?? null;
      const ref: GroupRef =
        p.form === "its-industry" && industry
          ? { kind: "industry", industry, span: null, confidence: 0.9 }
          : p.form === "its-sector" && sector
            ? { kind: "sector", sector, span: null, confidence: 0.9 }
            : peersOf(nearest, 0.8);
      return { ref, first: p.first, last: p.last, consumed: null };
    }
  }
}
