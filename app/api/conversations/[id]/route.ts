// GET /api/conversations/[id]: one of the signed-in user's conversations with its messages, as the
// browser streamed them. Another user's conversation is answered like an unknown one (404).
import { requireApiViewer } from "@/lib/auth/session";
import { conversationIdSchema } from "@/lib/conversation/api";
import { apiError, databaseUnavailable } from "@/lib/conversation/http";
import { getPrisma } from "@/lib/db/client";
import { getConversation } from "@/lib/conversation/store";

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const signedIn = await requireApiViewer(request);
  if ("response" in signedIn) return signedIn.response;
  const { id } = await context.params;
  if (!conversationIdSchema.safeParse(id).success) return apiError(400, "INVALID_ID", "A conversation id is a UUID.");
  let conversation;
  try {
    conversation = await getConversation(await getPrisma(), id, signedIn.viewer.id);
  } catch (error) {
    return databaseUnavailable(error);
  }
  return conversation ? Response.json(conversation) : apiError(404, "NOT_FOUND", "This conversation does not exist.");
}
