"use client";

import { useMemo, useState } from "react";
import { AnswerCharts } from "@/components/answer/answer-charts";
import { AnswerMarkdown } from "@/components/answer/answer-markdown";
import { AnswerNotice } from "@/components/answer/answer-notice";
import { DataTable } from "@/components/answer/data-table";
import { MissingDataList } from "@/components/answer/missing-data-list";
import { TruncatedNotice } from "@/components/answer/truncated-notice";
import { RankingTable } from "@/components/answer/ranking-table";
import { NewsCards } from "@/components/answer/news-cards";
import { citedLabels, linkCitations } from "@/components/answer/citations";
import { FilingCards } from "@/components/answer/filing-cards";
import { TranscriptCards } from "@/components/answer/transcript-cards";
import { RequestPanel } from "@/components/answer/request-panel";
import { markNumbers } from "@/components/answer/number-marks";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import { answerPartsOf } from "./answer-parts";
import { PendingAnswerIndicator } from "./pending-answer-indicator";

interface AssistantMessageProps {
  message: FinGroundUIMessage;
  /** This answer is the one streaming in now. */
  isStreaming: boolean;
  /** The user pressed Stop while this answer streamed. */
  wasStopped: boolean;
}

/**
 * One answer, in reading order: notice, text, what was looked up, charts, the data and what was
 * missing. Data parts arrive before the text, so the panel, charts and table show up first and
 * the text streams in above them.
 */
export function AssistantMessage({ message, isStreaming, wasStopped }: AssistantMessageProps) {
  const { text, brokenOffText, request, slice, prompt, timings, notice, news, filings, transcripts, numbers } =
    answerPartsOf(message);
  const [activeCitation, setActiveCitation] = useState<string | null>(null);
  const model = message.metadata?.model ?? null;
  const panelRequest = request ?? slice?.request ?? null;

  // Data parts keep their identity while text streams in, so these re-render only when they change.
  const panel = useMemo(
    () =>
      panelRequest ? (
        <RequestPanel
          request={panelRequest}
          slice={slice}
          timings={timings}
          prompt={prompt}
          model={model}
          transcripts={transcripts}
          numbers={numbers}
        />
      ) : null,
    [panelRequest, slice, timings, prompt, model, transcripts, numbers],
  );
  const charts = useMemo(() => (slice ? <AnswerCharts slice={slice} /> : null), [slice]);
  const ranking = useMemo(() => (slice?.ranking ? <RankingTable ranking={slice.ranking} /> : null), [slice]);
  const table = useMemo(() => (slice ? <DataTable slice={slice} /> : null), [slice]);
  const missing = useMemo(() => (slice ? <MissingDataList missing={slice.missing} /> : null), [slice]);
  const truncated = useMemo(() => (slice ? <TruncatedNotice cuts={slice.truncated ?? []} /> : null), [slice]);

  return (
    <article
      className="space-y-3"
      aria-label="Answer"
      aria-busy={isStreaming}
      data-testid="assistant-message"
      data-streaming={isStreaming}
    >
      {notice ? <AnswerNotice notice={notice} /> : null}
      <div className="text-slate-800" data-testid="answer-text">
        {text ? (
          news || filings ? (
            <AnswerMarkdown text={linkCitations(markNumbers(text, numbers))} onCitation={setActiveCitation} />
          ) : (
            <AnswerMarkdown text={markNumbers(text, numbers)} />
          )
        ) : null}
      </div>
      {filings && text && panelRequest ? (
        <FilingCards
          filings={filings}
          question={panelRequest.question}
          cited={citedLabels(text, "F")}
          active={activeCitation}
        />
      ) : null}
      {transcripts && text ? <TranscriptCards transcripts={transcripts} text={text} /> : null}
      {news && text ? <NewsCards news={news} cited={citedLabels(text, "N")} active={activeCitation} /> : null}
      {brokenOffText ? (
        <details
          className="rounded-lg border border-slate-200 px-4 py-2 text-sm text-slate-500"
          data-testid="broken-off-answer"
        >
          <summary className="cursor-pointer">
            The language model&apos;s unfinished answer (broke off, not used)
          </summary>
          <p className="mt-2 whitespace-pre-wrap line-through decoration-slate-300">{brokenOffText}</p>
        </details>
      ) : null}
      {isStreaming && !text ? (
        <PendingAnswerIndicator label={slice ? "Writing the answer…" : "Looking up the data…"} />
      ) : null}
      {wasStopped ? (
        <p className="text-xs text-slate-500" data-testid="answer-stopped">
          You stopped this answer.
        </p>
      ) : null}
      {panel}
      {truncated}
      {charts}
      {ranking}
      {table}
      {missing}
    </article>
  );
}
