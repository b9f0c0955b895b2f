import { describe, expect, it } from "vitest";

import { phraseWords } from "../tokens";
import * as companyWords from "./company-words";
import * as dateWords from "./date-words";
import * as everydayWords from "./everyday-words";
import * as groupWords from "./group-words";
import * as metricWords from "./metric-words";

/** Sets of tickers, written as the catalog writes them (capitals), not as words of a question. */
const TICKER_SETS: ReadonlySet<string> = new Set(["WORDLIKE_TICKERS", "ENGLISH_TICKERS", "CONTEXT_TICKERS"]);

describe("lexicon", () => {
  // The matchers compare list entries with tokens' normalized words: an entry the tokenizer can never
  // produce ("S&P" is read "s and p") would never match anything.
  it("holds word lists whose entries are words as the tokenizer reads them", () => {
    const modules = { companyWords, dateWords, everydayWords, groupWords, metricWords };
    const unreadable: string[] = [];
    let lists = 0;
    for (const [module, exports] of Object.entries(modules)) {
      for (const [name, value] of Object.entries(exports)) {
        if (!(value instanceof Set || value instanceof Map) || TICKER_SETS.has(name)) continue;
        lists++;
        for (const entry of value.keys()) {
          if (typeof entry === "string" && phraseWords(entry).join(" ") !== entry)
            unreadable.push(`${module}.${name}: ${entry}`);
        }
      }
    }
    expect(lists).toBeGreaterThan(30);
    expect(unreadable).toEqual([]);
  });
});
