// GET /api/conversations: the history list, newest first.
import { databaseUnavailable } from "@/lib/chat/http";
import { getPrisma } from "@/lib/db/client";
import { listConversations } from "@/lib/db/queries/conversations";

export async function GET(): Promise<Response> {
  try {
    return Response.json(await listConversations(await getPrisma()));
  } catch (error) {
    return databaseUnavailable(error);
  }
}
