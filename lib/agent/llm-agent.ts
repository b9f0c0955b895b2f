// The Financial Agent as an LLM ("llm:<model>"): an OpenAI-compatible chat completions endpoint asked
// for structured output, then checked against the catalog by code.
//
// The model produces a small object (llmRequestSchema): tickers, metric keys, the dates it read and an
// intent. Code does the rest: catalog names and related metrics, unknown tickers/keys dropped and
// reported as suggestions, dates checked (real calendar dates, start ≤ end), `latest`, spans (null:
// the model does not point at words) and the request's bookkeeping (question, today, agent).
//
// Any failure — endpoint down, timeout, HTTP error, invalid JSON, an object that fails the schema,
// impossible dates, or nothing found where the built-in parser finds something — falls back to the
// built-in parser, with one console.warn line saying why. The model may also route the question to the
// documents (filings and their sections, earnings calls): its routes are checked against what FinGround
// searches (proposedDocumentRoutesSchema); null or invalid routes leave the routing to the rules, and the
// request says which router decided (`router`). parse() never rejects, except for the
// RangeError the built-in parser itself throws when `today` is not YYYY-MM-DD (a caller's bug).
import { investedAmount } from "./passes/read-price-questions";
import { extractPointInTime } from "./as-of";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { APICallError, generateText, NoObjectGeneratedError, Output } from "ai";
import { z } from "zod";
import { calendarDayOf, firstDayOfMonth, isoDateOf, quarterStart } from "@/lib/core/dates";
import { createLlmModel } from "@/lib/llm/llm";
import { COMPANIES, companyByTicker } from "../catalog/companies";
import { METRICS, metricByKey } from "../catalog/metrics";
import type { CompanyDefinition } from "../catalog/types";
import type { AgentOptions, FinancialAgent } from "./agent";
import type { AgentLlmConfig } from "./llm-agent-config";
import { rankCompanies } from "./companies";
import { metricPhraseSpans, rankMetrics, relatedMetrics } from "./metrics";
import { proposedDocumentRoutesSchema, readDocumentWords, routeSources, withDocumentRoutes } from "./routing";
import { tokenize } from "./tokens";
import { POPULAR_METRICS } from "./lexicon/metric-words";
import { parseQuestion } from "./parse-question";
import { readDocumentAsked } from "./document-asked";
import {
  DOCUMENT_FORMS,
  GRANULARITIES,
  INTENTS,
  structuredDataRequestSchema,
  type CompanyRef,
  type DateRange,
  type DocumentAsked,
  type MetricRef,
  type Span,
  type StructuredDataRequest,
  type Suggestion,
} from "./schema";
import { systemErrorCode } from "@/lib/llm/llm-errors";

export { agentLlmConfigFromEnv, type AgentLlmConfig } from "./llm-agent-config";

const FISCAL_PERIODS = ["FY", "Q1", "Q2", "Q3", "Q4"] as const;

/** What the model must produce. Every field is required (nullable where it may be absent), no
 * string formats or lengths: OpenAI's strict structured outputs accept exactly this, and small local
 * models follow it best. Catalog membership and date validity are checked by code afterwards. */
const llmRequestSchema = z.object({
  companies: z.array(z.object({ ticker: z.string().describe("A ticker from the company list") })),
  metrics: z.array(z.object({ key: z.string().describe("A key from the metric list") })),
  dates: z.object({
    expression: z.string().nullable().describe("The date words as written in the question, or null"),
    start: z.string().nullable().describe("YYYY-MM-DD or null"),
    end: z.string().nullable().describe("YYYY-MM-DD or null"),
    fiscalYear: z.number().int().nullable(),
    fiscalPeriod: z.enum(FISCAL_PERIODS).nullable(),
    count: z.number().int().nullable(),
    granularity: z.enum(GRANULARITIES),
  }),
  intent: z.enum(INTENTS),
  documents: z
    .array(
      z.object({
        source: z.string().describe('"filings" or "transcripts"'),
        sections: z.array(z.string()).describe("Filing items or call sections to search first; [] for any"),
        reason: z.string().describe("Why, in a short phrase a person reads"),
      }),
    )
    .nullable()
    .describe("The documents the question needs, or null to let FinGround's rules decide"),
  document: z
    .object({
      form: z.enum(DOCUMENT_FORMS).nullable(),
      fiscalYear: z.number().int().nullable(),
      fiscalQuarter: z.number().int().nullable(),
    })
    .nullable()
    .describe("The one document the question names (form, fiscal year, fiscal quarter), or null"),
});
export type LlmRequest = z.infer<typeof llmRequestSchema>;

