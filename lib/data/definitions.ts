// Definitions given in the question (request.presentation.definitions, issue 16 item 9) as metrics the
// Data Module evaluates like the catalog's derived ones: same metric, the question's formula. Only a
// definition that differs from the catalog's own formula adds one; the series is named so the answer
// shows both side by side.
import { presentationOf, type StructuredDataRequest } from "@/lib/agent/schema";
import { formatFormula, formulaAveragedInputs, formulaInputs, parseFormula } from "@/lib/catalog/formulas";
import { metricByKey } from "@/lib/catalog/metrics";
import type { MetricDefinition } from "@/lib/catalog/types";

/** The question's definitions of catalog metrics that differ from the catalog's formula. The key holds
 * the formula, so each distinct definition is its own metric (the evaluator parses a key's formula once). */
export function questionDefinitions(request: Pick<StructuredDataRequest, "presentation">): MetricDefinition[] {
  const out: MetricDefinition[] = [];
  for (const d of presentationOf(request).definitions) {
    const base = d.metric ? metricByKey(d.metric) : undefined;
    if (!base || base.unavailableReason !== undefined) continue;
    const node = parseFormula(d.formula);
    const expression = formatFormula(node);
    if (base.formula && formatFormula(parseFormula(base.formula.expression)) === expression) continue;
    const inputs = formulaInputs(node);
    if (inputs.some((k) => metricByKey(k) === undefined)) continue;
    const averaged = formulaAveragedInputs(node);
    out.push({
      ...base,
      key: `${base.key}:as_defined:${expression}`,
      name: `${base.name} (as the question defines it)`,
      description: `${base.description} Computed as the question defines it: ${expression}.`,
      formula: {
        expression,
        inputs,
        ...(averaged.length > 0 ? { averageBalances: averaged } : {}),
        note: base.formula
          ? `the question's definition; FinGround's own is ${base.formula.expression}`
          : "the question's definition",
      },
      concepts: [],
      related: inputs,
    });
  }
  return out;
}
