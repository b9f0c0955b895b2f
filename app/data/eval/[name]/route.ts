// GET /data/eval/<name>: the latest evaluation report's files (report.json, report.md, its SVG charts),
// for signed-in viewers like /data itself; any other name is a 404. The pages' CSP (proxy.ts) covers these
// responses too: a chart opened on its own can run no script.
import { requireApiViewer } from "@/lib/auth/session";
import { apiError } from "@/lib/conversation/http";
import { readReportFile, reportFileOf } from "../report-files";

export async function GET(request: Request, { params }: { params: Promise<{ name: string }> }): Promise<Response> {
  const auth = await requireApiViewer(request);
  if ("response" in auth) return auth.response;
  const { name } = await params;
  const served = reportFileOf(name);
  const text = served ? await readReportFile(name) : null;
  if (!served || text === null)
    return apiError(404, "NOT_FOUND", `No report file "${name}": run npm run eval to write the report.`);
  return new Response(text, {
    headers: {
      "content-type": served.contentType,
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
    },
  });
}