/** Confidence of every company and metric the model named and the catalog knows. */
const LLM_CONFIDENCE = 0.9;
/** Aliases shown per metric in the instructions: enough to recognise it, short enough for small models. */
const MAX_METRIC_ALIASES = 4;
const MAX_SUGGESTIONS = 8;

export interface CreateLlmAgentOptions {
  /** Builds the model; defaults to the OpenAI-compatible chat model of `config` (tests inject mocks). */
  createModel?: (config: AgentLlmConfig) => LanguageModelV4 | Promise<LanguageModelV4>;
}

/** Why the model's answer could not be used; the message goes into the fallback warning. */
class UnusableAnswerError extends Error {
  override name = "UnusableAnswerError";
}

export function createLlmAgent(config: AgentLlmConfig, options: CreateLlmAgentOptions = {}): FinancialAgent {
  const name = `llm:${config.model}`;
  const build = options.createModel ?? createLlmModel;
  let pending: Promise<LanguageModelV4> | undefined;
  const getModel = () => {
    pending ??= Promise.resolve()
      .then(() => build(config))
      .catch((error: unknown) => {
        pending = undefined; // try again with the next question
        throw error;
      });
    return pending;
  };

  return {
    name,
    async parse(question: string, agentOptions: AgentOptions): Promise<StructuredDataRequest> {
      const text = typeof question === "string" ? question : String(question ?? "");
      // Validates `today` (RangeError, like the built-in agent) before any network call, and is the
      // fallback and the yardstick for "found nothing".
      const rules = parseQuestion(text, { today: agentOptions.today });
      const fallback = (reason: string) => {
        console.warn(`[agent] ${name} failed (${reason}); using the built-in parser`);
        return rules;
      };
      if (agentOptions.abortSignal?.aborted) return fallback("aborted by the caller");

      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new Error(`timeout after ${config.timeoutMs} ms`));
      }, config.timeoutMs);
      const forwardAbort = () => controller.abort(agentOptions.abortSignal?.reason);
      agentOptions.abortSignal?.addEventListener("abort", forwardAbort, { once: true });
      try {
        // raceAbort: the timeout and the caller's abort end the wait at once, whatever is pending.
        const model = await raceAbort(getModel(), controller.signal);
        const answer = await raceAbort(askModel(model, text, agentOptions.today, controller.signal), controller.signal);
        const request = normalizeLlmRequest(answer, { question: text, today: agentOptions.today, agent: name });
        const foundNothing = request.companies.length === 0 && request.metrics.length === 0;
        if (foundNothing && (rules.companies.length > 0 || rules.metrics.length > 0)) {
          return fallback("no company and no metric recognized, where the built-in parser finds some");
        }
        return request;
      } catch (error) {
        if (timedOut) return fallback(`timeout after ${config.timeoutMs} ms`);
        if (agentOptions.abortSignal?.aborted) return fallback("aborted by the caller");
        return fallback(describeFailure(error, config.baseURL));
      } finally {
        clearTimeout(timer);
        agentOptions.abortSignal?.removeEventListener("abort", forwardAbort);
        controller.abort();
      }
    },
  };
}

async function askModel(
  model: LanguageModelV4,
  question: string,
  today: string,
  abortSignal: AbortSignal,
): Promise<LlmRequest> {
  const result = await generateText({
    model,
    instructions: buildInstructions(today),
    prompt: `Question: ${question}`,
    output: Output.object({
      schema: llmRequestSchema,
      name: "structured_data_request",
      description: "The companies, metrics, dates and intent of a financial question.",
    }),
    temperature: 0,
    maxRetries: 0,
    abortSignal,
  });
  return result.output;
}

/** Settles with `promise`, or rejects as soon as `signal` aborts (whatever the promise is doing). */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as unknown);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as unknown);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Instructions

const COMPANY_LIST = COMPANIES.map((c) => {
  const aliases = c.aliases.map((a) => a.alias).filter((a) => a.toLowerCase() !== c.name.toLowerCase());
  return `${c.ticker}: ${c.name}${aliases.length > 0 ? ` (${aliases.join(", ")})` : ""}`;
}).join("\n");

