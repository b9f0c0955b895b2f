"use client";

import { AssistantMessage } from "@/components/chat/assistant-message";
import type { FinGroundUIMessage } from "@/lib/conversation/message";

/** A stored answer drawn by the chat's own component: the text, request, charts and table the client saw. */
export function ReviewedAnswer({ message, testId }: { message: FinGroundUIMessage; testId: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4" data-testid={testId}>
      <AssistantMessage message={message} isStreaming={false} wasStopped={false} />
    </div>
  );
}
