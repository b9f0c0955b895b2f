// Groups of companies resolved to tickers: a company's peers, a GICS sector, an industry or industry
// group, all companies. The database is the universe (companies FinGround holds), not the SEC's list
// of every ticker. Two parameterized statements resolve every group of a request at once; the
// members are then read by the same per-company code as companies named one by one.
//
// Membership: a company's industry is the curated one (lib/catalog/companies.ts); its sector is the
// sector that industry belongs to in lib/catalog/sectors.ts (GICS as of 2023, which moved payment
// processors such as Visa to Financials), else the sector stored with the company (S&P 500 list of
// 2021). Size is the latest annual revenue: market cap would need shares and a price on the same
// day, which the database does not hold together for every company.
import { describeGroup, type GroupRef, type PeersRef } from "@/lib/agent/schema";
import { INDUSTRIES, industryByName, type IndustryDefinition } from "@/lib/catalog/sectors";
import type { PrismaClient } from "@/lib/db/generated/client";
import { normalizeDecimal } from "@/lib/db/queries/metric-values";
import { Decimal } from "@/lib/core/decimal";
import type { MissingData, ResolvedGroup } from "./types";

/** Peers beyond this many (the largest first) are left out, and the group says so. */
const MAX_PEERS = 10;
const SIZE_METRIC = "revenue";

/** A company as group resolution sees it: where it belongs and how large it is. */
interface GroupCandidate {
  ticker: string;
  name: string;
  sector: string | null;
  industry: string | null;
  /** Latest annual revenue (exact, base units) ending on or before the reference date, if any. */
  size: { value: string; currency: string | null; fiscalYear: number; periodEnd: string } | null;
}

export interface ResolvedUniverse {
  groups: ResolvedGroup[];
  /** Every member and reference company, in group order, each once. */
  tickers: string[];
  /** Groups that resolve to no company, with the reason. */
  missing: MissingData[];
}

export async function resolveGroups(
  prisma: PrismaClient,
  groups: readonly GroupRef[],
  today: string,
): Promise<ResolvedUniverse> {
  if (groups.length === 0) return { groups: [], tickers: [], missing: [] };
  const peers = groups.filter((g): g is PeersRef => g.kind === "peers");
  const anchors = await readAnchors(
    prisma,
    peers.map((p) => p.of.ticker.trim().toUpperCase()),
  );
  const candidates = await readCandidates(prisma, candidateFilter(groups, anchors), today);

  const resolved: ResolvedGroup[] = [];
  const missing: MissingData[] = [];
  for (const group of groups) {
    const result = resolveOne(group, candidates, anchors, today);
    if (result.group) resolved.push(result.group);
    if (result.missing) missing.push(result.missing);
  }
  const tickers = [...new Set(resolved.flatMap((g) => [...(g.reference ? [g.reference] : []), ...g.tickers]))];
  return { groups: resolved, tickers, missing };
}

// ---------------------------------------------------------------------------------------------
// Membership

/** The sector a company is counted in (see the header). */
function sectorOf(company: Pick<GroupCandidate, "sector" | "industry">): string | null {
  const industry = company.industry ? industryByName(company.industry) : undefined;
  return industry?.sector ?? company.sector;
}

/** The industry group a GICS industry belongs to, when the catalog names one apart from it. */
function industryGroupOf(industry: string): IndustryDefinition | undefined {
  return INDUSTRIES.find((i) => i.level === "group" && i.name !== industry && i.industries.includes(industry));
}

/** The industries a named industry or industry group covers. */
function industriesOf(name: string): readonly string[] {
  return industryByName(name)?.industries ?? [name];
}

interface Level {
  /** "industry", "industry group", "sector". */
  what: string;
  name: string;
  members: (c: GroupCandidate) => boolean;
}

function peerLevels(anchor: GroupCandidate): Level[] {
  const levels: Level[] = [];
  if (anchor.industry) {
    const industry = anchor.industry;
    levels.push({ what: "industry", name: industry, members: (c) => c.industry === industry });
    const group = industryGroupOf(industry);
    if (group && group.industries.length > 1) {
      levels.push({
        what: "industry group",
        name: group.name,
        members: (c) => c.industry !== null && group.industries.includes(c.industry),
      });
    }
  }
  const sector = sectorOf(anchor);
  if (sector) levels.push({ what: "sector", name: sector, members: (c) => sectorOf(c) === sector });
  return levels;
}

