// The built-in analyst quotes filing passages exactly as filed, each quote with its [F#].
import { describe, expect, it } from "vitest";
import { CONTRACT_FACTORY_HITS, filingHit } from "@/test/filing-hits";
import { analystFilingsParagraph, filingQuotes } from "./filing-quotes";

const QUESTION = "What does Nike say about its reliance on contract factories?";

describe("the built-in analyst's quotes", () => {
  it("quotes only sentences of the passages, each a substring of its own passage's text", () => {
    const quotes = filingQuotes(CONTRACT_FACTORY_HITS, QUESTION);
    expect(quotes.length).toBeGreaterThan(0);
    for (const { indices, sentence } of quotes)
      for (const index of indices) expect(CONTRACT_FACTORY_HITS[index]!.text).toContain(sentence);
  });

  it("picks the sentences about the question and skips tables", () => {
    const quotes = filingQuotes(CONTRACT_FACTORY_HITS, QUESTION);
    expect(quotes.flatMap((q) => q.indices)).not.toContain(1);
    expect(quotes.filter((q) => q.indices.includes(0)).map((q) => q.sentence)).toEqual([
      "We depend on independent contract manufacturers for nearly all of our footwear and apparel.",
      "Our contract factories are located mostly outside the United States, and a disruption at any of them could delay deliveries.",
    ]);
  });

  it("says it quotes the filings and cites each quote by its passage's label", () => {
    const paragraph = analystFilingsParagraph(CONTRACT_FACTORY_HITS, QUESTION);
    const [lead, ...items] = paragraph.split("\n");
    expect(lead).toBe("What the filings say (quoted as filed, 3 passages found):");
    expect(items[0]).toBe(
      '- "We depend on independent contract manufacturers for nearly all of our footwear and apparel\\." [F1] ' +
        "(NIKE, Inc\\. \\(NKE\\), 10\\-K FY2023, Item 1A Risk Factors, page 11)",
    );
    expect(items.some((l) => l.includes("[F3]"))).toBe(true);
    expect(items.some((l) => l.includes("[F2]"))).toBe(false);
  });

  it("skips the pieces a chunk boundary cut, and keeps a sentence across the page layout's line breaks", () => {
    const hit = filingHit(1, {
      text: "of contract factories that the previous chunk began to describe. Our contract factories\nare located in many countries and make nearly all of our footwear. The last contract factories sentence is cut",
    });
    expect(filingQuotes([hit], QUESTION).map((q) => q.sentence)).toEqual([
      "Our contract factories\nare located in many countries and make nearly all of our footwear.",
    ]);
  });

  it("never cuts a quote inside an amount, a percentage, a decimal or an abbreviation", () => {
    const hit = filingHit(1, {
      text:
        "Our total debt totaled $57.0 billion at the end of fiscal 2023, and gross margin was 80.1% of net sales. " +
        "Net loss per share from discontinued operations was ($0.35), and revenue in the U.S. rose to $1.2 billion.",
    });
    expect(filingQuotes([hit], "What was the debt, gross margin and loss per share?").map((q) => q.sentence)).toEqual([
      "Our total debt totaled $57.0 billion at the end of fiscal 2023, and gross margin was 80.1% of net sales.",
      "Net loss per share from discontinued operations was ($0.35), and revenue in the U.S. rose to $1.2 billion.",
    ]);
  });

  it("never quotes page furniture at a quote's edge", () => {
    const hit = filingHit(1, {
      text: "Table of Contents\nOur contract factories are located in many countries and make our footwear.\nNIKE, Inc. | 2023 Form 10-K | 11",
    });
    expect(filingQuotes([hit], QUESTION).map((q) => q.sentence)).toEqual([
      "Our contract factories are located in many countries and make our footwear.",
    ]);
  });

  it("skips a sentence the chunker marked as cut (… at the chunk's edge)", () => {
    const hit = filingHit(1, {
      text: "… contract factories in the last year, as the previous chunk began to say. Our contract factories are located in many countries. The factories make footwear for …",
    });
    expect(filingQuotes([hit], QUESTION).map((q) => q.sentence)).toEqual([
      "Our contract factories are located in many countries.",
    ]);
  });

  it("quotes a sentence two filings share once, citing both", () => {
    const risk = "We depend on independent contract manufacturers for nearly all of our footwear and apparel.";
    const hits = [
      filingHit(1, { text: `${risk} Our contract factories are located mostly outside the United States.` }),
      filingHit(2, {
        fiscalYear: 2022,
        filingId: "filing-nke-2022",
        // The same sentence, laid out on two lines and with a word's case changed, as 10-Ks of two years do.
        text: `${risk.replace("footwear and", "footwear and\n").replace("contract manufacturers", "Contract Manufacturers")}`,
      }),
    ];
    const quotes = filingQuotes(hits, QUESTION);
    expect(quotes.filter((q) => q.sentence.startsWith("We depend")).map((q) => q.indices)).toEqual([[0, 1]]);
    const paragraph = analystFilingsParagraph(hits, QUESTION);
    const lines = paragraph.split("\n").filter((l) => l.includes("We depend"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("[F1] [F2]");
    expect(lines[0]).toContain("10\\-K FY2023");
    expect(lines[0]).toContain("10\\-K FY2022");
  });

  it("writes nothing when there is no passage", () => {
    expect(analystFilingsParagraph([], QUESTION)).toBe("");
  });
});
