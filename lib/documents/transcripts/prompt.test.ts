// Earnings-call passages in the prompt: fenced as untrusted text with who said them and on which call.
import { describe, expect, it } from "vitest";
import { ANALYST_QUESTION as question, transcriptHit as hit } from "@/test/transcript-hits";
import { transcriptsSection } from "./prompt";

describe("transcriptsSection", () => {
  it("lists passages as [T#] with company, quarter, speaker and role, the question with its answer, fenced", () => {
    const section = transcriptsSection([hit({}), question]);
    expect(section).toContain(
      "[T1] The Coca-Cola Company (KO) fiscal Q3 2021 call, prepared remarks, Jane Chief (executive, Chief Executive Officer)",
    );
    expect(section).toContain(
      "[T2] The Coca-Cola Company (KO) fiscal Q3 2021 call, Q&A, Sam Asker (analyst, Big Bank -- Analyst)",
    );
    expect(section).toContain(
      "Answered by Jane Chief (executive): We expect mid-single-digit commodity inflation in 2022.",
    );
    // The passage cannot close the fence early.
    expect(section.match(/TRANSCRIPT_DATA>>>/g)).toHaveLength(1);
    expect(section.trim().endsWith("TRANSCRIPT_DATA>>>")).toBe(true);
  });
});
