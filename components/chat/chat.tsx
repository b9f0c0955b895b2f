"use client";

import { useChat } from "@ai-sdk/react";
import { useQueryClient } from "@tanstack/react-query";
import { DefaultChatTransport, type ChatStatus } from "ai";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ConversationDetail } from "@/lib/conversation/api";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import { ChatErrorBanner } from "./chat-error-banner";
import { describeChatError } from "./chat-error-description";
import { ChatInput } from "./chat-input";
import { conversationQueryKey, conversationsQueryKey } from "./conversation-queries";
import { EmptyChat } from "./empty-chat";
import { MessageList } from "./message-list";

interface ChatProps {
  conversationId: string;
  initialMessages?: FinGroundUIMessage[];
  /** A conversation that starts here: after its first answer the URL becomes /chat/<id>. */
  isNewConversation: boolean;
}

const statusDescriptions: Record<ChatStatus, string> = {
  ready: "Ready for a question.",
  submitted: "Looking up the data…",
  streaming: "Answering…",
  error: "The last answer failed.",
};

const EMPTY_MESSAGES: FinGroundUIMessage[] = [];

/** The chat of one conversation: messages, the question box, status and errors. */
export function Chat({ conversationId, initialMessages = EMPTY_MESSAGES, isNewConversation }: ChatProps) {
  const queryClient = useQueryClient();
  const [stoppedMessageIds, setStoppedMessageIds] = useState<ReadonlySet<string>>(() => new Set());
  const urlShowsConversation = useRef(!isNewConversation);

  // The server keeps the history: each request carries only the new user message.
  const transport = useMemo(
    () =>
      new DefaultChatTransport<FinGroundUIMessage>({
        api: "/api/chat",
        prepareSendMessagesRequest: ({ id, messages }) => ({
          body: { conversationId: id, message: messages[messages.length - 1] },
        }),
      }),
    [],
  );

  const { messages, sendMessage, status, error, stop, regenerate, clearError } = useChat<FinGroundUIMessage>({
    id: conversationId,
    messages: initialMessages,
    transport,
    throttle: 30,
    onFinish: ({ message, messages: allMessages, isAbort }) => {
      const answered = message.parts.length > 0;
      if (isAbort && answered) setStoppedMessageIds((previous) => new Set(previous).add(message.id));
      if (answered && !urlShowsConversation.current) {
        urlShowsConversation.current = true;
        // Next's router follows replaceState: the page stays, usePathname reports /chat/<id>.
        window.history.replaceState(null, "", `/chat/${conversationId}`);
      }
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
      queryClient.setQueryData<ConversationDetail>(conversationQueryKey(conversationId), (previous) =>
        previous ? { ...previous, messages: allMessages } : previous,
      );
    },
  });

  // Answers grow downwards from their question (panel, chart and table first, text above them), so
  // the page brings the newest question to the top once instead of chasing the bottom.
  const scrollToLastQuestion = useRef(initialMessages.length > 0);
  useEffect(() => {
    if (!scrollToLastQuestion.current) return;
    const lastQuestion = messages.findLast((message) => message.role === "user");
    if (!lastQuestion) return;
    scrollToLastQuestion.current = false;
    document
      .querySelector(`[data-message-id="${CSS.escape(lastQuestion.id)}"]`)
      ?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [messages]);

  const ask = useCallback(
    (question: string) => {
      scrollToLastQuestion.current = true;
      void sendMessage({ text: question });
    },
    [sendMessage],
  );

  const retry = useCallback(
    (question: string, isLast: boolean) => {
      scrollToLastQuestion.current = true;
      // The last question is resent as it is (the server stores it once); an earlier one is asked anew.
      if (isLast) void regenerate();
      else void sendMessage({ text: question });
    },
    [regenerate, sendMessage],
  );

  const busy = status === "submitted" || status === "streaming";
  const errorDescription = error ? describeChatError(error) : null;

  return (
    <div className="flex min-h-[calc(100dvh-10rem)] flex-col" data-testid="chat">
      <p className="sr-only" aria-live="polite" data-testid="chat-status" data-status={status}>
        {statusDescriptions[status]}
      </p>
      {messages.length === 0 ? (
        <EmptyChat onAsk={ask} disabled={busy} />
      ) : (
        <>
          <h1 className="sr-only">Conversation</h1>
          <MessageList messages={messages} status={status} stoppedMessageIds={stoppedMessageIds} onRetry={retry} />
        </>
      )}
      <div className="flex-1" />
      {errorDescription ? (
        <div className="mt-6">
          <ChatErrorBanner description={errorDescription} onRetry={() => void regenerate()} onDismiss={clearError} />
        </div>
      ) : null}
      <div className="sticky bottom-0 z-20 mt-6 bg-gradient-to-t from-slate-50 from-80% to-transparent pb-3 pt-4">
        <ChatInput status={status} onSend={ask} onStop={() => void stop()} autoFocus={messages.length === 0} />
      </div>
    </div>
  );
}
