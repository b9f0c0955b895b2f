// The built-in analyst's paragraph on a computation over a retrieved filing table (lib/documents/filings/table-answer.ts).
import { escapeMarkdown, untrustedLine } from "@/lib/documents/fence";
import { describeFiling, filingLabel } from "@/lib/documents/filings/prompt";
import { type FilingTableAnswer, formulaText, inputLines, resultText } from "@/lib/documents/filings/table-answer";

/** The built-in analyst's paragraph: the result, the program, every input linked to its page and row. */
export function analystTableAnswerParagraph(tableAnswer: FilingTableAnswer | undefined): string {
  if (!tableAnswer) return "";
  const { answer, hit, hitIndex } = tableAnswer;
  const quote = (text: string) => escapeMarkdown(untrustedLine(text));
  return [
    `Computed from the table in ${quote(describeFiling(hit))} [${filingLabel(hitIndex)}], exactly, from the cells below: ` +
      `**${quote(resultText(answer))}** (${answer.program.op}: ${quote(formulaText(answer))})`,
    ...inputLines(tableAnswer, quote),
  ].join("\n");
}
