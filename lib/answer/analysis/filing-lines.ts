// The answer to a question about a statement line that is no catalog metric ("How many warehouses did
// Costco have in fiscal 2022?"): the lines the Data Module found in the company's filing tables, each
// value as printed and exact in base units, with its filing, page and row (lib/format/provenance.ts).
import type { FilingLine, LabelRanking } from "@/lib/data/types";
import { fiscalPeriodLabel } from "@/lib/format/periods";
import { filingPagePath, LLM_READ_NOTE, tableRowProvenance, tableScaleText } from "@/lib/format/provenance";
import { currencyPrefix, formatExactValue } from "@/lib/format/values";
import type { UnitKind } from "@/lib/catalog/types";
import { plainText, possessive, shortCompanyName } from "../format";

export function filingLinesAnswer(lines: readonly FilingLine[]): string {
  const byCompany = new Map<string, FilingLine[]>();
  for (const line of lines) byCompany.set(line.ticker, [...(byCompany.get(line.ticker) ?? []), line]);
  const sections = [...byCompany.values()].map((company) => {
    const name = plainText(shortCompanyName(company[0]!.companyName));
    const items = company.map((line) => `- ${lineSentence(line)}`);
    return [
      `This is no metric of FinGround's catalog; ${possessive(name)} filing tables print it as follows:`,
      ...items,
    ].join("\n");
  });
  return [
    ...sections,
    "Each value is quoted from the table as printed, times the table's scale; open the page to check the row.",
    FOUND_BY[lines.some((l) => l.labelRanking === "hybrid") ? "hybrid" : "keyword"],
  ].join("\n\n");
}

/** A row found by meaning may be labelled otherwise than asked ("shops": "Number of warehouses"). */
const FOUND_BY: Record<LabelRanking, string> = {
  hybrid: "Rows found by their label's meaning and words (hybrid ranking): check that the label is what you asked.",
  keyword: "Rows found by their label's words (keyword ranking).",
};

function lineSentence(line: FilingLine): string {
  const style = { unitKind: unitKindOf(line.unit), currencyPrefix: currencyPrefix(null, line.unit) };
  // The printed number means nothing without its table's scale and unit: both always said.
  const scale = tableScaleText(line.scale, line.unit);
  const printed = line.valueAsWritten
    ? ` (printed ${plainText(line.valueAsWritten)} under ${plainText(line.columnHeader)}, ${scale})`
    : ` (${scale})`;
  const place = tableRowProvenance({
    form: line.filing.form,
    filingPeriod: fiscalPeriodLabel(line.filing.fiscalYear, line.filing.fiscalPeriod),
    documentKey: line.filing.key,
    page: line.page,
    row: line.label,
  });
  const link = filingPagePath(line.filing.id, line.page, { line: line.line });
  return `**${plainText(line.label)}**, ${fiscalPeriodLabel(line.fiscalYear, line.fiscalPeriod)}: ${formatExactValue(line.value, style)}${printed}; [${plainText(place)}](${link}), table ${plainText(line.tableTitle)}${line.readBy === "llm" ? ` (${LLM_READ_NOTE})` : ""}.`;
}

function unitKindOf(unit: string): UnitKind {
  if (unit === "USD/shares") return "per_share";
  if (unit === "shares") return "shares";
  if (unit === "%") return "percent";
  return unit.length === 3 && unit === unit.toUpperCase() ? "currency" : "count";
}
