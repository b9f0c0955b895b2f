// The Structured Data Request: the single contract between the Financial Agent and the Data Module.
// Whatever produces it (built-in parser, LLM, remote endpoint), it is validated by these schemas.
import { z } from "zod";
import { isIsoDate } from "@/lib/core/dates";

export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date as YYYY-MM-DD")
  .refine(isIsoDate, "is not a calendar date (check the month and the day)");

/** The words of the question that produced a match, for explaining the request. */
const spanSchema = z.object({ text: z.string(), start: z.number().int().min(0), end: z.number().int().min(0) });
export type Span = z.infer<typeof spanSchema>;

const companyRefSchema = z.object({
  kind: z.literal("company"),
  ticker: z.string().min(1),
  name: z.string().min(1),
  /** Where in the question it was named; null when implied (e.g. carried over from context). */
  span: spanSchema.nullable(),
  /** 1 for an exact ticker/name/alias match, lower for a fuzzy (typo) match. */
  confidence: z.number().min(0).max(1),
});
export type CompanyRef = z.infer<typeof companyRefSchema>;

/** "Tyson Foods' competitors", "peers of Apple", "Apple and its peers": the companies like `of`. */
const peersRefSchema = z.object({
  kind: z.literal("peers"),
  of: z.object({ ticker: z.string().min(1), name: z.string().min(1) }),
  span: spanSchema.nullable(),
  confidence: z.number().min(0).max(1),
});
export type PeersRef = z.infer<typeof peersRefSchema>;

/** "energy companies", "tech stocks", "the Financials sector": a GICS sector (lib/catalog/sectors.ts). */
const sectorRefSchema = z.object({
  kind: z.literal("sector"),
  sector: z.string().min(1),
  span: spanSchema.nullable(),
  confidence: z.number().min(0).max(1),
});

/** "semiconductor companies", "banks", "Software & Services companies": a GICS industry or industry
 * group (lib/catalog/sectors.ts). */
const industryRefSchema = z.object({
  kind: z.literal("industry"),
  industry: z.string().min(1),
  span: spanSchema.nullable(),
  confidence: z.number().min(0).max(1),
});

/** "top 5 companies", "which company had the highest revenue": every company there is data for. */
const allCompaniesRefSchema = z.object({
  kind: z.literal("all"),
  span: spanSchema.nullable(),
});

/** One entry of the request's companies: a company, or a group of companies. */
const companyEntrySchema = z.discriminatedUnion("kind", [
  companyRefSchema,
  peersRefSchema,
  sectorRefSchema,
  industryRefSchema,
  allCompaniesRefSchema,
]);
export type CompanyEntry = z.infer<typeof companyEntrySchema>;
export type GroupRef = Exclude<CompanyEntry, CompanyRef>;

const relatedMetricSchema = z.object({ key: z.string().min(1), name: z.string().min(1) });

const metricRefSchema = z.object({
  key: z.string().min(1),
  name: z.string().min(1),
  span: spanSchema.nullable(),
  confidence: z.number().min(0).max(1),
  related: z.array(relatedMetricSchema),
});
export type MetricRef = z.infer<typeof metricRefSchema>;

