import { ChatLayout } from "@/components/chat/chat-layout";
import { NewConversation } from "@/components/chat/new-conversation";
import { requirePageViewer } from "@/lib/auth/session";

// A new conversation: the browser makes its id; after the first answer the URL becomes /chat/<id>.
export default async function NewChatPage() {
  await requirePageViewer("/");
  return (
    <ChatLayout>
      <NewConversation />
    </ChatLayout>
  );
}
