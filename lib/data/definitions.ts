// Definitions given in the question (request.presentation.definitions, issue 16 item 9) as metrics the
// Data Module evaluates like the catalog's derived ones: same metric, the question's formula. Only a
// definition that differs from the catalog's own formula adds one; the series is named so the answer
// shows both side by side. An unnamed definition (the agent's reading of a ratio or change the catalog
// lacks) is a metric of its own.
import { presentationOf, type StructuredDataRequest } from "@/lib/agent/schema";
import {
  type FormulaNode,
  formatFormula,
  formulaAveragedInputs,
  formulaInputs,
  parseFormula,
} from "@/lib/catalog/formulas";
import { metricByKey } from "@/lib/catalog/metrics";
import type { MetricDefinition } from "@/lib/catalog/types";

/** The question's definitions as metrics: of a catalog metric, when they differ from the catalog's
 * formula; unnamed ones (a ratio or a change asked in words that the catalog does not hold, "R&D
 * relative to capex", "how much did R&D grow") as metrics of their own. The key holds the formula, so each distinct definition is its own metric (the
 * evaluator parses a key's formula once). */
export function questionDefinitions(request: Pick<StructuredDataRequest, "presentation">): {
  /** Metrics of the question's own (unnamed definitions): what is asked. */
  own: MetricDefinition[];
  /** Catalog metrics as the question defines them, shown beside the catalog's. */
  beside: MetricDefinition[];
} {
  const named: MetricDefinition[] = [];
  const unnamed: MetricDefinition[] = [];
  for (const d of presentationOf(request).definitions) {
    const node = parseFormula(d.formula);
    const expression = formatFormula(node);
    const inputs = formulaInputs(node);
    const usable = (k: string) => metricByKey(k) !== undefined && metricByKey(k)!.unavailableReason === undefined;
    if (inputs.length === 0 || !inputs.every(usable)) continue;
    const averaged = formulaAveragedInputs(node);
    const formula = (note: string) => ({
      expression,
      inputs,
      ...(averaged.length > 0 ? { averageBalances: averaged } : {}),
      note,
    });
    if (d.metric === null) {
      if (unnamed.some((m) => m.formula?.expression === expression)) continue;
      const first = metricByKey(inputs[0]!)!;
      const name = `${definedName(node) ?? d.text} (as the question asks it)`;
      unnamed.push({
        ...first,
        key: `as_defined:${expression}`,
        name,
        description: `Computed as the question asks it: ${expression}.`,
        // A quotient or a change of amounts is a fraction; anything else reads as its first input.
        unitKind: node.kind === "binary" && (node.op === "/" || isChange(node)) ? "ratio" : first.unitKind,
        aliases: [],
        formula: formula("the question's own formula"),
        concepts: [],
        related: inputs,
      });
      continue;
    }
    const base = metricByKey(d.metric);
    if (!base || base.unavailableReason !== undefined) continue;
    if (base.formula && formatFormula(parseFormula(base.formula.expression)) === expression) continue;
    named.push({
      ...base,
      key: `${base.key}:as_defined:${expression}`,
      name: `${base.name} (as the question defines it)`,
      description: `${base.description} Computed as the question defines it: ${expression}.`,
      formula: formula(
        base.formula
          ? `the question's definition; FinGround's own is ${base.formula.expression}`
          : "the question's definition",
      ),
      concepts: [],
      related: inputs,
    });
  }
  return { own: unnamed, beside: named };
}

/** x / prev(x, lag) - 1: the change of x. */
function isChange(node: FormulaNode): boolean {
  return (
    node.kind === "binary" &&
    node.op === "-" &&
    node.right.kind === "number" &&
    node.right.value === 1 &&
    node.left.kind === "binary" &&
    node.left.op === "/" &&
    node.left.right.kind === "prev"
  );
}

/** "Research and Development to Capital Expenditures", "Research and Development Growth (YoY)": the
 * name of a ratio or a change of two catalog metrics; null for any other formula. */
function definedName(node: FormulaNode): string | null {
  const nameOf = (n: FormulaNode) => (n.kind === "metric" ? (metricByKey(n.key)?.name ?? null) : null);
  if (isChange(node) && node.kind === "binary" && node.left.kind === "binary") {
    const of = nameOf(node.left.left);
    return of ? `${of} Growth (YoY)` : null;
  }
  if (node.kind !== "binary" || node.op !== "/") return null;
  const [a, b] = [nameOf(node.left), nameOf(node.right)];
  return a && b ? `${a} to ${b}` : null;
}
