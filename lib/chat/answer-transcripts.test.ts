// A question about what management said on a call, through the whole pipeline on real databases (the
// seed plus a call written for the test, the real encoder, the built-in analyst): the request routes
// it to the transcripts, the passages arrive as their own data part and in the prompt as [T1]… with
// speaker and role, an analyst's question with its answer, and the answer quotes what was said, cited,
// opening with what it quotes (the calls, not filings it did not find).
import { createUIMessageStream, readUIMessageStream } from "ai";
import { describe, expect, it } from "vitest";
import { rulesAgent } from "@/lib/agent/rules-agent";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import { readConfig } from "@/lib/core/config";
import type { Database } from "@/lib/db/client";
import { newsConfigFromEnv } from "@/lib/documents/config";
import { useLiteEmbedder } from "@/lib/documents/embeddings";
import { writeTranscript } from "@/lib/documents/transcripts/store";
import { sliceDatabase } from "@/test/data";
import { testBackends } from "@/test/db";
import { answerQuestion } from "./answer-question";

const GUIDANCE = "We now expect comparable earnings per share growth of 15% to 17% for the full year.";

async function addCall(db: Database): Promise<void> {
  await writeTranscript(
    db.prisma,
    {
      callId: "KO_q3_2021",
      source: "la83la",
      ticker: "KO",
      companyName: "The Coca-Cola Company",
      fiscalYear: 2021,
      fiscalQuarter: 3,
      calendar: { year: 2021, quarter: 3 },
      turns: [
        {
          speaker: "Jane Chief",
          title: "Chief Executive Officer",
          role: "executive",
          section: "prepared_remarks",
          text: GUIDANCE,
        },
        {
          speaker: "Sam Asker",
          title: "Big Bank -- Analyst",
          role: "analyst",
          section: "qa",
          text: "Can you walk us through the guidance for commodity costs next year?",
        },
        {
          speaker: "Jane Chief",
          title: "Chief Executive Officer",
          role: "executive",
          section: "qa",
          text: "Our guidance assumes mid-single-digit commodity inflation next year.",
        },
      ],
      referenceBullets: [],
      ectsumSplit: null,
    },
    null,
  );
}

describe.each(testBackends())("answering from the earnings calls on $name", (backend) => {
  const { prisma } = sliceDatabase(backend, addCall);

  const answer = async (question: string) => {
    const stream = createUIMessageStream<FinGroundUIMessage>({
      execute: async ({ writer }) => {
        await answerQuestion({
          prisma: prisma(),
          agent: rulesAgent,
          question,
          today: "2026-12-01",
          llm: null,
          writer,
          news: { config: newsConfigFromEnv(readConfig({})), embedder: useLiteEmbedder() },
        });
      },
    });
    let message: FinGroundUIMessage | undefined;
    for await (const m of readUIMessageStream<FinGroundUIMessage>({ stream })) message = m;
    return message!.parts;
  };
  const textOf = (parts: FinGroundUIMessage["parts"]) =>
    parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");

  it("routes a guidance question to the calls and quotes what management said, with speaker and role", async () => {
    const parts = await answer("What guidance did Coca-Cola give on the earnings call?");
    const request = parts.find((p) => p.type === "data-request")!.data;
    expect(request.sources.map((s) => s.source)).toContain("transcripts");
    const transcripts = parts.find((p) => p.type === "data-transcripts")!.data;
    expect(transcripts.searched.tickers).toEqual(["KO"]);
    expect(transcripts.hits.length).toBe(3);
    const text = textOf(parts);
    // The opening names what the answer quotes: the calls. The filings were searched too (the route
    // includes MD&A) and held nothing for Coca-Cola: said after the quotes, not claimed in the opening.
    expect(request.sources.map((s) => s.source)).toContain("filings");
    // (The analyst's text is Markdown: the company's hyphen comes escaped.)
    expect(text).toMatch(/^This answer quotes Coca\\?-Cola's earnings calls as said; FinGround does not summarize/);
    expect(text.split("\n\n")[0]).not.toMatch(/filings/i);
    expect(text).toMatch(/No passage on this was found in the filings FinGround holds for Coca\\?-Cola\./);
    expect(text).toContain("What was said on the calls");
    expect(text).toMatch(/\[T1\]/);
    const prompt = parts.find((p) => p.type === "data-prompt")!.data.prompt;
    expect(prompt).toContain("fiscal Q3 2021 call");
    expect(prompt).toMatch(/Sam Asker \(analyst, Big Bank -- Analyst\)/);
    expect(prompt).toContain("Answered by Jane Chief (executive)");
  }, 60_000);

  it("answers a question routed to the calls alone with their quotes, not with a missing metric", async () => {
    const parts = await answer("What did analysts ask Coca-Cola on the call?");
    const request = parts.find((p) => p.type === "data-request")!.data;
    expect(request.sources.map((s) => s.source)).not.toContain("filings");
    const text = textOf(parts);
    expect(text).toMatch(/^This answer quotes Coca\\?-Cola's earnings calls as said;/);
    expect(text).not.toMatch(/could not find a metric/);
    expect(text).toContain("Can you walk us through the guidance for commodity costs next year?");
  }, 60_000);
});
