// The formula grammar of derived metrics (MetricFormula.expression in ./types): a parser to an AST,
// the metric keys an AST reads, and a printer. Evaluation belongs to the Data Module.
//
//   expression := term (("+" | "-") term)*
//   term       := unary (("*" | "/") unary)*
//   unary      := "-" unary | primary
//   primary    := number | "price" | metric_key | call | "(" expression ")"
//   call       := ttm(e) | avg(e) | sqrt(e) | pow(e, e) | prev(e, lag) | max|min|mean|stdev(e, window)
//   lag        := "yoy" | "qoq" | "<N>y" | "<N>d"        window := "<N>d"   (quotes ' or ")

type BinaryOp = "+" | "-" | "*" | "/";
type UnaryFunction = "ttm" | "avg" | "sqrt";
export type WindowFunction = "max" | "min" | "mean" | "stdev";

/** How far back prev() looks: fiscal years (same fiscal period), fiscal quarters or trading days. */
interface Lag {
  unit: "year" | "quarter" | "day";
  count: number;
}

export type FormulaNode =
  /** `text` is the literal as written, for exact decimal arithmetic. */
  | { kind: "number"; text: string; value: number }
  | { kind: "metric"; key: string }
  /** price_close on the period's end date. */
  | { kind: "price" }
  | { kind: "negate"; operand: FormulaNode }
  | { kind: "binary"; op: BinaryOp; left: FormulaNode; right: FormulaNode }
  | { kind: "call"; fn: UnaryFunction; arg: FormulaNode }
  | { kind: "pow"; base: FormulaNode; exponent: FormulaNode }
  | { kind: "prev"; arg: FormulaNode; lag: Lag }
  /** Over the `days` trading days ending on the date. */
  | { kind: "window"; fn: WindowFunction; arg: FormulaNode; days: number };

/** The metric `price` stands for. */
export const PRICE_METRIC = "price_close";

/** Words of the grammar: never usable as metric keys. */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  "price",
  "ttm",
  "avg",
  "sqrt",
  "pow",
  "prev",
  "max",
  "min",
  "mean",
  "stdev",
]);

const UNARY_FUNCTIONS: ReadonlySet<string> = new Set<UnaryFunction>(["ttm", "avg", "sqrt"]);
const WINDOW_FUNCTIONS: ReadonlySet<string> = new Set<WindowFunction>(["max", "min", "mean", "stdev"]);

export class FormulaSyntaxError extends Error {
  constructor(
    message: string,
    readonly expression: string,
    readonly position: number,
  ) {
    super(`${message} at position ${position} of "${expression}"`);
    this.name = "FormulaSyntaxError";
  }
}

type Token =
  | { type: "number"; text: string; pos: number }
  | { type: "ident"; text: string; pos: number }
  | { type: "string"; text: string; pos: number }
  | { type: "punct"; text: "+" | "-" | "*" | "/" | "(" | ")" | ","; pos: number }
  | { type: "end"; text: ""; pos: number };

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < expression.length) {
    const c = expression.charAt(i);
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const rest = expression.slice(i);
    const number = /^(?:\d+(?:\.\d+)?|\.\d+)/.exec(rest);
    if (number) {
      if (/^[A-Za-z_]/.test(rest.slice(number[0].length)))
        throw new FormulaSyntaxError("Malformed number", expression, i);
      tokens.push({ type: "number", text: number[0], pos: i });
      i += number[0].length;
      continue;
    }
    const ident = /^[a-z][a-z0-9_]*/.exec(rest);
    if (ident) {
      tokens.push({ type: "ident", text: ident[0], pos: i });
      i += ident[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      const close = expression.indexOf(c, i + 1);
      if (close < 0) throw new FormulaSyntaxError("Unterminated string", expression, i);
      tokens.push({ type: "string", text: expression.slice(i + 1, close), pos: i });
      i = close + 1;
      continue;
    }
    if ("+-*/(),".includes(c)) {
      tokens.push({ type: "punct", text: c as "+" | "-" | "*" | "/" | "(" | ")" | ",", pos: i });
      i++;
      continue;
    }
    throw new FormulaSyntaxError(`Unexpected character "${c}"`, expression, i);
  }
  tokens.push({ type: "end", text: "", pos: expression.length });
  return tokens;
}

