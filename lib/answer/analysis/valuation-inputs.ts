// What a price-based ratio was computed from, in words (issue 30): "P/E ratio (TTM) = the closing price
// on Jul 24, 2025 ÷ TTM diluted EPS, the four quarters to Jun 28, 2025 (Q4 FY2024 to Q3 FY2025)". Read
// from the formula and the inputs the Data Module kept, so the reader sees which price and which
// periods stand behind the figure; it states dates and periods only, never a number of its own.
import { PRICE_METRIC, type FormulaNode } from "@/lib/catalog/formulas";
import { metricByKey } from "@/lib/catalog/metrics";
import { formulaNodeOf } from "@/lib/data/evaluate";
import type { DataPoint, DerivedInput } from "@/lib/data/types";
import { formatDate } from "@/lib/format/periods";
import { metricInSentence, possessive } from "../format";
import type { Track } from "./tracks";

/** "the closing price on Jul 24, 2025 ÷ TTM diluted EPS, the four quarters to …": how a value at a trading
 * day was computed, or null when it reads no filed figure (prices alone) or its formula is not one of
 * prices, balances and trailing sums (those are shown by their own blocks). */
function valuationInputs(metricKey: string, point: DataPoint): string | null {
  if (point.source.kind !== "derived" || point.fiscalYear !== null) return null;
  if (!readsFilings(point.source.inputs)) return null;
  const metric = metricByKey(metricKey);
  const node = metric ? formulaNodeOf(metric) : null;
  if (!node) return null;
  const cursor = { inputs: point.source.inputs, next: 0 };
  const text = describe(node, cursor);
  return text !== null && cursor.next === cursor.inputs.length ? text : null;
}

/** The answer's block naming the inputs of each price-based ratio's latest value. */
export function valuationInputsBlock(tracks: readonly Track[]): string | null {
  const lines: string[] = [];
  for (const track of tracks) {
    if (track.kind !== "daily") continue;
    const last = track.obs[track.obs.length - 1];
    const inputs = last ? valuationInputs(track.series.metricKey, last.point) : null;
    if (last && inputs) lines.push(`- ${possessive(track.company)} ${track.metric} on ${last.label} = ${inputs}`);
  }
  if (lines.length === 0) return null;
  return ["**Computed from** (figures as reported on or before the price date)", ...lines].join("\n");
}

function readsFilings(inputs: readonly DerivedInput[]): boolean {
  return inputs.some((i) =>
    i.point.source.kind === "derived" ? readsFilings(i.point.source.inputs) : i.point.source.kind === "sec_filing",
  );
}

interface Cursor {
  inputs: readonly DerivedInput[];
  next: number;
}

const OPERATORS = { "+": "+", "-": "−", "*": "×", "/": "÷" } as const;

function describe(node: FormulaNode, cursor: Cursor): string | null {
  switch (node.kind) {
    case "number":
      return node.text;
    case "price":
    case "metric": {
      const input = cursor.inputs[cursor.next++];
      return input ? inputText(input) : null;
    }
    case "binary": {
      const left = describe(node.left, cursor);
      const right = describe(node.right, cursor);
      if (left === null || right === null) return null;
      const tight = node.op === "*" || node.op === "/";
      const wrap = (side: FormulaNode, text: string) =>
        tight && side.kind === "binary" && (side.op === "+" || side.op === "-") ? `(${text})` : text;
      return `${wrap(node.left, left)} ${OPERATORS[node.op]} ${wrap(node.right, right)}`;
    }
    case "call":
      return node.fn === "ttm" && node.arg.kind === "metric" ? trailingText(node.arg.key, cursor) : null;
    default:
      return null;
  }
}

/** A price "the closing price on Jul 24, 2025"; a balance "stockholders' equity at Jun 28, 2025 (Q3 FY2025)";
 * a duration "revenue of FY2024"; a derived input (market cap) with what it was computed from. */
function inputText(input: DerivedInput): string {
  const name = metricInSentence(input.metricName);
  const { point } = input;
  const end = formatDate(point.periodEnd);
  if (point.source.kind === "daily_prices") return `the ${name} on ${end}`;
  if (point.source.kind === "derived") {
    const nested = valuationInputs(input.metricKey, point);
    return nested ? `${name} (${nested})` : `${name} on ${end}`;
  }
  if (point.periodStart === null) return `${name} at ${end} (${input.label})`;
  return `${name} of ${input.label} (ended ${end})`;
}

/** ttm(x) at a day: the four quarters it summed, or the fiscal year that stood in for them. */
function trailingText(key: string, cursor: Cursor): string | null {
  const parts: DerivedInput[] = [];
  while (parts.length < 4 && cursor.inputs[cursor.next]?.metricKey === key) parts.push(cursor.inputs[cursor.next++]!);
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (!first || !last) return null;
  const name = metricInSentence(first.metricName);
  const end = formatDate(last.point.periodEnd);
  if (parts.length === 4) return `TTM ${name}, the four quarters to ${end} (${first.label} to ${last.label})`;
  if (parts.length === 1 && last.point.fiscalPeriod === "FY")
    return `${name} of ${last.label}, the fiscal year to ${end} (the latest four quarters are not all held)`;
  return null;
}

/** "TTM dividends per share ÷ the closing price": a derived metric's formula in words, for the measure a
 * ranking states; null for a stored metric or a formula of other functions (growth, averages, windows). */
export function measureInWords(metricKey: string): string | null {
  const metric = metricByKey(metricKey);
  const node = metric ? formulaNodeOf(metric) : null;
  return node ? formulaInWords(node) : null;
}

function formulaInWords(node: FormulaNode): string | null {
  switch (node.kind) {
    case "number":
      return node.text;
    case "price":
      return "the closing price";
    case "metric": {
      const metric = metricByKey(node.key);
      if (!metric) return null;
      return metric.key === PRICE_METRIC ? "the closing price" : metricInSentence(metric.name);
    }
    case "binary": {
      const left = formulaInWords(node.left);
      const right = formulaInWords(node.right);
      if (left === null || right === null) return null;
      const tight = node.op === "*" || node.op === "/";
      const wrap = (side: FormulaNode, text: string) =>
        tight && side.kind === "binary" && (side.op === "+" || side.op === "-") ? `(${text})` : text;
      return `${wrap(node.left, left)} ${OPERATORS[node.op]} ${wrap(node.right, right)}`;
    }
    case "call": {
      if (node.fn !== "ttm") return null;
      const arg = formulaInWords(node.arg);
      return arg === null ? null : `TTM ${arg}`;
    }
    default:
      return null;
  }
}
