// The built-in analyst quotes the calls' own sentences, each with its [T#] and who said it.
import { describe, expect, it } from "vitest";
import { ANALYST_QUESTION as question, transcriptHit as hit } from "@/test/transcript-hits";
import { analystTranscriptsParagraph, quotedPart } from "./call-quotes";

describe("analystTranscriptsParagraph", () => {
  it("quotes the passages as said, each cited, an analyst's question with the answer that followed", () => {
    const paragraph = analystTranscriptsParagraph([hit({}), question], "What guidance did Coca-Cola give?");
    expect(paragraph).toContain("[T1]");
    expect(paragraph).toContain("[T2]");
    expect(paragraph).toContain("Answered by Jane Chief");
    expect(paragraph).toContain("15% to 17%");
  });

  it("does not quote an answer twice when its question is shown with it", () => {
    const answer = hit({
      chunkId: "3",
      section: "qa",
      exchange: 1,
      exchangePart: "answer",
      text: "We expect mid-single-digit commodity inflation in 2022.",
    });
    const paragraph = analystTranscriptsParagraph([question, answer], "What about commodity inflation?");
    expect(paragraph).not.toContain("[T2]");
    expect(paragraph.match(/2022/g)).toHaveLength(1);
    // Ranked the other way, the answer is quoted as its own passage and not again under its question.
    const answerFirst = analystTranscriptsParagraph([answer, question], "What about commodity inflation?");
    expect(answerFirst.match(/2022/g)).toHaveLength(1);
    expect(answerFirst).toContain("[T2]");
    expect(answerFirst).not.toContain("Answered by");
  });

  it("answers a summary question with the call's result and guidance sentences, numbers exact", () => {
    const paragraph = analystTranscriptsParagraph([hit({})], "Key takeaways of KO's Q3 2021 call");
    expect(paragraph.split("\n")[0]).toContain("Key takeaways");
    expect(paragraph).toContain("15% to 17%");
    expect(paragraph).toContain("14%");
  });

  it("quotes a guidance question's guidance first: the passages that state it, by their guidance sentences", () => {
    const ranked = [
      hit({
        chunkId: "1",
        text: "Thank you all for joining. Our teams executed well across every region this quarter.",
      }),
      hit({
        chunkId: "2",
        text: "Marketing spend rose in Asia. We expect full-year organic revenue growth of 7% to 8%.",
      }),
      hit({
        chunkId: "3",
        text: "Volume recovered in away-from-home channels. Our bottlers delivered strong execution.",
      }),
      hit({
        chunkId: "4",
        text: "We now anticipate a raised outlook for free cash flow of $9.5 billion for the full year.",
      }),
    ];
    // Lines of the paragraph, Markdown escapes removed.
    const linesOf = (text: string) => text.replace(/\\(.)/g, "$1").split("\n").slice(1);
    const lines = linesOf(analystTranscriptsParagraph(ranked, "What guidance did Coca-Cola give?"));
    // The guidance sentence, not the passage's opening ("Marketing spend rose in Asia").
    expect(lines[0]).toMatch(/^- "We expect full-year organic revenue growth of 7% to 8%\." \[T2\]/);
    expect(lines[1]).toMatch(
      /^- "We now anticipate a raised outlook for free cash flow of \$9\.5 billion for the full year\." \[T4\]/,
    );
    expect(lines[2]).toMatch(/\[T1\]/);
    // Any other question quotes by rank and opening, as before.
    const plain = linesOf(analystTranscriptsParagraph(ranked, "What did Coca-Cola say about Asia?"));
    expect(plain[0]).toMatch(/^- "Thank you all for joining\./);
    expect(plain[1]).toMatch(/^- "Marketing spend rose in Asia\. We expect/);
  });

  it("says nothing without passages", () => {
    expect(analystTranscriptsParagraph([], "anything")).toBe("");
  });
});

describe("what a call passage is quoted by", () => {
  it("joins two guidance sentences that do not follow each other with …, never as if said together", () => {
    const text =
      "We now expect full-year revenue of $4.2 billion. Our stores were busy in the U.S. and abroad. We expect margins of 12.5% next year.";
    expect(quotedPart(text, true)).toBe(
      "We now expect full-year revenue of $4.2 billion. … We expect margins of 12.5% next year.",
    );
  });

  it("quotes a passage's first whole sentences, and marks a piece of a long sentence where it was cut", () => {
    expect(quotedPart("Revenue was $1.25 billion. Margins rose 80 basis points. Costs fell.", false)).toBe(
      "Revenue was $1.25 billion. Margins rose 80 basis points.",
    );
    expect(quotedPart("and the rest of the long sentence goes on without an end", false)).toBe(
      "… and the rest of the long sentence goes on without an end …",
    );
  });
});

describe("the same words in two call passages", () => {
  it("are quoted once, citing both passages", () => {
    const first = hit({});
    const again = hit({ chunkId: "9", ordinal: 4 });
    const paragraph = analystTranscriptsParagraph([first, again], "What did Coca-Cola say about revenue?");
    const quotes = paragraph.split("\n").filter((l) => l.startsWith("- "));
    expect(quotes).toHaveLength(1);
    expect(quotes[0]).toContain("[T1]");
    expect(quotes[0]).toContain("[T2]");
  });
});
