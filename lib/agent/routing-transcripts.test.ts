// Routing to the earnings calls (the design's source matrix): management commentary, tone, strategy,
// launches, guidance and analysts' questions go to the transcripts, per company; the latest quarter's
// results to the filed figures first with the call for context; several sources at once, each with
// its reason.
import { describe, expect, it } from "vitest";
import { parseQuestion } from "./parse-question";

const ask = (question: string) => parseQuestion(question, { today: "2026-12-01" });
const sourcesOf = (question: string) => ask(question).sources.map((s) => s.source);

describe("routing a question to the earnings calls", () => {
  it.each([
    ["What did Coca-Cola's CEO say on the earnings call?", "what management said"],
    ["What was the tone of Home Depot's management this quarter?", "tone"],
    ["What is Salesforce's strategy for Slack?", "strategy"],
    ["What products did Nike launch?", "product launches"],
    ["What guidance did 3M give for 2022?", "guidance"],
    ["What were analysts worried about on IBM's call?", "analysts asked"],
  ])("%s → transcripts (%s)", (question, reasonWords) => {
    const route = ask(question).sources.find((s) => s.source === "transcripts");
    expect(route?.reason).toContain(reasonWords);
  });

  it("sends analysts' questions to the Q&A section", () => {
    const route = ask("What did analysts ask Verizon's management?").sources.find((s) => s.source === "transcripts");
    expect(route?.sections).toEqual(["qa"]);
  });

  it("answers the latest quarter's results from the figures first, the call for context", () => {
    expect(sourcesOf("How were Coca-Cola's latest quarter results?").slice(0, 2)).toEqual(["metrics", "transcripts"]);
  });

  it("compares what two companies said about AI, each company's calls", () => {
    const request = ask("Compare what IBM and Salesforce said about AI");
    const route = request.sources.find((s) => s.source === "transcripts");
    expect(route?.reason).toContain("AI");
    expect(route?.reason).toContain("each one's calls");
    expect(request.companies.map((c) => c.kind === "company" && c.ticker).sort()).toEqual(["CRM", "IBM"]);
  });

  it("asks the calls and the 10-K at once for a competitive moat, each with its reason", () => {
    const request = ask("What is Coca-Cola's competitive moat?");
    const sources = request.sources.map((s) => s.source);
    expect(sources).toContain("transcripts");
    expect(sources).toContain("filings");
    expect(request.sources.every((s) => s.reason.length > 0)).toBe(true);
  });

  it("leaves a question without call words to the other sources", () => {
    expect(sourcesOf("What was Apple's revenue in 2023?")).not.toContain("transcripts");
  });
});