export const GRANULARITIES = ["annual", "quarterly", "daily", "any"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export const dateRangeSchema = z.object({
  /** The date words as written ("last 8 quarters", "fiscal 2023"); null when the question gave none. */
  expression: z.string().nullable(),
  /** Inclusive calendar interval the expression resolves to, relative to the reference date. */
  start: isoDateSchema.nullable(),
  end: isoDateSchema.nullable(),
  /** No date given: the latest available value, and the answer says which period that is. */
  latest: z.boolean(),
  /** The kind of periods the expression asks for; "any" lets the data decide. */
  granularity: z.enum(GRANULARITIES),
  /** A named fiscal period ("fiscal 2023", "Q3 FY2024"): resolved per company on its own fiscal calendar.
   * For a calendar quarter ("Q3 2023") this is null and start/end hold the calendar quarter. */
  fiscal: z.object({ year: z.number().int(), period: z.enum(["FY", "Q1", "Q2", "Q3", "Q4"]) }).nullable(),
  /** "last N quarters/years": the N most recent periods up to `end`. */
  count: z.number().int().positive().nullable(),
});
export type DateRange = z.infer<typeof dateRangeSchema>;

/** "news": the question asks for the news itself ("latest news on Nvidia"); "move": why a stock moved
 * over a window, or how the market reacted ("Why did Microsoft jump in late January 2024?"). */
export const INTENTS = ["lookup", "compare", "trend", "rank", "screen", "invest", "explain", "news", "move"] as const;
export type Intent = (typeof INTENTS)[number];

const suggestionSchema = z.object({
  /** What the user wrote that matched nothing for sure. */
  text: z.string(),
  kind: z.enum(["company", "metric"]),
  /** Close matches, best first: "ticker — name" for companies, metric names for metrics. */
  candidates: z.array(z.object({ value: z.string(), label: z.string(), score: z.number() })),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** "top 5", "highest", "lowest 3": how many companies to keep, best or worst first. */
const rankSchema = z.object({
  /** The number asked for; null when none is given ("the highest", "rank by"). */
  n: z.number().int().positive().nullable(),
  order: z.enum(["desc", "asc"]),
});
export type Rank = z.infer<typeof rankSchema>;

const SCREEN_OPS = [">", ">=", "<", "<="] as const;

/** "companies with revenue over $100 billion": a threshold on one metric. */
const screenSchema = z.object({
  metricKey: z.string().min(1),
  op: z.enum(SCREEN_OPS),
  /** The threshold as written ("$100 billion", "15%"): its unit and scale are the metric's to read. */
  value: z.string().min(1),
});
export type Screen = z.infer<typeof screenSchema>;

/** The grounded sources an answer can draw on. */
const SOURCES = ["metrics", "prices", "news", "filings", "transcripts"] as const;
export type Source = (typeof SOURCES)[number];

/** One source the question needs, and why (shown in the request panel). */
const sourceRouteSchema = z.object({
  source: z.enum(SOURCES),
  /** Why, in words a person reads: "asks about risks: the 10-K's Item 1A". */
  reason: z.string().min(1),
  /** Filing sections to search first ("1A", "3", "7", "8-K 2.02"); empty: any section, or not a filing. */
  sections: z.array(z.string().min(1)).default([]),
});
export type SourceRoute = z.infer<typeof sourceRouteSchema>;

/** The document kinds a question can name: a filing form, or an earnings call. An "8-K" covers the
 * earnings releases filed with one. */
export const DOCUMENT_FORMS = ["10-K", "10-Q", "8-K", "earnings-call"] as const;
export type DocumentForm = (typeof DOCUMENT_FORMS)[number];

/** The document a question names ("its FY2022 10-K", "the 2015 annual report", "the Q2 2023 earnings
 * call", "fiscal 2022 products"): its form and the fiscal year and quarter on the company's own
 * calendar (documents are named by fiscal period, so "Q2 2023" beside a document is the fiscal Q2).
 * Set by whichever agent made the request; the document search keeps to it, and an answer says when it
 * is not held. */
const documentAskedSchema = z
  .object({
    /** null: any form of that period ("fiscal 2022 products": any FY2022 filing). */
    form: z.enum(DOCUMENT_FORMS).nullable(),
    /** null: the form's latest ("its latest 10-K", "the 10-K"). */
    fiscalYear: z.number().int().min(1900).max(2100).nullable(),
    /** 1-4 for a quarter's document (a 10-Q, a call, an 8-K of that quarter); null: a year's. */
    fiscalQuarter: z.number().int().min(1).max(4).nullable(),
  })
  .refine((d) => d.form !== null || d.fiscalYear !== null, "names neither a form nor a fiscal year");
export type DocumentAsked = z.infer<typeof documentAskedSchema>;

/** A definition given in the question ("ROA is defined as net income / (average total assets …)"),
 * read into the catalog's formula grammar (lib/catalog/formulas.ts). */
const definitionSchema = z.object({
  /** The words as written. */
  text: z.string(),
  /** The catalog metric it defines, when its name is one; null when unnamed or not a catalog metric:
   * then it is a metric of its own (a ratio or change asked in words that the catalog lacks). */
  metric: z.string().nullable(),
  /** In the catalog grammar: "net_income / avg(total_assets)". */
  formula: z.string().min(1),
});
export type Definition = z.infer<typeof definitionSchema>;

/** How the question asks the answer to be written: "round to two decimals", "in USD millions", "using
 * the cash flow statement", "as a percent", and the definitions it gives. All optional, with defaults,
 * so requests from older agents parse. */
const presentationSchema = z.object({
  /** Decimal places to round to; null: the usual precision. */
  decimals: z.number().int().min(0).max(10).nullable().default(null),
  /** The scale to show money in; null: each value's own. */
  scale: z.enum(["units", "thousands", "millions", "billions"]).nullable().default(null),
  /** The currency asked for ("USD"); null: as filed. */
  currency: z.string().min(1).nullable().default(null),
  /** The statement the figures should come from; null: any. */
  statement: z.enum(["income", "balance_sheet", "cash_flow"]).nullable().default(null),
  /** Ratios shown as percentages. */
  percent: z.boolean().default(false),
  /** The mean over the periods asked for ("average capex FY2020–FY2022"), computed by the Data Module;
   * absent in requests that do not ask it. */
  average: z.boolean().optional(),
  definitions: z.array(definitionSchema).default([]),
});
export type Presentation = z.infer<typeof presentationSchema>;

export const structuredDataRequestSchema = z.object({
  question: z.string(),
  /** The reference date relative dates were resolved against (YYYY-MM-DD). */
  today: isoDateSchema,
  /** Companies named one by one (kind "company") and groups of companies (peers, a sector, an
   * industry, all companies), in order of mention. Read the named ones with singleCompanies(). */
  companies: z.array(companyEntrySchema),
  metrics: z.array(metricRefSchema),
  dates: dateRangeSchema,
  intent: z.enum(INTENTS),
  /** Ranking asked for ("top 5", "highest"), else null. Absent in requests from older agents: null. */
  rank: rankSchema.nullable().default(null),
  /** Threshold asked for ("revenue over $100 billion"), else null. Absent in older requests: null. */
  screen: screenSchema.nullable().default(null),
  /** Point in time ("as known on 2023-03-01"): only values filed by then count, so restatements filed
   * later are ignored. Null: everything known now. Absent in older requests: null. */
  asOf: isoDateSchema.nullable().default(null),
  /** An amount said to be invested ("if I had invested $10,000 in X"), in US dollars as a decimal
   * string, else null: the answer says what it would be worth. Absent in older requests: null. */
  invested: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "a positive decimal amount such as 10000")
    .nullable()
    .default(null),
  /** The sources the question needs, each with its reason, in order of importance. Absent in requests
   * from older agents: none said, and the pipeline's defaults apply. */
  sources: z.array(sourceRouteSchema).default([]),
  /** The document the question names, else null. Absent in requests from older agents: null. */
  document: documentAskedSchema.nullable().default(null),
  /** Who chose the sources: "rules" (lib/agent/routing.ts; also when absent) or the LLM agent ("llm:<model>"). */
  router: z.string().min(1).optional(),
  /** Instructions on how to answer and definitions given in the question. Absent (older requests,
   * other agents): none given; read it through presentationOf(). */
  presentation: presentationSchema.optional(),
  /** Spans of the question the agent did not understand: reported, never silently dropped. */
  unrecognized: z.array(spanSchema),
  suggestions: z.array(suggestionSchema),
  /** Which agent produced it ("rules", or an LLM model id). */
  agent: z.string(),
});
export type StructuredDataRequest = z.infer<typeof structuredDataRequestSchema>;

const NO_PRESENTATION: Presentation = presentationSchema.parse({});

/** The request's instructions, the defaults when it gives none. */
export function presentationOf(request: Pick<StructuredDataRequest, "presentation">): Presentation {
  return request.presentation ?? NO_PRESENTATION;
}

/** The companies the request names one by one (kind "company"), without its groups. */
export function singleCompanies(request: Pick<StructuredDataRequest, "companies">): CompanyRef[] {
  return request.companies.filter((c): c is CompanyRef => c.kind === "company");
}

/** The request's groups of companies (peers, sectors, industries, all companies). */
export function companyGroups(request: Pick<StructuredDataRequest, "companies">): GroupRef[] {
  return request.companies.filter((c): c is GroupRef => c.kind !== "company");
}

const LEGAL_FORM =
  /(,?\s+(Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.?|Holdings|Group|plc|Ltd\.?|& Co\.?))+$/i;

/** "Peers of Tyson Foods", "Energy sector", "Semiconductors industry", "All companies". */
export function describeGroup(group: GroupRef): string {
  switch (group.kind) {
    case "peers":
      return `Peers of ${group.of.name.replace(LEGAL_FORM, "").trim() || group.of.name}`;
    case "sector":
      return `${group.sector} sector`;
    case "industry":
      return `${group.industry} industry`;
    case "all":
      return "All companies";
  }
}
