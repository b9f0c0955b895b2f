import { ChatLayout } from "@/components/chat/chat-layout";
import { NewConversation } from "@/components/chat/new-conversation";

// A new conversation: the browser makes its id; after the first answer the URL becomes /chat/<id>.
export default function NewChatPage() {
  return (
    <ChatLayout>
      <NewConversation />
    </ChatLayout>
  );
}
