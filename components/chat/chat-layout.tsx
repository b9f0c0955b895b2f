import type { ReactNode } from "react";
import { ConversationList } from "./conversation-list";

/** The chat pages: history on the left, the conversation on the right (stacked on small screens). */
export function ChatLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid gap-8 lg:grid-cols-[15rem_minmax(0,1fr)]" data-testid="chat-layout">
      <aside className="max-h-72 overflow-y-auto lg:sticky lg:top-6 lg:max-h-[calc(100dvh-3rem)] lg:self-start">
        <ConversationList />
      </aside>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
