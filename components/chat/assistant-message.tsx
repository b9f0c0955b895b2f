"use client";

import { useMemo, useState } from "react";
import { AnswerCharts } from "@/components/answer/answer-charts";
import { AnswerMarkdown } from "@/components/answer/answer-markdown";
import { AnswerNotice } from "@/components/answer/answer-notice";
import { DataTable } from "@/components/answer/data-table";
import { MissingDataList } from "@/components/answer/missing-data-list";
import { MoveChart } from "@/components/answer/move-chart";
import { TruncatedNotice } from "@/components/answer/truncated-notice";
import { RankingTable } from "@/components/answer/ranking-table";
import { NewsCards } from "@/components/answer/news-cards";
import { citedLabels, linkCitations } from "@/components/answer/citations";
import { FilingCards } from "@/components/answer/filing-cards";
import { TranscriptCards } from "@/components/answer/transcript-cards";
import { RequestPanel } from "@/components/answer/request-panel";
import { markNumbers } from "@/components/answer/number-marks";
import { presentationOf } from "@/lib/agent/schema";
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
 * One answer: the notice and the text in one column, the evidence (a move's chart, the news cards, what
 * was looked up, charts, the data and what was missing) in the other. On wide screens (xl) the two sit
 * side by side, the evidence pinned while the text streams; on narrower ones they stack, text first.
 * Data parts arrive before the text, so the evidence shows up first.
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
  const ranking = useMemo(
    () => (slice?.ranking ? <RankingTable ranking={slice.ranking} asked={presentationOf(slice.request)} /> : null),
    [slice],
  );
  const table = useMemo(() => (slice ? <DataTable slice={slice} /> : null), [slice]);
  const missing = useMemo(() => (slice ? <MissingDataList missing={slice.missing} /> : null), [slice]);
  const truncated = useMemo(() => (slice ? <TruncatedNotice cuts={slice.truncated ?? []} /> : null), [slice]);
  const moveChart = useMemo(() => (slice?.move ? <MoveChart move={slice.move} news={news} /> : null), [slice, news]);

  return (
    <article
      className="space-y-3 xl:grid xl:grid-cols-2 xl:items-start xl:gap-6 xl:space-y-0"
      aria-label="Answer"
      aria-busy={isStreaming}
      data-testid="assistant-message"
      data-streaming={isStreaming}
    >
      <div className="min-w-0 space-y-3" data-testid="answer-column">
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
      </div>
      <div
        className="min-w-0 space-y-3 xl:sticky xl:top-6 xl:max-h-[calc(100dvh-3rem)] xl:overflow-y-auto"
        data-testid="evidence-column"
      >
        {moveChart}
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
        {panel}
        {truncated}
        {charts}
        {ranking}
        {table}
        {missing}
      </div>
    </article>
  );
}
