// Finance terms that look like companies ("P&L", "MD&A", "DuPont analysis"; lexicon/finance-words.ts),
// matched like company names and metric phrases: the longest phrase at a token, its words all usable.
import { FINANCE_TERMS } from "./lexicon/finance-words";
import { addPhrase, createTrie, longestMatch } from "./phrases";
import type { Token } from "./tokens";

const TRIE = createTrie<true>();
for (const term of FINANCE_TERMS) addPhrase(TRIE, term.split(" "), true);

/** The number of tokens of the finance term starting at tokens[i], or 0 for none. */
export function financeTermLengthAt(tokens: readonly Token[], i: number, usable: (index: number) => boolean): number {
  return longestMatch(TRIE, tokens, i, usable)?.length ?? 0;
}