const METRIC_LIST = METRICS.map((m) => {
  const aliases = m.aliases.filter((a) => a.toLowerCase() !== m.name.toLowerCase()).slice(0, MAX_METRIC_ALIASES);
  return `${m.key}: ${m.name}${aliases.length > 0 ? ` (${aliases.join(", ")})` : ""}`;
}).join("\n");

/** The system instructions for a given reference date: fields, date rules, catalog, examples. */
export function buildInstructions(today: string): string {
  const examples = fewShotExamples(today)
    .map((e) => `Question: ${e.question}\nJSON: ${JSON.stringify(e.output)}`)
    .join("\n\n");
  return `You turn a question about public companies' financials into one JSON object for FinGround's data module. Answer with the JSON object only.

Today is ${today}.

Fields:
- companies: [{"ticker"}] for each company the question names, in the order named, using the tickers listed below. A company that is not listed: give its ticker if you know it, else its name as written (it will be reported as not covered). No company named: [].
- metrics: [{"key"}] for each metric asked for, in order, using only keys listed below. A margin, ratio or growth rate: its own key, not the metrics it is computed from (gross margin → gross_margin_ratio; P/E → pe_ratio_ttm; ROE → return_on_average_equity; free cash flow → free_cash_flow_ocf_capex). An investment question naming no metric → revenue, net_income, eps_diluted, price_close. "How is X doing" → revenue, net_income. Otherwise no metric named: [].
- dates.expression: the date words exactly as written in the question, or null when there are none.
- dates.start, dates.end: the inclusive calendar interval as YYYY-MM-DD, or null.
- dates.fiscalYear, dates.fiscalPeriod: only for a fiscal period ("fiscal 2023", "FY23", "Q3 FY2024", "fiscal Q3 2024"): its year and "FY", "Q1", "Q2", "Q3" or "Q4"; start and end are null then (each company has its own fiscal calendar). Otherwise both null. A year or quarter without "fiscal"/"FY" is a calendar period.
- dates.count: N for "last/past/trailing N quarters|years" and 4 for "TTM", else null.
- dates.granularity: "annual" for years, "quarterly" for quarters and halves, "daily" for months, weeks, days and daily prices, "any" when the question gives no date.
- documents: which documents to search, or null to leave it to FinGround's own rules (when unsure, null). [] when the question needs no document. Otherwise a list of {"source", "sections", "reason"}: "filings" when it asks what a company's filings say (risks, business, competition, customers, suppliers, legal proceedings, what drove a change, outlook, liquidity, executive pay, an 8-K or earnings release), with sections among the 10-K items "1" (business), "1A" (risk factors), "3" (legal proceedings), "5" (equity, buybacks), "7" (MD&A: drivers of a change, outlook, liquidity), "7A" (market risk), "8" (financial statements and notes), "9A" (controls), "11" (executive compensation), "8-K" (any 8-K), "8-K 2.02" (earnings release); a 10-Q's items are searched under the same codes. "transcripts" when it asks what management said on an earnings call, guidance or analysts' questions, with sections [] or among "prepared_remarks", "qa". Filings and calls are searched per named company only.
- document: the one document the question names, else null: {"form", "fiscalYear", "fiscalQuarter"}, form "10-K" (annual report), "10-Q" (quarterly report), "8-K" (current report, earnings or press release) or "earnings-call" (earnings call, conference call, call transcript), or null when only a fiscal period is said of what the filings say ("fiscal 2022 products"); fiscalYear and fiscalQuarter (1-4) on the company's own fiscal calendar, a year or quarter said beside a document being its fiscal one ("the Q2 2023 earnings call": fiscalYear 2023, fiscalQuarter 2); null where not said; fiscalQuarter null for a 10-K. A range of years names no single document: fiscalYear null.
- intent, the first that applies: "move" (why a stock jumped or fell over a window, how the market reacted), "news" (news, headlines, what happened with a company; no metric named), "invest" (should I buy/sell/hold, a good investment), "explain" (why, what drove), "compare" (compare, vs, against), "rank" (top, highest, lowest, best, which company), "compare" (two or more companies), "trend" (over time, growth, several periods), else "lookup".

Date rules (relative to today, ${today}):
- Calendar year Y: Y-01-01 to Y-12-31. Calendar quarter: its three months (Q3 2023: 2023-07-01 to 2023-09-30). A month: its days.
- "last N quarters": end today, start the first day of the calendar quarter N-1 quarters before the current one, count N. "last N years": start January 1 of the year N-1 years ago, end today, count N.
- "last year", "last quarter", "last month", "last week" (no number): the previous full calendar period (last year: January 1 to December 31 of the year before today's; last quarter: the most recent completed calendar quarter), count null. "this year", "YTD": January 1 to today.
- "TTM", "LTM", "trailing twelve months": the last 4 completed calendar quarters (start the first day of the quarter four quarters before the current one, end the last day of the quarter before the current one), count 4, granularity "quarterly".
- "since X": start of X to today. "X to Y", "between X and Y": start of X to end of Y.
- "latest quarter", "most recent year": start, end and fiscal null, granularity of that period.
- No date: expression, start, end, fiscalYear, fiscalPeriod and count null, granularity "any".

Companies (ticker: name (other names)):
${COMPANY_LIST}

Metrics (key: name (other names)):
${METRIC_LIST}

Examples:

${examples}`;
}

