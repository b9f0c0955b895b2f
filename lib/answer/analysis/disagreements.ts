// XBRL and a filing's table disagree on a value the answer uses: the answer says which it uses (XBRL,
// preferred, unless the question's own filing is read as its table printed it), with the table's number
// and its filing, page and row, so no disagreement is silent.
import { metricByKey } from "@/lib/catalog/metrics";
import type { DataSlice } from "@/lib/data/types";
import { disagreementKindLabel, filingPagePath, filingPeriodLabel, tableRowProvenance } from "@/lib/format/provenance";
import { currencyPrefix, formatExactValue } from "@/lib/format/values";
import { metricInSentence, plainText } from "../format";

export function disagreementsBlock(slice: DataSlice): string {
  const found = slice.tableDisagreements ?? [];
  if (found.length === 0) return "";
  const items = found.map((d) => {
    const metric = metricByKey(d.metricKey);
    const currency = slice.series.find((s) => s.ticker === d.ticker && s.currency !== null)?.currency ?? "USD";
    const style = {
      unitKind: metric?.unitKind ?? "count",
      currencyPrefix: currencyPrefix(metric?.unitKind === "shares" ? null : currency),
    };
    const place = tableRowProvenance({
      form: d.form,
      filingPeriod: filingPeriodLabel(d.filingFiscalYear, d.filingFiscalPeriod),
      documentKey: d.documentKey,
      page: d.page,
      row: d.row,
    });
    const link = filingPagePath(d.filingId, d.page, { line: d.line });
    return `- ${d.ticker} ${plainText(metricInSentence(metric?.name ?? d.metricKey))}, ${filingPeriodLabel(d.fiscalYear, d.fiscalPeriod)}: XBRL ${formatExactValue(d.xbrlValue, style)}${d.used === "xbrl" ? " (used)" : ""}, the filing's table ${formatExactValue(d.tableValue, style)}${d.used === "table" ? " (used, as reported)" : ""} ([${plainText(place)}](${link})), ${disagreementKindLabel(d.kind)}.`;
  });
  return ["**XBRL and the filing's table differ** (a restatement, a later filing or a different line):", ...items].join(
    "\n",
  );
}
