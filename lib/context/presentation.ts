// The question's own instructions and definitions (request.presentation, issue 16 item 9) written
// into the prompt: how to round, which scale to show money in, which statement to take figures from,
// and each definition the question gives beside the catalog's own formula when they differ.
import { presentationOf, type Presentation, type StructuredDataRequest } from "@/lib/agent/schema";
import { formatFormula, parseFormula } from "@/lib/catalog/formulas";
import { metricByKey } from "@/lib/catalog/metrics";

const STATEMENTS: Record<NonNullable<Presentation["statement"]>, string> = {
  income: "the income statement",
  balance_sheet: "the balance sheet",
  cash_flow: "the cash flow statement",
};

/** The "Answer instructions" section, or null when the question gives none. */
export function instructionsSection(request: Pick<StructuredDataRequest, "presentation">): string | null {
  const p = presentationOf(request);
  const lines: string[] = [];
  if (p.decimals !== null)
    lines.push(`- Round every figure you state to ${p.decimals} decimal place${p.decimals === 1 ? "" : "s"}.`);
  if (p.scale !== null)
    lines.push(
      `- State amounts of money in ${p.currency ?? "their currency"} ${p.scale} (the blocks above are already in that scale).`,
    );
  else if (p.currency !== null) lines.push(`- State amounts of money in ${p.currency}.`);
  if (p.statement !== null) lines.push(`- Use figures from ${STATEMENTS[p.statement]}.`);
  if (p.percent) lines.push("- State ratios as percentages.");
  for (const d of p.definitions) lines.push(`- ${definitionLine(d.metric, d.formula)}`);
  return lines.length === 0 ? null : ["Answer instructions (from the question):", ...lines].join("\n");
}

function definitionLine(metric: string | null, formula: string): string {
  const m = metric ? metricByKey(metric) : undefined;
  const name = m?.name ?? "the figure asked for";
  const catalog = m?.formula ? formatFormula(parseFormula(m.formula.expression)) : null;
  if (catalog === null)
    return `The question defines ${name} as ${formula}: compute it that way from the figures above.`;
  if (catalog === formula) return `The question defines ${name} as ${formula}, the same formula as FinGround's.`;
  return `The question defines ${name} as ${formula}; FinGround computes it as ${catalog}. Answer with the question's definition, computed from the figures above, and say how it differs.`;
}
