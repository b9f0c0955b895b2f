import { describe, expect, it } from "vitest";
import { porterStem } from "./porter-stemmer";
import { rougeLsum, rougeN, rougeTokens } from "./rouge";

// The example of rouge-score's own tests, counted by hand: 9 reference tokens, 8 candidate tokens.
const reference = "The quick brown fox jumps over the lazy dog";
const candidate = "The quick brown dog jumps on the log.";

describe("Porter stemmer (NLTK's default mode, as rouge-score uses it)", () => {
  it("follows the paper's steps on its own examples", () => {
    const stems = {
      caresses: "caress", // 1a: sses → ss
      ponies: "poni", // 1a: ies → i
      cats: "cat", // 1a: s →
      feed: "feed", // 1b: eed kept, m = 0
      plastered: "plaster", // 1b: ed removed
      motoring: "motor", // 1b: ing removed
      sing: "sing", // 1b: no vowel before "ing"
      conflated: "conflat", // 1b: at → ate, then 4: ate removed
      hopping: "hop", // 1b: double consonant undoubled
      filing: "file", // 1b: m = 1 and cvc → e added
      happy: "happi", // 1c: y → i
      relational: "relat", // 2: ational → ate, 4: ate removed
      generalization: "gener", // 2: ization → ize, 3: alize → al, 4: al removed
      controll: "control", // 5b: ll → l when m > 1
      roll: "roll", // 5b: m = 1 keeps ll
    };
    for (const [word, stem] of Object.entries(stems)) expect([word, porterStem(word)]).toEqual([word, stem]);
  });

  it("applies NLTK's departures from the paper", () => {
    expect(porterStem("ties")).toBe("tie"); // four-letter "ies" → "ie"
    expect(porterStem("dying")).toBe("die"); // irregular forms
    expect(porterStem("skies")).toBe("sky");
    expect(porterStem("news")).toBe("news");
    expect(porterStem("agreed")).toBe("agre"); // eed → ee, then 5a drops the e
    expect(porterStem("analogy")).toBe("analog"); // "logi" → "log"
    expect(porterStem("fully")).toBe("fulli"); // y → i only after a consonant in a longer stem
    expect(porterStem("as")).toBe("as"); // two letters kept
  });

  it("stems the words of earnings calls", () => {
    expect(["revenues", "revenue", "increased", "increases", "guidance", "expectations"].map(porterStem)).toEqual([
      "revenu",
      "revenu",
      "increas",
      "increas",
      "guidanc",
      "expect",
    ]);
  });
});

describe("rouge", () => {
  it("tokenizes like rouge-score: lower case, non-alphanumerics separate, stems only beyond 3 characters", () => {
    expect(rougeTokens("Q3 EPS $0.65, up 14%!")).toEqual(["q3", "eps", "0", "65", "up", "14"]);
    expect(rougeTokens("Revenues rose; sees FY sales", { stem: true })).toEqual([
      "revenu",
      "rose",
      "see",
      "fy",
      "sale",
    ]);
  });

  it("ROUGE-1 clips counts: 6 shared unigrams ('the' twice)", () => {
    const s = rougeN(candidate, reference, 1);
    expect(s.precision).toBeCloseTo(6 / 8, 10);
    expect(s.recall).toBeCloseTo(6 / 9, 10);
    expect(s.f1).toBeCloseTo((2 * (6 / 8) * (6 / 9)) / (6 / 8 + 6 / 9), 10);
  });

  it("ROUGE-2: 2 shared bigrams of 7 and 8", () => {
    const s = rougeN(candidate, reference, 2);
    expect(s.precision).toBeCloseTo(2 / 7, 10);
    expect(s.recall).toBeCloseTo(2 / 8, 10);
  });

  it("stemming matches inflections the plain tokens miss", () => {
    expect(rougeN("Revenues increased", "revenue increases", 1).f1).toBe(0);
    expect(rougeN("Revenues increased", "revenue increases", 1, { stem: true }).f1).toBe(1);
    expect(rougeLsum("Revenues increased", "revenue increases", { stem: true }).f1).toBe(1);
  });

  it("ROUGE-Lsum of one sentence each is the LCS 'the quick brown jumps the'", () => {
    const s = rougeLsum(candidate, reference);
    expect(s.precision).toBeCloseTo(5 / 8, 10);
    expect(s.recall).toBeCloseTo(5 / 9, 10);
  });

  it("ROUGE-Lsum takes the union of a reference sentence's LCS with every candidate sentence (Lin 2004, 3.2)", () => {
    // LCS with the first line: w1 w2; with the second: w1 w3 w5; union w1 w2 w3 w5 = 4 of 5 reference
    // tokens, of 10 candidate tokens.
    const s = rougeLsum("w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5", "w1 w2 w3 w4 w5");
    expect(s.recall).toBeCloseTo(4 / 5, 10);
    expect(s.precision).toBeCloseTo(4 / 10, 10);
    // The lines in the other order: the same union; joined into one line, plain LCS: w1 w3 w5, 3 of 5.
    expect(rougeLsum("w1 w3 w8 w9 w5\nw1 w2 w6 w7 w8", "w1 w2 w3 w4 w5").recall).toBeCloseTo(4 / 5, 10);
    expect(rougeLsum("w1 w3 w8 w9 w5 w1 w2 w6 w7 w8", "w1 w2 w3 w4 w5").recall).toBeCloseTo(3 / 5, 10);
  });

  it("ROUGE-Lsum counts a token no more often than both texts have it", () => {
    // Both reference lines' LCS use the candidate's one "a": counted once, so 3 hits, not 4.
    const s = rougeLsum("a b c", "a b\na c");
    expect(s.precision).toBeCloseTo(3 / 3, 10);
    expect(s.recall).toBeCloseTo(3 / 4, 10);
  });

  it("scores identical texts 1 and disjoint or empty ones 0", () => {
    expect(rougeLsum(reference, reference).f1).toBe(1);
    expect(rougeN(reference, reference, 2).f1).toBe(1);
    expect(rougeN("alpha beta", reference, 1).f1).toBe(0);
    expect(rougeN("", reference, 1).f1).toBe(0);
    expect(rougeLsum("\n\n", reference).f1).toBe(0);
  });
});
