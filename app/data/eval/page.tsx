// /data/eval: the latest evaluation report (eval/report.md, written by `npm run eval`) with its charts.
import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { EvalReport } from "@/components/data/eval-report";
import { requirePageViewer } from "@/lib/auth/session";
import { readReportFile } from "./report-files";

export const metadata: Metadata = {
  title: "Evaluation report",
  description: "Every evaluation figure of FinGround with its commit, date and change, and its charts.",
};

export default async function EvalReportPage() {
  await connection();
  await requirePageViewer("/data/eval");
  const markdown = await readReportFile("report.md");
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        <Link href="/data" className="underline">
          Data
        </Link>{" "}
        ·{" "}
        <a href="/data/eval/report.json" className="underline" data-testid="eval-report-json">
          report.json
        </a>
      </p>
      {markdown === null ? (
        <p data-testid="no-eval-report">No evaluation report yet: run npm run eval.</p>
      ) : (
        <EvalReport markdown={markdown} />
      )}
    </div>
  );
}
