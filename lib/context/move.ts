// A stock-move question's figures in the prompt: the window, the return and the other stocks' average,
// and every trading day's return beside theirs, exact fractions as computed by lib/data/price-move.ts,
// so an LLM states the move without arithmetic of its own.
import type { PriceMove } from "@/lib/data/price-move";

export const MOVE_RULE =
  "The Price move block gives the stock's return over the window and each day's return beside the average of the other covered stocks (fractions: 0.012 = +1.2%). A day when the others moved alike is market-wide; otherwise it is the company's own. Pair the largest days with the news dated on or just before them, and cite it.";

export function moveSection(move: PriceMove): string {
  const first = move.closes[0]!;
  const last = move.closes.at(-1)!;
  return [
    `Price move: ${move.ticker} (${move.name}), ${move.window.basis}; adjusted closes in ${move.currency} (${move.source})`,
    `- base close ${first.date}: ${first.close}; last close ${last.date}: ${last.close}; return ${move.change}`,
    `- other covered stocks (${move.market.companies}), mean return over the same days: ${move.market.change ?? "n/a"}`,
    `- largest daily moves: ${move.movers.map((d) => d.date).join(", ")}`,
    ...move.days.map((d) => `- ${d.date}: ${d.change} (others ${d.market ?? "n/a"})`),
  ].join("\n");
}