/** Parses a formula expression; throws FormulaSyntaxError with the position of the first problem. */
export function parseFormula(expression: string): FormulaNode {
  const tokens = tokenize(expression);
  let at = 0;
  const peek = (): Token => tokens[at]!;
  const fail = (message: string, token: Token = peek()): never => {
    throw new FormulaSyntaxError(message, expression, token.pos);
  };
  const describe = (t: Token): string => (t.type === "end" ? "end of formula" : `"${t.text}"`);
  const isPunct = (text: string): boolean => {
    const t = peek();
    return t.type === "punct" && t.text === text;
  };
  const expect = (text: string): void => {
    if (!isPunct(text)) fail(`Expected "${text}" but found ${describe(peek())}`);
    at++;
  };

  function parseExpression(): FormulaNode {
    let left = parseTerm();
    while (isPunct("+") || isPunct("-")) {
      const op = peek().text as BinaryOp;
      at++;
      left = { kind: "binary", op, left, right: parseTerm() };
    }
    return left;
  }

  function parseTerm(): FormulaNode {
    let left = parseUnary();
    while (isPunct("*") || isPunct("/")) {
      const op = peek().text as BinaryOp;
      at++;
      left = { kind: "binary", op, left, right: parseUnary() };
    }
    return left;
  }

  function parseUnary(): FormulaNode {
    if (isPunct("-")) {
      at++;
      return { kind: "negate", operand: parseUnary() };
    }
    return parsePrimary();
  }

  function parseString(what: string, pattern: RegExp): string {
    const t = peek();
    if (t.type !== "string") return fail(`Expected ${what} in quotes but found ${describe(t)}`);
    if (!pattern.test(t.text)) return fail(`Invalid ${what} "${t.text}"`);
    at++;
    return t.text;
  }

  function parseLag(): Lag {
    const text = parseString('lag ("yoy", "qoq", "<N>y" or "<N>d")', /^(?:yoy|qoq|[1-9]\d*[yd])$/);
    if (text === "yoy") return { unit: "year", count: 1 };
    if (text === "qoq") return { unit: "quarter", count: 1 };
    return { unit: text.endsWith("y") ? "year" : "day", count: Number(text.slice(0, -1)) };
  }

  function parseCall(name: string): FormulaNode {
    expect("(");
    const arg = parseExpression();
    let node: FormulaNode;
    if (UNARY_FUNCTIONS.has(name)) {
      node = { kind: "call", fn: name as UnaryFunction, arg };
    } else if (name === "pow") {
      expect(",");
      node = { kind: "pow", base: arg, exponent: parseExpression() };
    } else if (name === "prev") {
      expect(",");
      node = { kind: "prev", arg, lag: parseLag() };
    } else {
      expect(",");
      const days = Number(parseString('window ("<N>d")', /^[1-9]\d*d$/).slice(0, -1));
      node = { kind: "window", fn: name as WindowFunction, arg, days };
    }
    expect(")");
    return node;
  }

  function parsePrimary(): FormulaNode {
    const t = peek();
    if (t.type === "number") {
      at++;
      return { kind: "number", text: t.text, value: Number(t.text) };
    }
    if (t.type === "punct" && t.text === "(") {
      at++;
      const inner = parseExpression();
      expect(")");
      return inner;
    }
    if (t.type === "ident") {
      at++;
      const call = isPunct("(");
      if (t.text === "price" && !call) return { kind: "price" };
      if (UNARY_FUNCTIONS.has(t.text) || WINDOW_FUNCTIONS.has(t.text) || t.text === "pow" || t.text === "prev") {
        if (!call) return fail(`Function ${t.text} needs arguments`, t);
        return parseCall(t.text);
      }
      if (call) return fail(`Unknown function "${t.text}"`, t);
      if (RESERVED_WORDS.has(t.text)) return fail(`"${t.text}" is reserved`, t);
      return { kind: "metric", key: t.text };
    }
    return fail(`Expected a value but found ${describe(t)}`);
  }

  const ast = parseExpression();
  if (peek().type !== "end") fail(`Unexpected ${describe(peek())}`);
  return ast;
}

