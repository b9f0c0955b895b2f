// npm run -s agent -- --today YYYY-MM-DD
// Reads one question per line on stdin and writes one JSON line per question on stdout: the same
// Structured Data Request as POST /api/agent, or {"error": {...}} for a line that is not a question.
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { localAgentFromEnv } from "@/lib/agent/agent-from-env";
import { agentRequestSchema } from "@/lib/agent/agent-request";
import { isoDateSchema } from "@/lib/agent/schema";
import { referenceDate } from "@/lib/chat/answer-question";

const { values } = parseArgs({ options: { today: { type: "string" } } });
const today = isoDateSchema.safeParse(values.today ?? referenceDate());
if (!today.success) {
  console.error(`--today must be a date as YYYY-MM-DD (got "${values.today}")`);
  process.exit(2);
}
const agent = localAgentFromEnv();
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  const parsed = agentRequestSchema.safeParse({ query: line, today: today.data });
  const output = parsed.success
    ? await agent.parse(parsed.data.query, { today: today.data })
    : { error: { code: "INVALID_QUERY", message: parsed.error.issues.map((i) => i.message).join("; ") } };
  process.stdout.write(`${JSON.stringify(output)}\n`);
}
