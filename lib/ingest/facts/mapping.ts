// Maps statement rows to catalog metrics by label, statement and sign convention, with a recorded
// confidence. A row that matches no rule, or rules of different metrics, stays a fact and is not mapped.
import { Decimal } from "@/lib/core/decimal";
import { metricByKey } from "@/lib/catalog/metrics";
import type { StatementKind } from "./tables";
import type { Triplet } from "./triplets";

/**
 * "as_printed": the catalog's sign is the table's; "outflow": printed negative as a cash outflow or a cost
 * (some filers print every cost in parentheses: a cost is never negative), stored positive; "expense":
 * positive when printed positive, and a negative print is ambiguous (some filers print the provision in
 * parentheses, others a benefit), so the row stays unmapped.
 */
type SignConvention = "as_printed" | "outflow" | "expense";

interface MappingRule {
  metricKey: string;
  statement: StatementKind;
  /** Matched against the whole normalized label: the row's own words, without its sections. */
  label: RegExp;
  /** When set, the row's sections must match too ("basic" under "earnings per share"). */
  section?: RegExp;
  sign: SignConvention;
  /** 1 for the line every filing names the same way, lower for wordings other lines could share. */
  confidence: number;
}

const rule = (
  metricKey: string,
  statement: StatementKind,
  label: RegExp,
  confidence = 1,
  extra: Partial<Pick<MappingRule, "section" | "sign">> = {},
): MappingRule => ({ metricKey, statement, label, confidence, sign: extra.sign ?? "as_printed", ...extra });