export interface FewShotExample {
  question: string;
  output: LlmRequest;
}

/** Question → JSON examples, with relative dates worked out for `today`. */
export function fewShotExamples(today: string): FewShotExample[] {
  const noDates: LlmRequest["dates"] = {
    expression: null,
    start: null,
    end: null,
    fiscalYear: null,
    fiscalPeriod: null,
    count: null,
    granularity: "any",
  };
  const c = (...tickers: string[]) => tickers.map((ticker) => ({ ticker }));
  const m = (...keys: string[]) => keys.map((key) => ({ key }));
  const year = Number(today.slice(0, 4));
  return [
    {
      question: "What was Apple's revenue in fiscal 2023?",
      output: {
        companies: c("AAPL"),
        metrics: m("revenue"),
        dates: { ...noDates, expression: "fiscal 2023", fiscalYear: 2023, fiscalPeriod: "FY", granularity: "annual" },
        intent: "lookup",
        documents: null,
        document: null,
      },
    },
    {
      question: "Show NVDA net income over the last 8 quarters",
      output: {
        companies: c("NVDA"),
        metrics: m("net_income"),
        dates: {
          ...noDates,
          expression: "last 8 quarters",
          start: lastQuartersStart(today, 8),
          end: today,
          count: 8,
          granularity: "quarterly",
        },
        intent: "trend",
        documents: null,
        document: null,
      },
    },
    {
      question: "Compare Microsoft and Google operating margin in Q3 2023",
      output: {
        companies: c("MSFT", "GOOGL"),
        metrics: m("operating_margin_ratio"),
        dates: { ...noDates, expression: "Q3 2023", start: "2023-07-01", end: "2023-09-30", granularity: "quarterly" },
        intent: "compare",
        documents: null,
        document: null,
      },
    },
    {
      question: "Tesla gross margin in Q2 FY2024",
      output: {
        companies: c("TSLA"),
        metrics: m("gross_margin_ratio"),
        dates: { ...noDates, expression: "Q2 FY2024", fiscalYear: 2024, fiscalPeriod: "Q2", granularity: "quarterly" },
        intent: "lookup",
        documents: null,
        document: null,
      },
    },
    {
      question: "Should I invest in Costco?",
      output: {
        companies: c("COST"),
        metrics: m("revenue", "net_income", "eps_diluted", "price_close"),
        dates: noDates,
        intent: "invest",
        documents: null,
        document: null,
      },
    },
    {
      question: "Which company had the highest free cash flow in 2022?",
      output: {
        companies: [],
        metrics: m("free_cash_flow_ocf_capex"),
        dates: { ...noDates, expression: "2022", start: "2022-01-01", end: "2022-12-31", granularity: "annual" },
        intent: "rank",
        documents: null,
        document: null,
      },
    },
    {
      question: "Why did Intel's net income fall over the last 3 years?",
      output: {
        companies: c("INTC"),
        metrics: m("net_income"),
        dates: {
          ...noDates,
          expression: "last 3 years",
          start: yearStart(year - 2),
          end: today,
          count: 3,
          granularity: "annual",
        },
        intent: "explain",
        documents: [{ source: "filings", sections: ["7"], reason: "asks what drove a change: the 10-K's MD&A" }],
        document: null,
      },
    },
    {
      question: "What drove Nike's revenue in its FY2022 10-K?",
      output: {
        companies: c("NKE"),
        metrics: m("revenue"),
        dates: { ...noDates, expression: "FY2022", fiscalYear: 2022, fiscalPeriod: "FY", granularity: "annual" },
        intent: "explain",
        documents: [{ source: "filings", sections: ["7"], reason: "asks what drove a change: the 10-K's MD&A" }],
        document: { form: "10-K", fiscalYear: 2022, fiscalQuarter: null },
      },
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Normalization

export interface NormalizeContext {
  question: string;
  today: string;
  agent: string;
}

/** The model's object checked against the catalog and turned into a Structured Data Request.
 * Throws (an Error whose message says what is wrong) when the dates are impossible or the result
 * fails structuredDataRequestSchema; unknown tickers and metric keys are dropped and reported. */
export function normalizeLlmRequest(answer: LlmRequest, context: NormalizeContext): StructuredDataRequest {
  const { question, today, agent } = context;
  const unrecognized: Span[] = [];
  const suggestions: Suggestion[] = [];
  const report = (text: string, suggestion: Suggestion) => {
    const span = findSpan(question, text);
    if (span && !unrecognized.some((u) => u.start === span.start && u.end === span.end)) unrecognized.push(span);
    if (
      suggestions.length < MAX_SUGGESTIONS &&
      !suggestions.some((s) => s.kind === suggestion.kind && s.text === suggestion.text)
    ) {
      suggestions.push(suggestion);
    }
  };

  const companies: CompanyRef[] = [];
  for (const { ticker } of answer.companies) {
    const given = ticker.trim();
    if (given === "") continue;
    const company = findCompany(given);
    if (!company) {
      const ranked = rankCompanies(given.toLowerCase(), { tickers: true, min: 0.6 }).slice(0, 3);
      report(given, {
        text: given,
        kind: "company",
        candidates: ranked.map((r) => ({
          value: r.company.ticker,
          label: `${r.company.ticker} — ${r.company.name}`,
          score: round2(r.score),
        })),
      });
    } else if (!companies.some((existing) => existing.ticker === company.ticker)) {
      companies.push({
        kind: "company",
        ticker: company.ticker,
        name: company.name,
        span: null,
        confidence: LLM_CONFIDENCE,
      });
    }
  }

  const metrics: MetricRef[] = [];
  for (const { key } of answer.metrics) {
    const given = key.trim();
    if (given === "") continue;
    const metric = findMetric(given);
    if (!metric) {
      const words = given.toLowerCase().replace(/[_-]+/g, " ");
      report(words, {
        text: given,
        kind: "metric",
        candidates: rankMetrics(words, 0.6)
          .slice(0, 3)
          .map((r) => ({ value: r.key, label: r.name, score: round2(r.score) })),
      });
    } else if (!metrics.some((existing) => existing.key === metric.key)) {
      metrics.push({
        key: metric.key,
        name: metric.name,
        span: null,
        confidence: LLM_CONFIDENCE,
        related: relatedMetrics(metric.key),
      });
    }
  }
  // As the built-in agent does: a company but no metric gets "did you mean" the most asked-for ones.
  if (metrics.length === 0 && companies.length > 0 && !suggestions.some((s) => s.kind === "metric")) {
    suggestions.push({
      text: "",
      kind: "metric",
      candidates: POPULAR_METRICS.flatMap((k) => {
        const metric = metricByKey(k);
        return metric ? [{ value: metric.key, label: metric.name, score: 0 }] : [];
      }),
    });
  }

  const dates = normalizeDates(answer.dates, today);
  const routes = routesOf(answer, { companies, metrics, question, agent });
  const request: StructuredDataRequest = {
    question,
    today,
    companies,
    metrics,
    dates,
    intent: answer.intent,
    // The model names companies one by one; rankings, thresholds and points in time are the built-in parser's.
    rank: null,
    screen: null,
    invested: investedAmount(question),
    ...routes,
    document: documentOf(answer, { question, dates, sources: routes.sources }),
    asOf: extractPointInTime(question).asOf,
    unrecognized: unrecognized.sort((a, b) => a.start - b.start),
    suggestions,
    agent,
  };
  const checked = structuredDataRequestSchema.safeParse(request);
  if (!checked.success)
    throw new UnusableAnswerError(`the normalized request fails the schema: ${firstIssue(checked.error.issues)}`);
  return checked.data;
}

/** The sources and who chose them: the model's document routes when it gave valid ones (the figures and
 * news routed by the rules beside them), else the rules' routes alone. */
function routesOf(
  answer: LlmRequest,
  context: { companies: CompanyRef[]; metrics: MetricRef[]; question: string; agent: string },
): Pick<StructuredDataRequest, "sources" | "router"> {
  const { companies, metrics, question, agent } = context;
  const rules = routeSources(
    { companies, metrics, intent: answer.intent },
    documentWordsOf(question, companies.length > 0),
  );
  if (answer.documents === null) return { sources: rules, router: "rules" };
  const proposed = proposedDocumentRoutesSchema.safeParse(answer.documents);
  if (!proposed.success) {
    console.warn(
      `[agent] ${agent} proposed unusable document routes (${firstIssue(proposed.error.issues)}); the rules route this question`,
    );
    return { sources: rules, router: "rules" };
  }
  return { sources: withDocumentRoutes(rules, proposed.data, answer.intent), router: agent };
}

/** The document the model names, checked (a fiscal quarter 1-4, none for a 10-K); where it names none,
 * the document the question's words and dates name, as the built-in parser reads it. */
function documentOf(
  answer: LlmRequest,
  context: { question: string; dates: DateRange; sources: StructuredDataRequest["sources"] },
): DocumentAsked | null {
  const given = answer.document;
  if (given === null) return readDocumentAsked(context.question, context.dates, context.sources);
  const fiscalYear =
    given.fiscalYear !== null && given.fiscalYear >= 1900 && given.fiscalYear <= 2100 ? given.fiscalYear : null;
  const quarter =
    given.fiscalQuarter !== null && given.fiscalQuarter >= 1 && given.fiscalQuarter <= 4 ? given.fiscalQuarter : null;
  if (given.form === null && fiscalYear === null) return null;
  return { form: given.form, fiscalYear, fiscalQuarter: given.form === "10-K" || fiscalYear === null ? null : quarter };
}

/** The model names no sources: the question's document words route it, as in the built-in parser, among
 * the words no metric phrase holds ("services revenue" is a figure, "services" a subject). */
function documentWordsOf(question: string, namesCompanies: boolean) {
  const metricSpans = metricPhraseSpans(tokenize(question));
  const isFree = (span: { start: number; end: number }) =>
    metricSpans.every((m) => m.end <= span.start || m.start >= span.end);
  return readDocumentWords(question, isFree, namesCompanies);
}

/** The model's dates as a DateRange: real calendar dates, start ≤ end, fiscal periods without a
 * calendar interval (each company resolves them), `latest` when nothing pins a period. */
function normalizeDates(dates: LlmRequest["dates"], today: string): DateRange {
  const expression = dates.expression?.trim() ? dates.expression.trim() : null;
  const fiscal =
    dates.fiscalYear === null ? null : { year: dates.fiscalYear, period: dates.fiscalPeriod ?? ("FY" as const) };
  if (fiscal && (fiscal.year < 1900 || fiscal.year > 9999))
    throw new UnusableAnswerError(`invalid dates: fiscal year ${fiscal.year}`);
  let start = fiscal ? null : checkDate("start", dates.start);
  let end = fiscal ? null : checkDate("end", dates.end);
  if (start !== null && end !== null && start > end)
    throw new UnusableAnswerError(`invalid dates: start ${start} is after end ${end}`);
  const count = dates.count !== null && dates.count > 0 ? dates.count : null;
  // "last N quarters/years" with the interval left out: worked out here, as the built-in parser does.
  if (count !== null && !fiscal && start === null && end === null) {
    if (dates.granularity === "quarterly") [start, end] = [lastQuartersStart(today, count), today];
    if (dates.granularity === "annual") [start, end] = [yearStart(Number(today.slice(0, 4)) - count + 1), today];
  }
  return {
    expression,
    start,
    end,
    latest: start === null && end === null && fiscal === null,
    granularity: dates.granularity,
    fiscal,
    count,
  };
}

function checkDate(field: "start" | "end", value: string | null): string | null {
  if (value === null || value.trim() === "") return null;
  const text = value.trim();
  if (!isCalendarDate(text))
    throw new UnusableAnswerError(`invalid dates: ${field} ${JSON.stringify(value)} is not a YYYY-MM-DD date`);
  return text;
}

// Dates before 1900 are read as 1900-01-01, as the built-in parser clamps them.
const EARLIEST_YEAR = 1900;

function isCalendarDate(text: string): boolean {
  const day = calendarDayOf(text);
  return day !== null && day.year >= EARLIEST_YEAR;
}

/** First day of the calendar quarter `count - 1` quarters before today's. */
function lastQuartersStart(today: string, count: number): string {
  const day = calendarDayOf(today);
  if (day === null) throw new RangeError(`today must be a date as YYYY-MM-DD, got ${JSON.stringify(today)}`);
  const start = quarterStart(day, count - 1);
  return start.year < EARLIEST_YEAR ? yearStart(EARLIEST_YEAR) : isoDateOf(start);
}

/** January 1 of `year`, or of 1900 for an earlier one. */
const yearStart = (year: number) => isoDateOf(firstDayOfMonth(Math.max(EARLIEST_YEAR, year), 1));
const round2 = (n: number) => Math.round(n * 100) / 100;

let companyNames: ReadonlyMap<string, CompanyDefinition> | undefined;

/** A catalog company by ticker (any case), or by its exact name or alias (some models answer "Apple"). */
function findCompany(given: string): CompanyDefinition | undefined {
  const byTicker = companyByTicker(given);
  if (byTicker) return byTicker;
  companyNames ??= new Map(
    COMPANIES.flatMap((c) => [c.name, ...c.aliases.map((a) => a.alias)].map((n) => [n.toLowerCase(), c] as const)),
  );
  return companyNames.get(given.toLowerCase());
}

let metricNames: ReadonlyMap<string, string> | undefined;

/** A catalog metric by key ("net_income", "Net Income", "net-income"), or by its exact name or alias. */
function findMetric(given: string): { key: string; name: string } | undefined {
  const asKey = given.toLowerCase().replace(/[\s-]+/g, "_");
  const byKey = metricByKey(asKey);
  if (byKey) return byKey;
  metricNames ??= new Map(METRICS.flatMap((m) => [m.name, ...m.aliases].map((n) => [n.toLowerCase(), m.key] as const)));
  const key = metricNames.get(given.toLowerCase().replace(/_/g, " "));
  return key === undefined ? undefined : metricByKey(key);
}

/** Where `text` occurs in the question as whole words (case-insensitive), if it does. */
function findSpan(question: string, text: string): Span | null {
  if (text.trim() === "") return null;
  const escaped = text.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu").exec(question);
  if (!match) return null;
  return { text: match[0], start: match.index, end: match.index + match[0].length };
}

// ---------------------------------------------------------------------------------------------
// Failures

/** One short phrase for the fallback warning. */
function describeFailure(error: unknown, baseURL: string): string {
  if (error instanceof UnusableAnswerError) return error.message;
  if (NoObjectGeneratedError.isInstance(error)) {
    const issues = findIssues(error.cause);
    if (issues) return `the model's object does not match the schema: ${firstIssue(issues)}`;
    if (/could not parse/i.test(error.message))
      return `invalid JSON from the model: ${JSON.stringify(excerpt(error.text, 80))}`;
    return error.message;
  }
  if (APICallError.isInstance(error) && error.statusCode !== undefined) {
    return `HTTP ${error.statusCode} from ${baseURL}: ${excerpt(error.message)}`;
  }
  const code = systemErrorCode(error);
  if (code !== undefined) return `cannot reach ${baseURL} (${code})`;
  if (APICallError.isInstance(error)) return `cannot reach ${baseURL} (${excerpt(error.message)})`;
  return error instanceof Error ? `${error.name}: ${excerpt(error.message)}` : excerpt(String(error));
}

type Issue = { path: ReadonlyArray<PropertyKey>; message: string };

function firstIssue(issues: ReadonlyArray<Issue>): string {
  const issue = issues[0];
  if (!issue) return "schema mismatch";
  const path = issue.path.map(String).join(".");
  return `${path === "" ? "" : `${path}: `}${issue.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ""}`;
}

/** Zod issues somewhere down the cause chain (TypeValidationError → ZodError). */
function findIssues(error: unknown, depth = 0): ReadonlyArray<Issue> | undefined {
  if (typeof error !== "object" || error === null || depth > 5) return undefined;
  const { issues, cause } = error as { issues?: unknown; cause?: unknown };
  if (Array.isArray(issues)) return issues as Issue[];
  return findIssues(cause, depth + 1);
}

function excerpt(text: string | undefined, max = 120): string {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
