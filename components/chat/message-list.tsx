import type { ChatStatus } from "ai";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import { AdvisorReply } from "./advisor-reply";
import { AssistantMessage } from "./assistant-message";
import { userTextOf } from "./answer-parts";
import { PendingAnswerIndicator } from "./pending-answer-indicator";
import { UserMessage } from "./user-message";

interface MessageListProps {
  messages: FinGroundUIMessage[];
  status: ChatStatus;
  stoppedMessageIds: ReadonlySet<string>;
  /** Asks an unanswered question again (the last one in place, an earlier one as a new question). */
  onRetry: (question: string, isLast: boolean) => void;
}

/** The conversation so far; while a question waits for its first byte, a "Looking up the data…" line. */
export function MessageList({ messages, status, stoppedMessageIds, onRetry }: MessageListProps) {
  const lastIndex = messages.length - 1;
  return (
    <ol className="space-y-8" data-testid="message-list" aria-label="Conversation">
      {messages.map((message, index) => (
        <li key={message.id} className="scroll-mt-6" data-message-id={message.id}>
          {message.role === "user" ? (
            <>
              <UserMessage text={userTextOf(message)} />
              {isUnanswered(messages, index, status) ? (
                <p className="mt-1 text-right text-xs text-slate-500" data-testid="unanswered-question">
                  No answer arrived for this question.{" "}
                  {status === "ready" || status === "error" ? (
                    <button
                      type="button"
                      className="font-medium text-teal-700 underline hover:text-teal-900"
                      data-testid="unanswered-retry"
                      onClick={() => onRetry(userTextOf(message), index === lastIndex)}
                    >
                      Try again
                    </button>
                  ) : null}
                </p>
              ) : null}
            </>
          ) : message.metadata?.advisor ? (
            <AdvisorReply name={message.metadata.advisor.name} text={userTextOf(message)} />
          ) : message.role === "assistant" ? (
            <AssistantMessage
              message={message}
              isStreaming={status === "streaming" && index === lastIndex}
              wasStopped={stoppedMessageIds.has(message.id)}
            />
          ) : null}
        </li>
      ))}
      {status === "submitted" ? (
        <li>
          <PendingAnswerIndicator label="Looking up the data…" />
        </li>
      ) : null}
    </ol>
  );
}

/** A question with no answer after it that is not waiting for one (stopped before the first byte). */
function isUnanswered(messages: FinGroundUIMessage[], index: number, status: ChatStatus): boolean {
  const next = messages[index + 1];
  if (next) return next.role !== "assistant";
  return status === "ready";
}