function resolveOne(
  group: GroupRef,
  candidates: readonly GroupCandidate[],
  anchors: ReadonlyMap<string, GroupCandidate>,
  today: string,
): { group: ResolvedGroup | null; missing: MissingData | null } {
  const label = describeGroup(group);
  const sizeBasis = `latest annual revenue as of ${today}`;
  const none = (reason: string) => ({ group: null, missing: { ticker: null, metricKey: null, reason } });
  switch (group.kind) {
    case "all": {
      const members = candidates;
      if (members.length === 0) return none("no companies: the database holds no company yet");
      return {
        group: { kind: "all", label, tickers: bySize(members), reference: null, sizeBasis, notes: [] },
        missing: null,
      };
    }
    case "sector": {
      const members = candidates.filter((c) => sectorOf(c) === group.sector);
      if (members.length === 0)
        return none(`no companies in the ${group.sector} sector: the database holds none of them`);
      return {
        group: { kind: "sector", label, tickers: bySize(members), reference: null, sizeBasis, notes: [] },
        missing: null,
      };
    }
    case "industry": {
      const industries = industriesOf(group.industry);
      const members = candidates.filter((c) => c.industry !== null && industries.includes(c.industry));
      if (members.length === 0)
        return none(`no companies in the ${group.industry} industry: the database holds none of them`);
      return {
        group: { kind: "industry", label, tickers: bySize(members), reference: null, sizeBasis, notes: [] },
        missing: null,
      };
    }
    case "peers":
      return resolvePeers(group, label, sizeBasis, candidates, anchors.get(group.of.ticker.trim().toUpperCase()));
  }
}

/**
 * Peers: the other companies of the anchor's industry; when none of them has a size (no annual
 * revenue), its industry group, then its sector, and the group says so. The anchor is kept apart as
 * the reference company.
 */
function resolvePeers(
  group: PeersRef,
  label: string,
  sizeBasis: string,
  candidates: readonly GroupCandidate[],
  anchor: GroupCandidate | undefined,
): { group: ResolvedGroup | null; missing: MissingData | null } {
  const ticker = group.of.ticker.trim().toUpperCase();
  const none = (reason: string) => ({ group: null, missing: { ticker, metricKey: null, reason } });
  if (!anchor) return none(`no peers of ${ticker}: the database has no company with this ticker`);
  const levels = peerLevels(anchor);
  if (levels.length === 0)
    return none(`no peers of ${ticker}: the database records no industry or sector for ${anchor.name}`);

  const others = candidates.filter((c) => c.ticker !== anchor.ticker);
  const membersAt = (level: Level) => others.filter(level.members);
  const chosen =
    levels.find((level) => membersAt(level).some((c) => c.size !== null)) ??
    levels.find((level) => membersAt(level).length > 0);
  if (!chosen) {
    return none(
      `no peers of ${ticker}: the database holds no other company in its ${levels.map((l) => `${l.what} (${l.name})`).join(", its ")}`,
    );
  }
  const notes: string[] = [];
  for (const level of levels) {
    if (level === chosen) break;
    const unsized = membersAt(level).map((c) => c.ticker);
    notes.push(
      `${anchor.name}'s ${level.what}, ${level.name}, has no other company with annual revenue in the database` +
        (unsized.length > 0 ? ` (${unsized.join(", ")} ${unsized.length === 1 ? "has" : "have"} none)` : ""),
    );
  }
  const ordered = bySize(membersAt(chosen));
  notes.push(`peers are the companies of its ${chosen.what}, ${chosen.name}, largest first by ${sizeBasis}`);
  if (ordered.length > MAX_PEERS) notes.push(`the ${MAX_PEERS} largest of its ${ordered.length} are kept`);
  return {
    group: { kind: "peers", label, tickers: ordered.slice(0, MAX_PEERS), reference: anchor.ticker, sizeBasis, notes },
    missing: null,
  };
}

/** Tickers largest first; companies without a size last, by ticker. Sizes in different currencies
 * are not compared: each currency's companies are ordered among themselves, the most common first. */
function bySize(members: readonly GroupCandidate[]): string[] {
  const currencies = new Map<string, number>();
  for (const m of members)
    if (m.size) currencies.set(m.size.currency ?? "", (currencies.get(m.size.currency ?? "") ?? 0) + 1);
  const currencyOrder = [...currencies.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([c]) => c);
  const rankOf = (m: GroupCandidate) => (m.size ? currencyOrder.indexOf(m.size.currency ?? "") : currencyOrder.length);
  return [...members]
    .sort((a, b) => {
      const byCurrency = rankOf(a) - rankOf(b);
      if (byCurrency !== 0) return byCurrency;
      if (a.size && b.size) {
        const bySizeDesc = new Decimal(b.size.value).cmp(new Decimal(a.size.value));
        if (bySizeDesc !== 0) return bySizeDesc;
      }
      return a.ticker.localeCompare(b.ticker);
    })
    .map((m) => m.ticker);
}

