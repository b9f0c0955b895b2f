import type { AnswerNotice as AnswerNoticeData } from "@/lib/conversation/message";

const titles: Record<AnswerNoticeData["code"], string> = {
  LLM_UNAVAILABLE: "The language model is unavailable",
  LLM_TIMEOUT: "The language model took too long",
  LLM_ERROR: "The language model failed",
  LLM_INTERRUPTED: "The answer was interrupted",
  LLM_PAUSED: "The language model is paused after failing",
};

/** Shown above an answer that did not come from the configured model as intended. */
export function AnswerNotice({ notice }: { notice: AnswerNoticeData }) {
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-950"
      data-testid="answer-notice"
      data-notice-code={notice.code}
    >
      <span className="font-semibold">{titles[notice.code] ?? "Note"}.</span> {notice.message}
    </div>
  );
}
