// GET /api/conversations: the signed-in user's history list, newest first.
import { requireApiViewer } from "@/lib/auth/session";
import { databaseUnavailable } from "@/lib/conversation/http";
import { getPrisma } from "@/lib/db/client";
import { listConversations } from "@/lib/conversation/store";

export async function GET(request: Request): Promise<Response> {
  const signedIn = await requireApiViewer(request);
  if ("response" in signedIn) return signedIn.response;
  try {
    return Response.json(await listConversations(await getPrisma(), signedIn.viewer.id));
  } catch (error) {
    return databaseUnavailable(error);
  }
}