// ---------------------------------------------------------------------------------------------
// Reads

interface CandidateFilter {
  all: boolean;
  tickers: string[];
  sectors: string[];
  industries: string[];
}

/** A superset of every group's members: membership itself is decided above, in one place. */
function candidateFilter(groups: readonly GroupRef[], anchors: ReadonlyMap<string, GroupCandidate>): CandidateFilter {
  const filter: CandidateFilter = { all: false, tickers: [], sectors: [], industries: [] };
  const addSector = (sector: string) => {
    filter.sectors.push(sector);
    filter.industries.push(...INDUSTRIES.filter((i) => i.sector === sector).flatMap((i) => i.industries));
  };
  for (const group of groups) {
    switch (group.kind) {
      case "all":
        filter.all = true;
        break;
      case "sector":
        addSector(group.sector);
        break;
      case "industry":
        filter.industries.push(...industriesOf(group.industry));
        break;
      case "peers": {
        const anchor = anchors.get(group.of.ticker.trim().toUpperCase());
        if (!anchor) break;
        filter.tickers.push(anchor.ticker);
        if (anchor.industry) filter.industries.push(anchor.industry);
        const sector = sectorOf(anchor);
        if (sector) addSector(sector);
        break;
      }
    }
  }
  return {
    all: filter.all,
    tickers: [...new Set(filter.tickers)],
    sectors: [...new Set(filter.sectors)],
    industries: [...new Set(filter.industries)],
  };
}

interface CandidateRow {
  ticker: string;
  name: string;
  sector: string | null;
  industry: string | null;
  sizeValue: string | null;
  sizeCurrency: string | null;
  sizeFiscalYear: number | null;
  sizePeriodEnd: string | null;
}

async function readAnchors(prisma: PrismaClient, tickers: readonly string[]): Promise<Map<string, GroupCandidate>> {
  if (tickers.length === 0) return new Map();
  const rows = await prisma.company.findMany({
    where: { ticker: { in: [...new Set(tickers)] } },
    select: { ticker: true, name: true, sector: true, industry: true },
  });
  return new Map(rows.map((r) => [r.ticker, { ...r, size: null }]));
}

/** The candidate companies with their size: the latest annual revenue ending by `today`, as last
 * known (a restatement replaces the first report). */
async function readCandidates(prisma: PrismaClient, filter: CandidateFilter, today: string): Promise<GroupCandidate[]> {
  const rows = await prisma.$queryRaw<CandidateRow[]>`
    SELECT c.ticker, c.name, c.sector, c.industry,
           size.value::text AS "sizeValue", size.currency AS "sizeCurrency",
           size.fiscal_year AS "sizeFiscalYear", to_char(size.period_end, 'YYYY-MM-DD') AS "sizePeriodEnd"
    FROM companies c
    LEFT JOIN LATERAL (
      SELECT mv.value, mv.currency, mv.fiscal_year, mv.period_end
      FROM metric_values mv
      JOIN metrics m ON m.id = mv.metric_id
      WHERE mv.company_id = c.id AND m.key = ${SIZE_METRIC}
        AND mv.fiscal_period = 'FY' AND mv.period_start IS NOT NULL AND mv.period_end <= ${today}::date
      ORDER BY mv.period_end DESC, mv.updated_at DESC, mv.id DESC
      LIMIT 1
    ) AS size ON true
    WHERE ${filter.all}::boolean
       OR c.ticker = ANY(${filter.tickers}::text[])
       OR c.sector = ANY(${filter.sectors}::text[])
       OR c.industry = ANY(${filter.industries}::text[])`;
  return rows.map((r) => ({
    ticker: r.ticker,
    name: r.name,
    sector: r.sector,
    industry: r.industry,
    size:
      r.sizeValue !== null && r.sizeFiscalYear !== null && r.sizePeriodEnd !== null
        ? {
            value: normalizeDecimal(r.sizeValue),
            currency: r.sizeCurrency,
            fiscalYear: r.sizeFiscalYear,
            periodEnd: r.sizePeriodEnd,
          }
        : null,
  }));
}
