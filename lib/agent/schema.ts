// The Structured Data Request: the single contract between the Financial Agent and the Data Module.
// Whatever produces it (built-in parser, LLM, remote endpoint), it is validated by these schemas.
import { z } from "zod";

export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date as YYYY-MM-DD");

/** The words of the question that produced a match, for explaining the request. */
export const spanSchema = z.object({ text: z.string(), start: z.number().int().min(0), end: z.number().int().min(0) });
export type Span = z.infer<typeof spanSchema>;

export const companyRefSchema = z.object({
  kind: z.literal("company"),
  ticker: z.string().min(1),
  name: z.string().min(1),
  /** Where in the question it was named; null when implied (e.g. carried over from context). */
  span: spanSchema.nullable(),
  /** 1 for an exact ticker/name/alias match, lower for a fuzzy (typo) match. */
  confidence: z.number().min(0).max(1),
});
export type CompanyRef = z.infer<typeof companyRefSchema>;

export const relatedMetricSchema = z.object({ key: z.string().min(1), name: z.string().min(1) });

export const metricRefSchema = z.object({
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

export const INTENTS = ["lookup", "compare", "trend", "rank", "invest", "explain"] as const;
export type Intent = (typeof INTENTS)[number];

export const suggestionSchema = z.object({
  /** What the user wrote that matched nothing for sure. */
  text: z.string(),
  kind: z.enum(["company", "metric"]),
  /** Close matches, best first: "ticker — name" for companies, metric names for metrics. */
  candidates: z.array(z.object({ value: z.string(), label: z.string(), score: z.number() })),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const structuredDataRequestSchema = z.object({
  question: z.string(),
  /** The reference date relative dates were resolved against (YYYY-MM-DD). */
  today: isoDateSchema,
  companies: z.array(companyRefSchema),
  metrics: z.array(metricRefSchema),
  dates: dateRangeSchema,
  intent: z.enum(INTENTS),
  /** Spans of the question the agent did not understand: reported, never silently dropped. */
  unrecognized: z.array(spanSchema),
  suggestions: z.array(suggestionSchema),
  /** Which agent produced it ("rules", or an LLM model id). */
  agent: z.string(),
});
export type StructuredDataRequest = z.infer<typeof structuredDataRequestSchema>;
