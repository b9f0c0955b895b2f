import {
  describeGroup,
  type CompanyEntry,
  type DateRange,
  type Source,
  type StructuredDataRequest,
} from "@/lib/agent/schema";
import { describeDocumentAsked } from "@/lib/agent/document-asked";
import type { AnswerPrompt, StageTimings } from "@/lib/conversation/message";
import type { DataSlice } from "@/lib/data/types";
import type { AnswerTranscripts } from "@/lib/documents/transcripts/for-request";
import type { NumberTrace } from "@/lib/context/number-trace";
import { formatConfidence, formatMilliseconds } from "./format";
import { RequestPanelField } from "./request-panel-field";

const mutedClass = "text-slate-500";

interface RequestPanelProps {
  request: StructuredDataRequest;
  slice: DataSlice | null;
  timings: StageTimings | null;
  prompt: AnswerPrompt | null;
  model: string | null;
  /** What the earnings-call search covered, when the request asked the calls. */
  transcripts?: AnswerTranscripts | null;
  /** The check of the answer's numbers against the data given to the model. */
  numbers?: NumberTrace | null;
}

/** How each source reads in the panel. */
const SOURCE_NAMES: Record<Source, string> = {
  metrics: "Filed figures",
  prices: "Daily prices",
  news: "News",
  filings: "Filings",
  transcripts: "Call transcripts",
};

const intentDescriptions: Record<StructuredDataRequest["intent"], string> = {
  lookup: "look up a value",
  compare: "compare",
  trend: "trend over time",
  rank: "rank",
  screen: "screen by a threshold",
  invest: "investment question",
  explain: "explain",
  news: "news",
  move: "stock move",
};

