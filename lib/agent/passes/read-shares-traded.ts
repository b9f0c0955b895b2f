// "How many shares of Apple traded": the trading volume, said around the company's name.
import { SHARE_WORDS, SHARES_TRADED_GLUE, TRADE_WORDS } from "../lexicon/metric-words";
import type { ReadingState } from "./reading-state";

export function readSharesTraded(state: ReadingState): void {
  for (const hit of sharesTraded(state)) {
    state.metrics.push({ key: "volume", first: hit.shares, last: hit.shares, confidence: 0.9, weak: false });
    state.metricWords.push({ first: hit.verb, last: hit.last });
    state.roles[hit.shares] = "metric";
    for (let j = hit.verb; j <= hit.last; j++) state.roles[j] = "metric";
  }
}

/** "shares of Apple traded", "shares did Apple and Nvidia trade", "shares of X changed hands": the
 * token of "shares" and the trade words, when a company stands between them. */
function sharesTraded(state: ReadingState): Array<{ shares: number; verb: number; last: number }> {
  const { tokens, roles } = state;
  const out: Array<{ shares: number; verb: number; last: number }> = [];
  for (let i = 0; i < tokens.length; i++) {
    if (roles[i] !== null || !SHARE_WORDS.has(tokens[i]!.norm)) continue;
    let company = false;
    for (let j = i + 1; j < tokens.length && j <= i + 10; j++) {
      const t = tokens[j]!;
      if (roles[j] === "company") {
        company = true;
        continue;
      }
      if (roles[j] === null && TRADE_WORDS.has(t.norm)) {
        const hands = t.norm === "changed" || t.norm === "exchanged";
        if (hands && tokens[j + 1]?.norm !== "hands") break;
        if (company) out.push({ shares: i, verb: j, last: hands ? j + 1 : j });
        break;
      }
      if (roles[j] !== null || !SHARES_TRADED_GLUE.has(t.norm)) break;
    }
  }
  return out;
}
