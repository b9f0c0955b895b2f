"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { formatLongDate } from "@/components/answer/format";
import { conversationsQueryKey, fetchConversations, shouldRetryQuery } from "./conversation-queries";

/** The id in /chat/<id>; also right after a new chat's URL was replaced without a navigation. */
function currentConversationId(pathname: string | null): string | null {
  const match = pathname?.match(/^\/chat\/([^/]+)\/?$/);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** The history sidebar: "New chat" and past conversations, newest first, the open one highlighted. */
export function ConversationList() {
  const pathname = usePathname();
  const currentId = currentConversationId(pathname);
  const query = useQuery({ queryKey: conversationsQueryKey, queryFn: fetchConversations, retry: shouldRetryQuery });

  return (
    <nav aria-label="Conversations" className="space-y-4" data-testid="conversation-list">
      <Link
        href="/"
        className="flex items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 no-underline shadow-xs hover:bg-slate-50"
        data-testid="new-chat-link"
      >
        <span aria-hidden="true">+</span> New chat
      </Link>
      <div className="space-y-1.5">
        <h2 className="px-2 text-xs font-medium uppercase tracking-wide text-slate-500">History</h2>
        {query.isPending ? (
          <p className="px-2 text-sm text-slate-400">Loading…</p>
        ) : query.isError ? (
          <div className="px-2 text-sm text-rose-700" role="alert" data-testid="conversation-list-error">
            The history could not be loaded.{" "}
            <button type="button" onClick={() => void query.refetch()} className="font-medium underline">
              Retry
            </button>
          </div>
        ) : query.data.length === 0 ? (
          <p className="px-2 text-sm text-slate-400" data-testid="conversation-list-empty">
            No conversations yet.
          </p>
        ) : (
          <ul className="space-y-0.5">
            {query.data.map((conversation) => {
              const isCurrent = conversation.id === currentId;
              return (
                <li key={conversation.id}>
                  <Link
                    href={`/chat/${conversation.id}`}
                    aria-current={isCurrent ? "page" : undefined}
                    className={`block rounded-lg px-2 py-1.5 text-sm no-underline ${
                      isCurrent
                        ? "bg-teal-50 font-medium text-teal-900 ring-1 ring-teal-200"
                        : "text-slate-700 hover:bg-slate-100"
                    }`}
                    data-testid="conversation-item"
                    data-conversation-id={conversation.id}
                    data-current={isCurrent}
                  >
                    <span className="line-clamp-2 break-words">{conversation.title || "Untitled conversation"}</span>
                    <time dateTime={conversation.updatedAt} className="block text-xs font-normal text-slate-400">
                      {formatLongDate(Date.parse(conversation.updatedAt))}
                    </time>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </nav>
  );
}
