import { readFileSync } from "node:fs";
import { parseQuestion } from "@/lib/agent/parse-question";
import { singleCompanies } from "@/lib/agent/schema";
const rows = readFileSync(process.argv[2] ?? "eval/agent/vocabulary.jsonl", "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
let extra = 0, missing = 0;
for (const r of rows) {
  const req = parseQuestion(r.question, { today: "2026-11-30" });
  const got = singleCompanies(req).map((c) => `${c.ticker}<${c.span?.text}>`);
  const groups = req.companies.filter((c) => c.kind !== "company").map((c) => c.kind);
  const gt = singleCompanies(req).map((c) => c.ticker);
  const ex = gt.filter((t) => !r.tickers.includes(t));
  const mi = r.tickers.filter((t: string) => !gt.includes(t));
  extra += ex.length; missing += mi.length;
  if ((ex.length || mi.length || process.env.ALL) && (r.split === "tuned" || process.env.HELD)) console.log(`${r.split === "held-out" ? "H" : "T"} ${r.id} ${JSON.stringify(r.question)} gold=[${r.tickers}] got=[${got}] ${groups.join(",")} metrics=[${req.metrics.map((m) => m.key)}]`);
}
console.log({ extra, missing });
