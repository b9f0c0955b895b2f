import { createUIMessageStream, readUIMessageStream } from "ai";
import { afterAll, beforeAll, describe, it } from "vitest";
import { rulesAgent } from "@/lib/agent/rules-agent";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import { readConfig } from "@/lib/core/config";
import { silentProgress } from "@/lib/core/progress";
import { newsConfigFromEnv } from "@/lib/documents/config";
import { useLiteEmbedder } from "@/lib/documents/embeddings";
import { embedPendingFactLabels } from "@/lib/documents/filings/fact-labels";
import { prepareSchema } from "@/lib/ingest/prepare";
import { runIngest } from "@/lib/ingest/run";
import { testBackends, type TestDatabase } from "@/test/db";
import { storeFilingCompany, writeFinancebenchFiling } from "@/test/filing-tables";
import { answerQuestion } from "./answer-question";

const embedder = useLiteEmbedder();
const PAGES = [
  "FORM 10-K\nFor the fiscal year ended August 28, 2022\nCOSTCO WHOLESALE CORPORATION",
  ["Consolidated Statements of Income", "52 Weeks Ended (In Millions)   Aug 28, 2022   Aug 29, 2021", "Net sales   $   1,200   $   1,000", "Merchandise costs   1,050   880", "Net income   $   60   $   50"].join("\n"),
  ["Selected Operating Data", "   Aug 28, 2022   Aug 29, 2021", "Number of warehouses   838   815", "Number of employees   304,000   288,000"].join("\n"),
  ["Derivative Instruments", "(In Millions)   Aug 28, 2022   Aug 29, 2021", "Cross-currency swaps notional   700   650", "Net losses after tax   (35)   (20)"].join("\n"),
];
describe.each(testBackends())("scratch $name", (backend) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await backend.open();
    await prepareSchema(test.db);
    await storeFilingCompany(test.db.prisma, { ticker: "COST", name: "Costco Wholesale Corporation", fiscalYearEndMonth: 8 });
    await runIngest(test.db, "filings", [writeFinancebenchFiling({ docName: "COSTCO_2022_10K", company: "Costco", period: 2022, pages: PAGES })], silentProgress, { embedder: null });
    await runIngest(test.db, "facts", [], silentProgress);
    await embedPendingFactLabels(test.db.prisma, embedder, silentProgress);
  }, 120_000);
  afterAll(async () => { await test?.dispose(); });
  it("prints", async () => {
    for (const question of ["How much did Costco spend on property tax in fiscal 2022?", "What was Costco's cross-currency swaps notional in fiscal 2022?", "How many warehouses did Costco have in fiscal 2022?", "How much did Costco spend on repurchases of common stock in fiscal 2022?", "How many workers did Costco have in fiscal 2022?"]) {
      const stream = createUIMessageStream<FinGroundUIMessage>({ execute: async ({ writer }) => { await answerQuestion({ prisma: test.db.prisma, agent: rulesAgent, question, today: "2026-12-01", llm: null, writer, news: { config: newsConfigFromEnv(readConfig({})), embedder } }); } });
      let message: FinGroundUIMessage | undefined;
      for await (const m of readUIMessageStream<FinGroundUIMessage>({ stream })) message = m;
      const parts = message!.parts;
      console.log("Q:", question, "\n", parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("").slice(0, 1200));
      console.log("PROMPT:", parts.find((p) => p.type === "data-prompt")?.data.prompt.split("\n").filter((l: string) => /line|Line|printed|table/i.test(l)).join("\n"));
    }
  }, 120_000);
});
