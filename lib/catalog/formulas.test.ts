import { describe, expect, it } from "vitest";

import {
  FormulaSyntaxError,
  formatFormula,
  formulaAveragedInputs,
  formulaInputs,
  parseFormula,
  walkFormula,
  type FormulaNode,
} from "./formulas";
import { METRICS, metricByKey } from "./metrics";
import type { Frequency, MetricDefinition } from "./types";

const metric = (key: string): FormulaNode => ({ kind: "metric", key });
const num = (text: string): FormulaNode => ({ kind: "number", text, value: Number(text) });

describe("parseFormula", () => {
  it("reads metric keys, numbers and the four operators with the usual precedence", () => {
    expect(parseFormula("gross_profit / revenue")).toEqual({
      kind: "binary",
      op: "/",
      left: metric("gross_profit"),
      right: metric("revenue"),
    });
    expect(parseFormula("a + b * 2")).toEqual({
      kind: "binary",
      op: "+",
      left: metric("a"),
      right: { kind: "binary", op: "*", left: metric("b"), right: num("2") },
    });
    // Left associative: a - b - c is (a - b) - c.
    expect(parseFormula("a - b - c")).toEqual({
      kind: "binary",
      op: "-",
      left: { kind: "binary", op: "-", left: metric("a"), right: metric("b") },
      right: metric("c"),
    });
    expect(parseFormula("365 * 0.5 / .25")).toMatchObject({
      left: { left: num("365"), right: num("0.5") },
      right: num(".25"),
    });
  });

  it("honors parentheses and unary minus", () => {
    expect(parseFormula("(a + b) * c")).toMatchObject({ op: "*", left: { op: "+" } });
    expect(parseFormula("-a * b")).toEqual({
      kind: "binary",
      op: "*",
      left: { kind: "negate", operand: metric("a") },
      right: metric("b"),
    });
    expect(parseFormula("a - -b")).toMatchObject({ op: "-", right: { kind: "negate", operand: metric("b") } });
  });

  it("reads price and the functions", () => {
    expect(parseFormula("price / ttm(eps_diluted)")).toEqual({
      kind: "binary",
      op: "/",
      left: { kind: "price" },
      right: { kind: "call", fn: "ttm", arg: metric("eps_diluted") },
    });
    expect(parseFormula("avg(inventory)")).toEqual({ kind: "call", fn: "avg", arg: metric("inventory") });
    expect(parseFormula('prev(revenue, "yoy")')).toEqual({
      kind: "prev",
      arg: metric("revenue"),
      lag: { unit: "year", count: 1 },
    });
    expect(parseFormula("prev(revenue, 'qoq')")).toMatchObject({ lag: { unit: "quarter", count: 1 } });
    expect(parseFormula('prev(revenue, "5y")')).toMatchObject({ lag: { unit: "year", count: 5 } });
    expect(parseFormula('prev(price_adj_close, "1d")')).toMatchObject({ lag: { unit: "day", count: 1 } });
    expect(parseFormula('prev(ttm(eps_diluted), "yoy")')).toMatchObject({ arg: { kind: "call", fn: "ttm" } });
    expect(parseFormula('max(price_high, "252d")')).toEqual({
      kind: "window",
      fn: "max",
      arg: metric("price_high"),
      days: 252,
    });
    expect(parseFormula('stdev(daily_return, "252d") * sqrt(252)')).toMatchObject({
      left: { kind: "window", fn: "stdev", days: 252 },
      right: { kind: "call", fn: "sqrt", arg: num("252") },
    });
    expect(parseFormula("pow(a / b, 1 / 3)")).toMatchObject({ kind: "pow", base: { op: "/" }, exponent: { op: "/" } });
    expect(parseFormula("  a\t+\nb ")).toMatchObject({ op: "+" });
  });

  it.each([
    ["", /Expected a value/],
    ["a +", /Expected a value/],
    ["(a + b", /Expected "\)"/],
    ["a b", /Unexpected "b"/],
    ["a + b)", /Unexpected "\)"/],
    ["Revenue", /Unexpected character "R"/],
    ["a % b", /Unexpected character "%"/],
    ["foo(a)", /Unknown function "foo"/],
    ["ttm", /needs arguments/],
    ["ttm(a, b)", /Expected "\)"/],
    ['prev(a, "1w")', /Invalid lag/],
    ["prev(a, yoy)", /in quotes/],
    ['prev(a, "yoy"', /Expected "\)"/],
    ['max(a, "yoy")', /Invalid window/],
    ['mean(a, "0d")', /Invalid window/],
    ["pow(a)", /Expected ","/],
    ['prev(a, "yoy)', /Unterminated string/],
    ["2x", /Malformed number/],
    ["price(a)", /Unknown function "price"/],
  ])("rejects %j", (expression, message) => {
    expect(() => parseFormula(expression)).toThrow(FormulaSyntaxError);
    expect(() => parseFormula(expression)).toThrow(message);
  });

  it("says where the problem is", () => {
    try {
      parseFormula("a + * b");
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(FormulaSyntaxError);
      expect((e as FormulaSyntaxError).position).toBe(4);
      expect((e as FormulaSyntaxError).message).toContain('position 4 of "a + * b"');
    }
  });
});

