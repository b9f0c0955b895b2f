// A question about what a company's filings say, through the whole pipeline on real databases (the
// seed plus an invented filing, the real encoder, the built-in analyst): the request routes it to the
// filings, the passages arrive as their own data part and in the prompt as [F1]…, and the answer quotes
// them as filed, each cited, instead of asking for a metric.
import { createUIMessageStream, readUIMessageStream } from "ai";
import { describe, expect, it } from "vitest";
import { rulesAgent } from "@/lib/agent/rules-agent";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import { readConfig } from "@/lib/core/config";
import type { Database } from "@/lib/db/client";
import { newsConfigFromEnv } from "@/lib/documents/config";
import { useLiteEmbedder } from "@/lib/documents/embeddings";
import { insertFiling } from "@/lib/documents/filings/store";
import { sliceDatabase } from "@/test/data";
import { testBackends } from "@/test/db";
import { answerQuestion } from "./answer-question";

const RISK_TEXT =
  "We rely on independent contract manufacturers to make nearly all of our footwear. " +
  "A disruption at the contract factories that make our products could delay deliveries to our customers. " +
  "Our results also depend on consumer demand in every region.";

async function addFiling(db: Database): Promise<void> {
  await insertFiling(
    db.prisma,
    {
      ticker: "NKE",
      companyName: "NIKE, Inc.",
      form: "10-K",
      fiscalYear: 2023,
      fiscalPeriod: "FY",
      periodEnd: "2023-05-31",
      filedDate: "2023-07-20",
      sourceUrl: "https://example.com/nke-10k-2023",
      sourceKey: "NKE_2023_10K_TEST",
      source: "financebench",
      pages: ["cover", RISK_TEXT],
      pageCount: 2,
      sectionsFound: ["1", "1A"],
      chunking: 1,
      chunks: [
        {
          sectionCode: "1",
          sectionTitle: "Business",
          pageIndex: 1,
          charStart: 0,
          charEnd: RISK_TEXT.length,
          isTable: false,
          isFinancialStatement: false,
          text: RISK_TEXT,
          header: "NIKE, Inc. 10-K FY2023, Item 1 Business",
          summary: null,
        },
      ],
    },
    null,
  );
}

describe.each(testBackends())("answering from the filings on $name", (backend) => {
  const { prisma } = sliceDatabase(backend, addFiling);

  it("quotes the filing, each quote cited, instead of asking for a metric", async () => {
    const stream = createUIMessageStream<FinGroundUIMessage>({
      execute: async ({ writer }) => {
        await answerQuestion({
          prisma: prisma(),
          agent: rulesAgent,
          question: "What does Nike say about its reliance on contract factories?",
          today: "2026-12-01",
          llm: null,
          writer,
          news: { config: newsConfigFromEnv(readConfig({})), embedder: useLiteEmbedder() },
        });
      },
    });
    let message: FinGroundUIMessage | undefined;
    for await (const m of readUIMessageStream<FinGroundUIMessage>({ stream })) message = m;
    const parts = message!.parts;
    const request = parts.find((p) => p.type === "data-request")!.data;
    expect(request.sources[0]).toMatchObject({ source: "filings", sections: ["1"] });
    const filings = parts.find((p) => p.type === "data-filings")!.data;
    expect(filings.hits.map((h) => [h.ticker, h.sectionCode, h.page])).toEqual([["NKE", "1", 2]]);
    expect(filings.missing).toEqual([]);
    const text = parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");
    expect(text).toMatch(/^This answer quotes NIKE's SEC filings as filed/);
    expect(text).not.toMatch(/could not find/i);
    const quotes = [...text.matchAll(/^- "(.+)" \[F1\]/gm)].map((m) => m[1]!.replace(/\\(.)/g, "$1"));
    expect(quotes.length).toBeGreaterThan(0);
    for (const quote of quotes) expect(RISK_TEXT).toContain(quote);
    // The answer's own numbers (the filing's fiscal year, the passages found) trace to what it was given.
    const numbers = parts.find((p) => p.type === "data-numbers")!.data;
    expect(numbers.numbers.length).toBeGreaterThan(0);
    expect(numbers.numbers.filter((n) => n.status === "untraced")).toEqual([]);
    expect(parts.find((p) => p.type === "data-prompt")!.data.prompt).toContain("[F1] NIKE, Inc. (NKE), 10-K FY2023");
  }, 60_000);
});
