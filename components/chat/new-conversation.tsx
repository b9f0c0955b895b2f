"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Chat } from "./chat";
import { newConversationId } from "./new-conversation-id";

/**
 * A conversation that does not exist yet: its id is made in the browser when the chat mounts. After
 * the first answer the URL reads /chat/<id> while this page stays; "New chat" (back to /) starts over
 * with a fresh id, since Next keeps this page mounted for a navigation to the route it already shows.
 */
export function NewConversation() {
  // Made in the browser only; the server render never shows the id, so hydration matches.
  const [conversationId, setConversationId] = useState(() =>
    typeof window === "undefined" ? "" : newConversationId(),
  );
  const pathname = usePathname();
  const previousPathname = useRef(pathname);

  useEffect(() => {
    if (pathname === "/" && previousPathname.current !== "/") setConversationId(newConversationId());
    previousPathname.current = pathname;
  }, [pathname]);

  return <Chat key={conversationId} conversationId={conversationId} isNewConversation />;
}