describe("formulaInputs, formulaAveragedInputs and formatFormula", () => {
  it("lists each metric once in order of appearance, price as price_close", () => {
    expect(formulaInputs(parseFormula("(a + b) / a - price * ttm(c)"))).toEqual(["a", "b", "price_close", "c"]);
    expect(formulaInputs(parseFormula("365 * 2"))).toEqual([]);
  });

  it("lists the balances read as averages", () => {
    expect(formulaAveragedInputs(parseFormula("365 * avg(inventory) / cost_of_revenue"))).toEqual(["inventory"]);
    expect(formulaAveragedInputs(parseFormula("x / avg(a + b) + avg(a)"))).toEqual(["a", "b"]);
    expect(formulaAveragedInputs(parseFormula("x / y"))).toEqual([]);
  });

  it("walks sub-expressions with the functions around them", () => {
    const seen: string[] = [];
    walkFormula(parseFormula('prev(ttm(a), "yoy") + b'), (n, within) => {
      if (n.kind === "metric") seen.push(`${n.key}:${within.join(">")}`);
    });
    expect(seen).toEqual(["a:prev>ttm", "b:"]);
  });

  it.each([
    "a - (b - c)",
    "a / (b * c)",
    "(a + b) * c",
    "-(a + b)",
    "a - -b",
    'pow(revenue / prev(revenue, "3y"), 1 / 3) - 1',
    'stdev(daily_return, "252d") * sqrt(252)',
    "price * shares_outstanding",
  ])("prints %j back to the same tree", (expression) => {
    const ast = parseFormula(expression);
    expect(parseFormula(formatFormula(ast))).toEqual(ast);
  });

  it("prints canonical text", () => {
    expect(formatFormula(parseFormula("((a+b))*c"))).toBe("(a + b) * c");
    expect(formatFormula(parseFormula("prev(a,'qoq')"))).toBe('prev(a, "qoq")');
  });
});