function children(node: FormulaNode): FormulaNode[] {
  switch (node.kind) {
    case "number":
    case "metric":
    case "price":
      return [];
    case "negate":
      return [node.operand];
    case "binary":
      return [node.left, node.right];
    case "pow":
      return [node.base, node.exponent];
    case "call":
    case "prev":
    case "window":
      return [node.arg];
  }
}

/** Metric keys the formula reads, in order of first appearance, each once (`price` reads price_close). */
export function formulaInputs(node: FormulaNode): string[] {
  const keys = new Set<string>();
  const visit = (n: FormulaNode): void => {
    if (n.kind === "metric") keys.add(n.key);
    else if (n.kind === "price") keys.add(PRICE_METRIC);
    children(n).forEach(visit);
  };
  visit(node);
  return [...keys];
}

/** Metric keys read inside avg(...), each once: balances whose opening value is needed too. */
export function formulaAveragedInputs(node: FormulaNode): string[] {
  const keys = new Set<string>();
  const visit = (n: FormulaNode): void => {
    if (n.kind === "call" && n.fn === "avg") formulaInputs(n.arg).forEach((k) => keys.add(k));
    else children(n).forEach(visit);
  };
  visit(node);
  return [...keys];
}

/** Every sub-expression with the functions around it, outermost first: for checks such as "ttm() only
 * reads durations". `within` lists enclosing function names ("ttm", "avg", "prev", "max", ...). */
export function walkFormula(node: FormulaNode, visit: (n: FormulaNode, within: readonly string[]) => void): void {
  const go = (n: FormulaNode, within: readonly string[]): void => {
    visit(n, within);
    const fn =
      n.kind === "call" || n.kind === "window" ? n.fn : n.kind === "prev" ? "prev" : n.kind === "pow" ? "pow" : null;
    const inner = fn ? [...within, fn] : within;
    children(n).forEach((c) => go(c, inner));
  };
  go(node, []);
}

const PRECEDENCE: Record<BinaryOp, number> = { "+": 1, "-": 1, "*": 2, "/": 2 };

function formatLag(lag: Lag): string {
  if (lag.unit === "quarter") return "qoq";
  if (lag.unit === "year") return lag.count === 1 ? "yoy" : `${lag.count}y`;
  return `${lag.count}d`;
}

/** The formula written back in canonical form, with only the parentheses it needs:
 * parseFormula(formatFormula(ast)) equals ast. */
export function formatFormula(node: FormulaNode): string {
  const wrap = (child: FormulaNode, parentPrecedence: number, rightSide: boolean): string => {
    const text = formatFormula(child);
    if (child.kind !== "binary") return text;
    const p = PRECEDENCE[child.op];
    // a - (b - c) and a / (b * c) keep their parentheses; a + (b + c) is written as parsed too.
    return p < parentPrecedence || (rightSide && p === parentPrecedence) ? `(${text})` : text;
  };
  switch (node.kind) {
    case "number":
      return node.text;
    case "metric":
      return node.key;
    case "price":
      return "price";
    case "negate":
      return `-${node.operand.kind === "binary" ? `(${formatFormula(node.operand)})` : formatFormula(node.operand)}`;
    case "binary": {
      const p = PRECEDENCE[node.op];
      return `${wrap(node.left, p, false)} ${node.op} ${wrap(node.right, p, true)}`;
    }
    case "call":
      return `${node.fn}(${formatFormula(node.arg)})`;
    case "pow":
      return `pow(${formatFormula(node.base)}, ${formatFormula(node.exponent)})`;
    case "prev":
      return `prev(${formatFormula(node.arg)}, "${formatLag(node.lag)}")`;
    case "window":
      return `${node.fn}(${formatFormula(node.arg)}, "${node.days}d")`;
  }
}
