import { parseQuestion } from "@/lib/agent/parse-question";
import { singleCompanies } from "@/lib/agent/schema";
for (const q of process.argv.slice(2)) {
  const r = parseQuestion(q, { today: "2026-11-30" });
  console.log(JSON.stringify(q), singleCompanies(r).map((c) => `${c.ticker}<${c.span?.text}>`).join(","), "|", r.metrics.map((m) => m.key).join(","), "| unrec:", r.unrecognized.map((u) => u.text).join(";"));
}
