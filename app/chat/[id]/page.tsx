import type { Metadata } from "next";
import { ChatLayout } from "@/components/chat/chat-layout";
import { ConversationNotFound } from "@/components/chat/conversation-not-found";
import { ExistingConversation } from "@/components/chat/existing-conversation";
import { requirePageViewer } from "@/lib/auth/session";
import { conversationIdSchema } from "@/lib/conversation/api";

export const metadata: Metadata = { title: "Conversation" };

// A stored conversation. The browser loads it from GET /api/conversations/[id]; an id that cannot be
// a conversation's is answered here without a request.
export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Signed in here; whether the conversation is theirs, GET /api/conversations/[id] decides.
  await requirePageViewer(`/chat/${encodeURIComponent(id)}`);
  const isConversationId = conversationIdSchema.safeParse(id).success;
  return <ChatLayout>{isConversationId ? <ExistingConversation id={id} /> : <ConversationNotFound />}</ChatLayout>;
}