describe("catalog formulas", () => {
  const derived = METRICS.filter(
    (m): m is MetricDefinition & { formula: NonNullable<MetricDefinition["formula"]> } => m.formula !== null,
  );
  const sorted = (keys: readonly string[]): string[] => [...keys].sort();

  it("has derived metrics, each with a formula that parses", () => {
    expect(derived.length).toBeGreaterThanOrEqual(60);
    for (const m of derived) expect(() => parseFormula(m.formula.expression), m.key).not.toThrow();
  });

  it("lists exactly the inputs and averaged balances the expression reads, all in the catalog", () => {
    for (const m of derived) {
      const ast = parseFormula(m.formula.expression);
      expect(new Set(m.formula.inputs).size, m.key).toBe(m.formula.inputs.length);
      expect(sorted(m.formula.inputs), m.key).toEqual(sorted(formulaInputs(ast)));
      expect(sorted(m.formula.averageBalances ?? []), m.key).toEqual(sorted(formulaAveragedInputs(ast)));
      for (const key of m.formula.inputs) {
        expect(metricByKey(key), `${m.key} reads ${key}`).toBeDefined();
        expect(key, m.key).not.toBe(m.key);
      }
    }
  });

  it("relates every derived metric to its inputs and never reads an unavailable metric", () => {
    for (const m of derived) {
      for (const key of m.formula.inputs) {
        expect(m.related, `${m.key} should relate to ${key}`).toContain(key);
        expect(metricByKey(key)?.unavailableReason, `${m.key} reads unavailable ${key}`).toBeUndefined();
      }
    }
  });

  it("has no cycles: every formula bottoms out in filed or market metrics", () => {
    const resolved = new Map<string, Set<string>>();
    const base = (key: string, path: readonly string[]): Set<string> => {
      expect(path, `cycle: ${[...path, key].join(" -> ")}`).not.toContain(key);
      const known = resolved.get(key);
      if (known) return known;
      const m = metricByKey(key)!;
      const result =
        m.formula === null ? new Set([key]) : new Set(m.formula.inputs.flatMap((k) => [...base(k, [...path, key])]));
      resolved.set(key, result);
      return result;
    };
    for (const m of derived) {
      for (const key of base(m.key, [])) {
        const input = metricByKey(key)!;
        expect(input.concepts.length > 0 || input.statement === "market", `${m.key} bottoms out in ${key}`).toBe(true);
      }
    }
  });

  it("applies each function to the kind of metric it needs", () => {
    for (const m of derived) {
      walkFormula(parseFormula(m.formula.expression), (n, within) => {
        if (n.kind === "window") expect(m.statement, `${m.key}: windows are over trading days`).toBe("market");
        if (n.kind === "prev" && n.lag.unit === "day")
          expect(m.statement, `${m.key}: day lags need daily data`).toBe("market");
        if (n.kind === "prev" && n.lag.unit === "quarter")
          expect(m.frequency, `${m.key}: qoq needs quarters`).toBe("quarterly");
        if (n.kind !== "metric") return;
        const input = metricByKey(n.key)!;
        const innermost = within
          .filter((f) => f === "ttm" || f === "avg" || ["max", "min", "mean", "stdev"].includes(f))
          .at(-1);
        if (innermost === "ttm") expect(input.periodType, `${m.key}: ttm(${n.key}) sums durations`).toBe("duration");
        if (innermost === "avg") expect(input.periodType, `${m.key}: avg(${n.key}) averages balances`).toBe("instant");
        if (innermost && innermost !== "ttm" && innermost !== "avg")
          expect(input.frequency, `${m.key}: ${innermost}(${n.key})`).toBe("daily");
      });
    }
  });

  it("never reports a filed derived metric more often than its inputs are filed", () => {
    const rank: Record<Frequency, number> = { daily: 0, quarterly: 1, annual: 2 };
    for (const m of derived) {
      if (m.statement === "market") continue;
      for (const key of m.formula.inputs) {
        const input = metricByKey(key)!;
        expect(input.statement, `${m.key} reads prices`).not.toBe("market");
        expect(rank[m.frequency], `${m.key} (${m.frequency}) reads ${key} (${input.frequency})`).toBeGreaterThanOrEqual(
          rank[input.frequency],
        );
      }
    }
  });

  it("keeps notes to the point", () => {
    for (const m of derived) {
      if (m.formula.note !== undefined) expect(m.formula.note.trim().length, m.key).toBeGreaterThan(20);
    }
  });
});