/** "What I looked up": how the question was understood, how long each stage took and the exact prompt. */
export function RequestPanel({ request, slice, timings, prompt, model, transcripts, numbers }: RequestPanelProps) {
  return (
    <section
      className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm shadow-xs"
      aria-label="What I looked up"
      data-testid="request-panel"
    >
      <h3 className="text-sm font-semibold text-slate-900">What I looked up</h3>
      <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[9rem_1fr]">
        <RequestPanelField label="Companies" testId="request-companies">
          {request.companies.length === 0 ? (
            <span className={mutedClass}>none named</span>
          ) : (
            <ul className="space-y-0.5">
              {request.companies.map((entry) => (
                <li key={entryKey(entry)}>
                  {entry.kind === "company" ? (
                    <>
                      <span className="font-medium text-slate-900">{entry.ticker}</span> — {entry.name}
                    </>
                  ) : (
                    <>
                      <span className="font-medium text-slate-900">{describeGroup(entry)}</span>
                      <span className={mutedClass}> (a group: not looked up yet)</span>
                    </>
                  )}
                  {entry.kind !== "all" && entry.confidence < 1 ? (
                    <span className={mutedClass}> (confidence {formatConfidence(entry.confidence)})</span>
                  ) : null}
                  {entry.kind === "company" && entry.span === null ? (
                    <span className={mutedClass}> (from the conversation)</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </RequestPanelField>

        {transcripts ? (
          <RequestPanelField label="Earnings calls" testId="request-transcripts">
            {transcripts.searched.tickers.join(", ")} ·{" "}
            {transcripts.searched.quarters.length > 0
              ? transcripts.searched.quarters.join(", ")
              : "every quarter stored"}
            {transcripts.searched.sections.length > 0
              ? ` · ${transcripts.searched.sections.map((s) => (s === "qa" ? "Q&A" : "prepared remarks")).join(", ")}`
              : ""}{" "}
            · {transcripts.hits.length} passage{transcripts.hits.length === 1 ? "" : "s"} found
            {transcripts.engine === "elasticsearch" ? " by Elasticsearch" : ""}
            {transcripts.skipped.length > 0
              ? ` · not searched (over 8 companies): ${transcripts.skipped.join(", ")}`
              : ""}
          </RequestPanelField>
        ) : null}

        {request.rank || request.screen ? (
          <RequestPanelField label="Selection" testId="request-selection">
            {describeSelection(request)}
          </RequestPanelField>
        ) : null}

        <RequestPanelField label="Metrics" testId="request-metrics">
          {request.metrics.length === 0 ? (
            <span className={mutedClass}>none named</span>
          ) : (
            <ul className="space-y-0.5">
              {request.metrics.map((metric) => (
                <li key={metric.key}>
                  <span className="font-medium text-slate-900">{metric.name}</span>
                  {metric.confidence < 1 ? (
                    <span className={mutedClass}> (confidence {formatConfidence(metric.confidence)})</span>
                  ) : null}
                  {metric.related.length > 0 ? (
                    <span className={mutedClass}>
                      {" "}
                      · related: {metric.related.map((related) => related.name).join(", ")}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </RequestPanelField>

        <RequestPanelField label="Dates" testId="request-dates">
          <div>{describeDates(request.dates)}</div>
          {slice ? <div className="text-slate-500">Read: {slice.interval.description}</div> : null}
        </RequestPanelField>

        {request.document ? (
          <RequestPanelField label="Document" testId="request-document">
            {describeDocumentAsked(request.document)}
          </RequestPanelField>
        ) : null}

        <RequestPanelField label="Intent" testId="request-intent">
          {intentDescriptions[request.intent] ?? request.intent}
        </RequestPanelField>

        {request.sources.length > 0 ? (
          <RequestPanelField label="Sources" testId="request-sources">
            <ul className="space-y-0.5">
              {request.sources.map((route) => (
                <li key={route.source} data-testid="request-source" data-source={route.source}>
                  <span className="font-medium">{SOURCE_NAMES[route.source]}</span>: {route.reason}
                </li>
              ))}
            </ul>
            <div className={mutedClass} data-testid="request-router">
              {routerDescription(request.router)}
            </div>
          </RequestPanelField>
        ) : null}

        {request.unrecognized.length > 0 ? (
          <RequestPanelField label="Not understood" testId="request-unrecognized">
            {request.unrecognized.map((span) => `“${span.text}”`).join(", ")}
          </RequestPanelField>
        ) : null}

        {request.suggestions.length > 0 ? (
          <RequestPanelField label="Suggestions" testId="request-suggestions">
            <ul className="space-y-0.5">
              {request.suggestions.map((suggestion) => (
                <li key={`${suggestion.kind}|${suggestion.text}`}>
                  “{suggestion.text}”:{" "}
                  {suggestion.candidates.length > 0 ? (
                    <>Did you mean {joinAlternatives(suggestion.candidates.map((candidate) => candidate.label))}?</>
                  ) : (
                    <span className={mutedClass}>no close {suggestion.kind} found</span>
                  )}
                </li>
              ))}
            </ul>
          </RequestPanelField>
        ) : null}

        {timings ? (
          <RequestPanelField label="Time per stage" testId="request-timings">
            <span className="tabular-nums">
              agent {formatMilliseconds(timings.agentMs)} · data {formatMilliseconds(timings.dataMs)} · context{" "}
              {formatMilliseconds(timings.contextMs)} · first token {formatMilliseconds(timings.firstTokenMs)} · total{" "}
              {formatMilliseconds(timings.totalMs)}
            </span>
          </RequestPanelField>
        ) : null}

        {numbers && numbers.numbers.length > 0 ? (
          <RequestPanelField label="Numbers" testId="request-numbers">
            <span className="tabular-nums">
              {numbers.traced} of {numbers.numbers.length} numbers traced
            </span>
            <span className={mutedClass}>
              {numbers.derived > 0 ? ` · ${numbers.derived} computed by the model from the data given` : ""}
              {numbers.traced < numbers.numbers.length
                ? ` · ${numbers.numbers.length - numbers.traced} not found in the data given to the model (marked)`
                : ""}
              {numbers.final ? "" : " · checking as the answer streams"}
            </span>
          </RequestPanelField>
        ) : null}

        <RequestPanelField label="Model" testId="request-model">
          {model ? describeModel(model) : <span className={mutedClass}>not reported yet</span>}
          <span className={mutedClass}>
            {" "}
            · request by {request.agent === "rules" ? "the built-in parser" : request.agent}
          </span>
        </RequestPanelField>
      </dl>

      {prompt ? (
        <details className="mt-3 border-t border-slate-100 pt-2" data-testid="prompt-details">
          <summary className="text-sm font-medium text-teal-700 hover:text-teal-900">Show the exact prompt</summary>
          <pre
            className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800"
            data-testid="prompt-text"
          >
            {`SYSTEM\n${prompt.system}\n\nPROMPT\n${prompt.prompt}`}
          </pre>
        </details>
      ) : null}
    </section>
  );
}

/** "Net Income" → "net income", "Diluted EPS" → "diluted EPS": lower case inside a sentence. */
function inSentence(name: string): string {
  return name
    .split(" ")
    .map((word) => (/^[A-Z][a-z]/.test(word) ? word.charAt(0).toLowerCase() + word.slice(1) : word))
    .join(" ");
}

function entryKey(entry: CompanyEntry): string {
  switch (entry.kind) {
    case "company":
      return `company|${entry.ticker}`;
    case "peers":
      return `peers|${entry.of.ticker}`;
    case "sector":
      return `sector|${entry.sector}`;
    case "industry":
      return `industry|${entry.industry}`;
    case "all":
      return "all";
  }
}

/** "Top 5 by revenue", "Lowest first by net income", "Revenue > $100 billion". */
function describeSelection(request: StructuredDataRequest): string {
  const first = request.metrics[0];
  const metric = first ? inSentence(first.name) : null;
  const parts: string[] = [];
  const rank = request.rank ?? null;
  if (rank) {
    const head =
      rank.n !== null
        ? `${rank.order === "desc" ? "Top" : "Bottom"} ${rank.n}`
        : rank.order === "desc"
          ? "Highest first"
          : "Lowest first";
    parts.push(metric ? `${head} by ${metric}` : head);
  }
  const screen = request.screen ?? null;
  if (screen) {
    const name = request.metrics.find((m) => m.key === screen.metricKey)?.name ?? screen.metricKey;
    parts.push(`${name} ${screen.op} ${screen.value}`);
  }
  return parts.join(" · ");
}

/** "“last 8 quarters” → 2023-01-01 – 2024-12-31 (quarterly, 8 most recent periods)", "latest available". */
function describeDates(dates: DateRange): string {
  const range = dates.start || dates.end ? `${dates.start ?? "…"} – ${dates.end ?? "…"}` : null;
  const fiscal = dates.fiscal
    ? `fiscal ${dates.fiscal.period === "FY" ? "year" : dates.fiscal.period} ${dates.fiscal.year}`
    : null;
  const target =
    range ??
    (fiscal
      ? `${fiscal}, on each company's own fiscal calendar`
      : dates.latest
        ? "latest available"
        : "no dates given");
  const details = [
    dates.granularity !== "any" ? dates.granularity : null,
    range && fiscal ? fiscal : null,
    dates.count !== null ? `${dates.count} most recent periods` : null,
  ].filter((detail): detail is string => detail !== null);
  const suffix = details.length > 0 ? ` (${details.join(", ")})` : "";
  return dates.expression ? `“${dates.expression}” → ${target}${suffix}` : `${target}${suffix}`;
}

function describeModel(model: string): string {
  return model === "analyst" ? "built-in analyst (no language model)" : model;
}

function joinAlternatives(labels: string[]): string {
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} or ${labels.at(-1) ?? ""}`;
}

/** Who chose the sources: the rules, or the LLM agent whose routes passed validation. */
function routerDescription(router: string | undefined): string {
  return router === undefined || router === "rules"
    ? "routed by the rules"
    : `routed by ${router} (checked against the sources and sections searched)`;
}
