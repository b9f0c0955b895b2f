import { describe, expect, it } from "vitest";

import { COMPANIES } from "@/lib/catalog/companies";
import { fuzzyCompany, matchCompanyAt, rankCompanies } from "./companies";
import { tokenize } from "./tokens";

/** The company named at the start of `text`, and how many words it took. */
function match(text: string) {
  const tokens = tokenize(text);
  const hit = matchCompanyAt(tokens, 0, { question: text, shouting: false, usable: () => true });
  return hit ? { ticker: hit.company.ticker, words: hit.length, of: tokens.length } : null;
}

describe("matchCompanyAt", () => {
  it("finds every core company by its ticker, its name and each alias, whole", () => {
    for (const c of COMPANIES) {
      for (const text of [c.ticker, c.name, ...c.aliases.map((a) => a.alias)]) {
        const hit = match(text);
        expect(hit?.ticker, text).toBe(c.ticker);
        expect(hit?.words, text).toBe(hit?.of);
      }
    }
  });

  it("reads names case-insensitively, with possessives and curly apostrophes", () => {
    for (const text of ["apple", "APPLE", "Apple's", "apple’s", "nvidia", "NVIDIA Corp", "coca cola", "COCA-COLA", "j&j", "p & g"]) {
      expect(match(text), text).not.toBeNull();
    }
  });

  it("takes lowercase tickers unless they are everyday words or two letters", () => {
    expect(match("msft")?.ticker).toBe("MSFT");
    expect(match("googl")?.ticker).toBe("GOOGL");
    expect(match("vz")?.ticker).toBe("VZ");
    for (const word of ["v", "ma", "ko", "hd", "pg", "ba", "cost", "pep", "Ma", "Cost"]) expect(match(word), word).toBeNull();
    for (const ticker of ["V", "MA", "KO", "HD", "PG", "BA", "COST", "PEP"]) expect(match(ticker)?.ticker, ticker).toBe(ticker);
    expect(match("$cost")?.ticker).toBe("COST"); // a cashtag
    const shout = tokenize("WHAT IS THE COST");
    const ctx = { question: "WHAT IS THE COST", shouting: true, usable: () => true };
    expect(matchCompanyAt(shout, 3, ctx)).toBeNull();
  });

  it("reads a cashtag as a ticker whatever its case", () => {
    expect(match("$ko")?.ticker).toBe("KO");
    expect(match("$v")?.ticker).toBe("V");
  });

  it("takes Chase only with a capital", () => {
    expect(match("Chase")?.ticker).toBe("JPM");
    expect(match("chase")).toBeNull();
  });

  it("stops at words that are not free", () => {
    const tokens = tokenize("Home Depot");
    const hit = matchCompanyAt(tokens, 0, { question: "Home Depot", shouting: false, usable: (i) => i === 0 });
    expect(hit).toBeNull();
  });
});

describe("fuzzyCompany", () => {
  it.each([
    ["appel", "AAPL"],
    ["microsfot", "MSFT"],
    ["nvidea", "NVDA"],
    ["amazn", "AMZN"],
    ["gooogle", "GOOGL"],
    ["home dept", "HD"],
  ])("%s → %s", (text, ticker) => {
    const hit = fuzzyCompany(text, { strict: true, tickers: false });
    expect(hit?.company.ticker).toBe(ticker);
    expect(hit!.score).toBeLessThan(1);
  });

  it("is stricter with words that may be English", () => {
    expect(fuzzyCompany("apply", { strict: true, tickers: false })).toBeNull();
    expect(fuzzyCompany("mobile", { strict: true, tickers: false })).toBeNull();
    expect(fuzzyCompany("appl", { strict: true, tickers: false })).toBeNull();
    expect(fuzzyCompany("appl", { strict: false, tickers: true })?.company.ticker).toBe("AAPL");
  });

  it("gives up when two companies are about as close", () => {
    // "Meta" and "Tesla" are both two edits from "metla"-like words; nothing close stays null.
    expect(fuzzyCompany("qwerty", { strict: false, tickers: false })).toBeNull();
  });
});

describe("rankCompanies", () => {
  it("ranks close names first and counts a name's beginning", () => {
    const ranked = rankCompanies("micro", { tickers: false });
    expect(ranked[0]?.company.ticker).toBe("MSFT");
    expect(rankCompanies("ma", { tickers: false })[0]).toMatchObject({ score: 1, target: "ma" });
  });
});
