// The evaluation report's files (written by `npm run eval` into eval/) as the app serves them: only these
// names, each mapped to its file, so no request path ever reaches the file system.
import { readFile } from "node:fs/promises";
import path from "node:path";

const EVAL_DIR = path.resolve(/*turbopackIgnore: true*/ process.cwd(), "eval");
const CHART_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*-(?:history|latency)\.svg$/;

interface ReportFile {
  file: string;
  contentType: string;
}

/** The file behind a served name, or null for any other name. */
export function reportFileOf(name: string): ReportFile | null {
  if (name === "report.json") return { file: path.join(EVAL_DIR, name), contentType: "application/json" };
  if (name === "report.md") return { file: path.join(EVAL_DIR, name), contentType: "text/markdown; charset=utf-8" };
  if (CHART_NAME.test(name)) return { file: path.join(EVAL_DIR, "charts", name), contentType: "image/svg+xml" };
  return null;
}

/** The text of a served file, or null when the name is not served or no report was written yet. */
export async function readReportFile(name: string): Promise<string | null> {
  const served = reportFileOf(name);
  if (!served) return null;
  try {
    return await readFile(served.file, "utf8");
  } catch {
    return null;
  }
}
