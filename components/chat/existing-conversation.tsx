"use client";

import { useQuery } from "@tanstack/react-query";
import { Chat } from "./chat";
import { ConversationLoadError } from "./conversation-load-error";
import { ConversationLoading } from "./conversation-loading";
import { ConversationNotFound } from "./conversation-not-found";
import { ApiRequestError, conversationQueryKey, fetchConversation, shouldRetryQuery } from "./conversation-queries";

/** A stored conversation: loads its messages, then continues it in the chat. */
export function ExistingConversation({ id }: { id: string }) {
  const query = useQuery({
    queryKey: conversationQueryKey(id),
    queryFn: () => fetchConversation(id),
    retry: shouldRetryQuery,
  });

  // The chat reads the messages once, when it mounts; later cache updates do not reset it.
  if (query.data)
    return <Chat key={id} conversationId={id} initialMessages={query.data.messages} isNewConversation={false} />;
  if (query.isPending) return <ConversationLoading />;
  if (query.error instanceof ApiRequestError && (query.error.status === 404 || query.error.status === 400)) {
    return <ConversationNotFound />;
  }
  return (
    <ConversationLoadError message={query.error?.message ?? "Unknown error."} onRetry={() => void query.refetch()} />
  );
}
