import { describe, expect, it } from "vitest";

import { COMPANIES } from "@/lib/catalog/companies";
import {
  ambiguousListedNames,
  fuzzyCompany,
  matchCompanyAt,
  rankCompanies,
  useListedCompaniesForTesting,
  warmCompanyIndex,
  wordlikeCompany,
} from "./companies";
import { tokenize } from "./tokens";

/** The company named at the start of `text`, and how many words it took. */
function match(text: string) {
  const tokens = tokenize(text);
  const hit = matchCompanyAt(tokens, 0, { question: text, shouting: false, usable: () => true });
  return hit ? { ticker: hit.ticker, words: hit.length, of: tokens.length } : null;
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
    for (const text of [
      "apple",
      "APPLE",
      "Apple's",
      "apple’s",
      "nvidia",
      "nvidia's",
      "NVIDIA Corp",
      "coca cola",
      "COCA-COLA",
      "j&j",
      "p & g",
      "johnson and johnson",
      "google",
      "alphabet's",
    ]) {
      expect(match(text), text).not.toBeNull();
    }
  });

  it("takes lowercase tickers unless they are everyday words or two letters", () => {
    expect(match("msft")?.ticker).toBe("MSFT");
    expect(match("googl")?.ticker).toBe("GOOGL");
    expect(match("vz")?.ticker).toBe("VZ");
    for (const word of ["v", "ma", "ko", "hd", "pg", "ba", "cost", "pep", "Ma", "Cost"])
      expect(match(word), word).toBeNull();
    for (const ticker of ["V", "MA", "KO", "HD", "PG", "BA", "COST", "PEP"])
      expect(match(ticker)?.ticker, ticker).toBe(ticker);
    expect(match("$cost")?.ticker).toBe("COST"); // a cashtag
    const shout = tokenize("WHAT IS THE COST");
    const ctx = { question: "WHAT IS THE COST", shouting: true, usable: () => true };
    expect(matchCompanyAt(shout, 3, ctx)).toBeNull();
  });

  it("reads a cashtag as a ticker whatever its case", () => {
    expect(match("$ko")?.ticker).toBe("KO");
    expect(match("$v")?.ticker).toBe("V");
  });

  it("names the companies the context may make of word-like tickers and lowercase brands", () => {
    const word = (text: string) => {
      const hit = wordlikeCompany(tokenize(text)[0]!);
      return hit ? { ticker: hit.company.ticker, kind: hit.kind } : null;
    };
    for (const t of ["ko", "pep", "pg", "ma", "v", "hd", "ba", "Ko", "PEP"]) expect(word(t)?.kind, t).toBe("ticker");
    expect(word("chase")).toEqual({ ticker: "JPM", kind: "word" });
    expect(word("converse")).toEqual({ ticker: "NKE", kind: "word" });
    // Too common as words to be read as tickers from context.
    for (const t of ["all", "cost", "apple", "msft", "revenue"]) expect(word(t), t).toBeNull();
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

  it("reads a name with its last word cut short and one typed without its ampersand", () => {
    expect(fuzzyCompany("union pac", { strict: true, tickers: false })?.company.ticker).toBe("UNP");
    expect(fuzzyCompany("wells far", { strict: true, tickers: false })?.company.ticker).toBe("WFC");
    expect(match("procter gamble")).toMatchObject({ ticker: "PG", words: 2 });
    expect(match("johnson johnson")).toMatchObject({ ticker: "JNJ", words: 2 });
    expect(fuzzyCompany("union", { strict: true, tickers: false })).toBeNull();
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

/** The company named anywhere in `text` (the first one found), with its confidence. */
function find(text: string) {
  const tokens = tokenize(text);
  const shouting = !/\p{Ll}/u.test(text) && tokens.length >= 3;
  for (let i = 0; i < tokens.length; i++) {
    const hit = matchCompanyAt(tokens, i, { question: text, shouting, usable: () => true });
    if (hit)
      return {
        ticker: hit.ticker,
        confidence: hit.confidence,
        text: text.slice(tokens[i]!.start, tokens[i + hit.length - 1]!.end),
      };
  }
  return null;
}

describe("matchCompanyAt: every SEC-listed company", () => {
  it("finds SEC names without their legal form, in any case", () => {
    expect(find("What was Tyson Foods revenue?")).toEqual({ ticker: "TSN", confidence: 1, text: "Tyson Foods" });
    expect(find("tyson foods revenue")?.ticker).toBe("TSN");
    expect(find("Tyson Foods, Inc. revenue")).toMatchObject({ ticker: "TSN", text: "Tyson Foods, Inc" });
    expect(find("revenue of Walt Disney")?.ticker).toBe("DIS");
    expect(find("Bank of America net income")?.ticker).toBe("BAC");
    expect(find("goldman sachs net income")?.ticker).toBe("GS");
  });

  it("takes the curated company first, and a longer SEC name over a shorter curated one", () => {
    expect(find("Apple revenue")?.ticker).toBe("AAPL");
    expect(find("Apple Hospitality REIT revenue")?.ticker).toBe("APLE");
    expect(find("JOHNSON & JOHNSON revenue")?.ticker).toBe("JNJ");
  });

  it("gives a name several companies share to the one on the S&P 500 list, else to none", () => {
    expect(find("Target revenue")?.ticker).toBe("TGT"); // Target Corp, not another "Target"
    expect(find("Carnival revenue")?.ticker).toBe("CCL");
    expect(find("What was Star revenue?")).toBeNull(); // two companies named Star, neither in the S&P 500
    expect(ambiguousListedNames("Star").length).toBeGreaterThanOrEqual(2);
  });

  it("takes the first word of an S&P 500 name only when it names one of them, at confidence 0.9", () => {
    expect(find("What was Ford revenue in 2023?")).toEqual({ ticker: "F", confidence: 0.9, text: "Ford" });
    expect(find("compare Tyson with Hormel")).toEqual({ ticker: "TSN", confidence: 0.9, text: "Tyson" });
    expect(find("Delta revenue")?.ticker).toBe("DAL");
    expect(find("Vertex revenue")?.ticker).toBe("VRTX"); // the larger company, not Vertex, Inc.
    for (const word of ["General", "Johnson", "American", "Home"])
      expect(find(`What was ${word} revenue?`), word).toBeNull();
  });

  it("needs a capital for one-word names and names of common words, and leaves words the agent reads otherwise", () => {
    expect(find("what was target revenue")).toBeNull();
    expect(find("what was ford revenue")).toBeNull();
    expect(find("WHAT WAS TARGET REVENUE")).toBeNull();
    for (const q of ["Energy revenue", "What was Revenue?", "Financials of Apple", "show Top companies"]) {
      expect(find(q)?.ticker ?? null, q).toBe(q === "Financials of Apple" ? "AAPL" : null);
    }
  });

  it("does not take a capitalized verb opening a sentence, or one word of a longer name", () => {
    expect(find("Track revenue year over year")).toBeNull(); // Track Group
    expect(find("Take Nvidia's revenue")?.ticker).toBe("NVDA"); // not Take-Two
    expect(find("Lockhead Martin revenue")).toBeNull(); // not Martin Marietta
    expect(find("Tyson revenue")?.ticker).toBe("TSN");
    expect(find("Target vs Walmart")?.ticker).toBe("TGT");
  });

  it("reads a well-known company's short name in lower case when it cannot be an everyday word", () => {
    const cases = [
      ["what is disney's revenue", "DIS"],
      ["palantir revenue 2024", "PLTR"],
      ["berkshire revenue", "BRK-B"],
      ["goldman net income", "GS"],
      ["qualcomm revenue", "QCOM"],
      ["merck revenue", "MRK"],
      ["starbucks revenue", "SBUX"],
      ["cisco revenue", "CSCO"],
      ["airbnb revenue", "ABNB"],
      ["uber's revenue", "UBER"],
      ["lowes vs home depot", "LOW"],
      ["PALANTIR REVENUE", "PLTR"],
    ] as const;
    for (const [q, ticker] of cases) expect(find(q)?.ticker, q).toBe(ticker);
    // The first word of a name whose other words are common ones: "Palantir" Technologies, at 0.9.
    expect(find("Palantir revenue")).toEqual({ ticker: "PLTR", confidence: 0.9, text: "Palantir" });
    expect(find("Coinbase revenue")?.ticker).toBe("COIN");
  });

  it("keeps everyday words, given names, places, fund brands and obscure companies' names capitalized", () => {
    for (const q of [
      "delta revenue",
      "carnival revenue",
      "block revenue",
      "state revenue",
      "texas revenue",
      "ralph revenue",
      "the minnesota economy",
      "apollo revenue",
      "spdr gold price",
      "criteo revenue",
    ]) {
      expect(find(q), q).toBeNull();
    }
    expect(find("Carnival revenue")?.ticker).toBe("CCL");
    expect(find("What was Criteo revenue?")?.ticker).toBe("CRTO"); // a one-word name, far down the list
  });

  it("knows a few names the SEC's do not give", () => {
    expect(find("Disney revenue")?.ticker).toBe("DIS"); // Walt Disney Co
    expect(find("What was Lilly revenue?")?.ticker).toBe("LLY");
    expect(find("raytheon revenue")?.ticker).toBe("RTX"); // RTX Corp
    expect(find("Charles Schwab revenue")).toMatchObject({ ticker: "SCHW", text: "Charles Schwab" }); // SCHWAB CHARLES CORP
  });

  it("reads a possessive the SEC writes without its apostrophe (LOWES, DOMINOS PIZZA), only as a possessive", () => {
    expect(find("Lowe's revenue")?.ticker).toBe("LOW");
    expect(find("lowe's revenue")?.ticker).toBe("LOW");
    expect(find("Domino's revenue")?.ticker).toBe("DPZ");
    expect(find("Domino's Pizza revenue")).toMatchObject({ ticker: "DPZ", text: "Domino's Pizza" });
    expect(find("What was Lowe revenue?")).toBeNull();
    expect(find("the domino effect on revenue")).toBeNull();
  });

  it("reads SEC tickers in capitals, as cashtags, and in lower case only when they cannot be words", () => {
    expect(find("TSN revenue")?.ticker).toBe("TSN");
    expect(find("tsn revenue")?.ticker).toBe("TSN");
    expect(find("$tsn revenue")?.ticker).toBe("TSN");
    expect(find("BRK-B price")).toMatchObject({ ticker: "BRK-B", text: "BRK-B" });
    expect(find("BRK.B price")?.ticker).toBe("BRK-B");
    expect(find("F and GM revenue")?.ticker).toBe("F");
    expect(find("low revenue")).toBeNull(); // LOW is Lowe's, but "low" is a word
    expect(find("cat revenue")).toBeNull();
    expect(find("CAT revenue")?.ticker).toBe("CAT");
  });

  it("does not read acronyms, metrics and letters of abbreviations as tickers", () => {
    for (const q of [
      "EPS of Apple",
      "the S&P 500 in 2020",
      "U.S. companies",
      "A good investment?",
      "M&A activity",
      "IT spending",
      "AI chips",
      "ALL companies",
    ]) {
      expect(find(q)?.ticker ?? null, q).toBe(q === "EPS of Apple" ? "AAPL" : null);
    }
  });

  it("builds its indexes once over the SEC list (their speed is in npm run bench's agent stage)", () => {
    const built = warmCompanyIndex();
    expect(built.names).toBeGreaterThan(7000);
    expect(built.tickers).toBeGreaterThan(9000);
    // A second warm-up finds the same indexes: same build, not a new one.
    expect(warmCompanyIndex()).toEqual(built);
  });
});

describe("matchCompanyAt: near-duplicates on a small SEC list", () => {
  const row = (ticker: string, cik: string, secName: string, sector: string | null = null, primary = true) => ({
    ticker,
    cik: cik.padStart(10, "0"),
    secName,
    name: secName,
    sector,
    primary,
  });
  const useList = (all: ReturnType<typeof row>[]) => {
    const byCik = new Map<string, typeof all>();
    for (const c of all) byCik.set(c.cik, [...(byCik.get(c.cik) ?? []), c]);
    useListedCompaniesForTesting({
      all,
      byTicker: new Map(all.map((c) => [c.ticker, c])),
      byCik,
      source: { file: "test", error: null },
    });
  };

  it("reads lower case only for the S&P 500 and the 500 largest companies, and not for everyday words", () => {
    const filler = Array.from({ length: 500 }, (_, k) => row(`F${k}`, String(100 + k), `Filler${k} Widgets Inc`));
    useList([
      row("ZRBT", "1", "Zorbit Technologies Inc"), // the largest, not on the S&P 500 list
      row("TGTX", "2", "Target Corp", "Consumer Discretionary"),
      ...filler,
      row("QUXL", "3", "Quuxly Inc"), // the 502nd
      row("SPRK", "4", "Sparkfield Inc", "Industrials"), // far down, but on the S&P 500 list
    ]);
    try {
      expect(find("zorbit revenue")).toMatchObject({ ticker: "ZRBT", confidence: 0.9 });
      expect(find("sparkfield revenue")?.ticker).toBe("SPRK");
      expect(find("quuxly revenue")).toBeNull();
      expect(find("What was Quuxly revenue?")?.ticker).toBe("QUXL");
      expect(find("target revenue")).toBeNull();
      expect(find("What was Target revenue?")?.ticker).toBe("TGTX");
    } finally {
      useListedCompaniesForTesting(null);
    }
  });

  it("prefers the S&P 500 company, and names none when no one of them is", () => {
    const all = [
      row("ACME", "1", "Acme Widgets Corp", "Industrials"),
      row("ACMW", "2", "ACME WIDGETS INC"),
      row("ZETA", "3", "Zeta Parts Inc"),
      row("ZETB", "4", "Zeta Parts Ltd"),
      row("ZETA-P", "3", "Zeta Parts Inc", null, false),
    ];
    useList(all);
    try {
      expect(find("Acme Widgets revenue")?.ticker).toBe("ACME");
      expect(find("Zeta Parts revenue")).toBeNull();
      expect(ambiguousListedNames("Zeta Parts").map((c) => c.ticker)).toEqual(["ZETA", "ZETB"]);
      expect(find("ZETA-P price")?.ticker).toBe("ZETA-P");
      expect(find("Acme revenue")?.ticker).toBe("ACME"); // the one S&P 500 name starting with Acme
    } finally {
      useListedCompaniesForTesting(null);
    }
  });
});