// Each wording was read in the 10-Ks of the data folder; anchored so a longer line never matches.
const RULES: readonly MappingRule[] = [
  rule("revenue", "income", /^(total )?(net )?(revenues?|sales|net sales|operating revenues?)( net)?$/),
  rule("revenue", "income", /^total (net )?(revenues?|net sales)$/),
  rule("cost_of_revenue", "income", /^(total )?cost of (sales|revenues?|goods sold|products sold)$/, 1, {
    sign: "outflow",
  }),
  rule("cost_of_revenue", "income", /^cost of sales, excluding depreciation and amortization$/, 0.8, {
    sign: "outflow",
  }),
  rule("gross_profit", "income", /^gross (margin|profit)$/),
  rule("research_and_development", "income", /^research(,)? (and|&) development( expenses?)?$/, 1, {
    sign: "outflow",
  }),
  rule("selling_general_admin", "income", /^(selling|marketing), general and administrative( expenses?)?$/, 1, {
    sign: "outflow",
  }),
  rule("operating_expenses", "income", /^(total )?operating expenses$/, 1, { sign: "outflow" }),
  rule("operating_income", "income", /^operating income( \(loss\))?$|^income from operations$|^operating profit$/),
  rule("pretax_income", "income", /^income (\(loss\) )?before (provision for )?(income )?taxes( on income)?$/),
  rule(
    "income_tax",
    "income",
    /^(provision for|benefit from|\(benefit\) provision for)? ?(income )?taxes$|^provision for income taxes$|^income tax (expense|provision)$/,
    0.9,
    { sign: "expense" },
  ),
  rule("net_income", "income", /^net (income|earnings)( \(loss\))?$/, 0.9),
  // The catalog's net income is the parent's (XBRL NetIncomeLoss): beside a consolidated "Net income"
  // line, the one attributable to the company wins (mapTriplets).
  rule(
    "net_income",
    "income",
    /^net (income|earnings)( \(loss\))? attributable to (?!non-?controlling)[a-z0-9 .,&'-]+$/,
  ),
  rule(
    "eps_basic",
    "income",
    /^(earnings|net income) per share( of common stock)? basic$|^basic( earnings per share| net income per share)?$/,
    1,
    { section: /(earnings|net income) per (common )?share|^$/ },
  ),
  rule(
    "eps_diluted",
    "income",
    /^(earnings|net income) per share( of common stock)? diluted$|^diluted( earnings per share| net income per share)?$/,
    1,
    { section: /(earnings|net income) per (common )?share|^$/ },
  ),
  rule("weighted_shares_basic", "income", /^basic$/, 0.9, { section: /weighted[- ]average/ }),
  rule("weighted_shares_diluted", "income", /^diluted$/, 0.9, { section: /weighted[- ]average/ }),
  rule("total_assets", "balance", /^total assets$/),
  rule("current_assets", "balance", /^total current assets$/),
  rule("inventory", "balance", /^(merchandise )?inventor(y|ies)$/),
  rule(
    "accounts_receivable",
    "balance",
    /^(accounts|trade) receivables?, net( of allowance.*)?$|^receivables, net$|^accounts receivable$/,
    0.9,
  ),
  rule(
    "ppe_net",
    "balance",
    /^property(, plant)? and equipment, net$|^property, plant and equipment \(net\)$|^net property(, plant)? and equipment$/,
  ),
  rule("goodwill", "balance", /^goodwill$/),
  rule("total_liabilities", "balance", /^total liabilities$/),
  rule("current_liabilities", "balance", /^total current liabilities$/),
  rule("accounts_payable", "balance", /^accounts payable$|^trade accounts payable$/),
  rule("short_term_borrowings", "balance", /^short-term (debt|borrowings)$/, 0.9),
  rule(
    "long_term_debt_noncurrent",
    "balance",
    /^long-term debt(, excluding current portion| less current portion)?$/,
    0.8,
  ),
  rule("stockholders_equity", "balance", /^total (stockholders|shareholders|shareowners)['’]? equity$/, 0.9),
  // "Total Walmart shareholders' equity" beside a "Total shareholders' equity" that includes
  // noncontrolling interests: the catalog's equity is the parent's (XBRL StockholdersEquity).
  rule(
    "stockholders_equity",
    "balance",
    /^total (?!(stockholders|shareholders|shareowners)['’]? |.*liabilities)[a-z0-9 .,&'’-]+ (stockholders|shareholders|shareowners)['’]? equity$/,
  ),
  rule(
    "liabilities_and_equity",
    "balance",
    /^total liabilities and (stockholders|shareholders|shareowners)['’]? equity$/,
  ),
  rule(
    "operating_cash_flow",
    "cash_flow",
    /^net cash (provided by|from|provided by \(used in\)) operating activities$|^cash (provided by|from) operations$/,
  ),
  rule(
    "investing_cash_flow",
    "cash_flow",
    /^net cash (used in|provided by \(used in\)|\(used in\) provided by|used for|from) investing activities$/,
  ),
  rule(
    "financing_cash_flow",
    "cash_flow",
    /^net cash (used in|provided by \(used in\)|\(used in\) provided by|used for|from) financing activities$/,
  ),
  rule(
    "capex",
    "cash_flow",
    /^(additions to|purchases of|payments for|capital expenditures for)? ?property(, plant)? and equipment( \(pp&e\))?$|^capital expenditures( \(including [a-z ]+\))?$/,
    0.9,
    { sign: "outflow" },
  ),
  rule("depreciation_amortization", "cash_flow", /^depreciation(,)? (and|&) amortization$/, 0.9),
  rule("stock_based_compensation", "cash_flow", /^(stock|share)-based compensation( expense)?$/, 0.9),
  rule(
    "dividends_paid",
    "cash_flow",
    /^(cash )?(dividends paid|dividend payments|payments? of dividends)( to (stockholders|shareholders))?$/,
    0.9,
    { sign: "outflow" },
  ),
  rule(
    "share_repurchases",
    "cash_flow",
    /^(repurchases?|repurchase) of common stock$|^common stock repurchased$/,
    0.9,
    { sign: "outflow" },
  ),
];

export interface MappedFact {
  triplet: Triplet;
  metricKey: string;
  /** The value in the catalog's sign convention, base units. */
  value: string;
  confidence: number;
}

/** The label without its sections and the sections, from the normalized label "a / b / label". */
function labelParts(normalized: string): { label: string; sections: string } {
  const parts = normalized.split(" / ");
  return { label: parts[parts.length - 1] ?? "", sections: parts.slice(0, -1).join(" / ") };
}

/** The rules a triplet matches, best first. */
function matchingRules(triplet: Triplet): MappingRule[] {
  const { label, sections } = labelParts(triplet.attributes.normalizedLabel);
  return RULES.filter(
    (r) =>
      r.statement === triplet.attributes.statement &&
      r.label.test(label) &&
      (r.section === undefined || r.section.test(sections) || (sections === "" && r.section.test(""))),
  ).sort((a, b) => b.confidence - a.confidence);
}

/** The catalog metric of one triplet, or null when none or several fit (an ambiguous row stays a fact). */
function mapTriplet(triplet: Triplet): MappedFact | null {
  if (triplet.value === null || triplet.unit === "%") return null;
  const rules = matchingRules(triplet);
  const keys = new Set(rules.map((r) => r.metricKey));
  if (keys.size !== 1) return null;
  const best = rules[0]!;
  const metric = metricByKey(best.metricKey);
  if (metric === undefined) return null;
  // Units must agree with the catalog: a share count never maps to a money metric.
  const expectedUnit = metric.unitKind === "per_share" ? "USD/shares" : metric.unitKind === "shares" ? "shares" : "USD";
  if (triplet.unit !== expectedUnit) return null;
  const value = new Decimal(triplet.value);
  if (best.sign === "expense" && value.isNegative()) return null;
  return {
    triplet,
    metricKey: best.metricKey,
    value: best.sign === "outflow" ? value.abs().toFixed() : value.toFixed(),
    confidence: best.confidence,
  };
}

/**
 * The mapped facts of one filing. When several rows of one table map to the same metric and period, the
 * one of highest confidence wins ("Net income attributable to Costco" over "Net income including
 * noncontrolling interests"), else the one total row among them ("Total revenue" over its "Net sales");
 * otherwise the mapping is ambiguous there and they all stay facts only.
 */
export function mapTriplets(triplets: readonly Triplet[]): MappedFact[] {
  const mapped = triplets.flatMap((t) => {
    const m = mapTriplet(t);
    return m === null ? [] : [m];
  });
  const keyOf = (m: MappedFact) =>
    `${m.metricKey}|${m.triplet.relation}|${m.triplet.provenance.page}|${m.triplet.provenance.tableTitle}`;
  const claims = new Map<string, MappedFact[]>();
  for (const m of mapped) claims.set(keyOf(m), [...(claims.get(keyOf(m)) ?? []), m]);
  const winners = [...claims.values()].flatMap((c) => winnerOf(c) ?? []);
  // Across the filing's tables, a less confident row that prints another value for the same metric and
  // period is no value of it (consolidated "Net earnings" of comprehensive income beside "Net earnings
  // attributable to Procter & Gamble" of the income statement): it stays a fact only.
  const top = new Map<string, MappedFact[]>();
  for (const m of winners) {
    const key = `${m.metricKey}|${m.triplet.relation}`;
    const held = top.get(key)?.[0];
    if (held === undefined || m.confidence > held.confidence) top.set(key, [m]);
    else if (m.confidence === held.confidence) top.get(key)!.push(m);
  }
  const kept = new Set(
    winners.filter((m) => {
      const best = top.get(`${m.metricKey}|${m.triplet.relation}`)!;
      return m.confidence === best[0]!.confidence || best.some((b) => b.value === m.value);
    }),
  );
  return mapped.filter((m) => kept.has(m));
}

/** The one row of several claiming a metric and period in one table, or null when none stands out. */
function winnerOf(claimants: readonly MappedFact[]): MappedFact | null {
  if (claimants.length === 1) return claimants[0]!;
  // The same line printed twice (a statement repeating its net income at the foot) is one value.
  if (
    new Set(claimants.map((c) => c.value)).size === 1 &&
    new Set(claimants.map((c) => c.triplet.attributes.normalizedLabel)).size === 1
  )
    return claimants[0]!;
  const top = Math.max(...claimants.map((c) => c.confidence));
  const best = claimants.filter((c) => c.confidence === top);
  if (best.length === 1) return best[0]!;
  const totals = best.filter((c) => /^total\b/i.test(c.triplet.attributes.label));
  return totals.length === 1 ? totals[0]! : null;
}
