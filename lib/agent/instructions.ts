// Instructions and definitions carried by a question (issue 16 item 9): "round to two decimals", "in
// USD millions", "using the cash flow statement", "ROA is defined as net income / (average total
// assets between FY2018 and FY2019)". They say how to answer, not what to look up, so each clause
// is read into the request's `presentation` and blanked out of the text (at the same length, so
// every other span keeps its position) before the rest is parsed: "cash flow" in "the cash flow
// statement" or "total assets" inside a definition is no metric asked for.
import { FormulaSyntaxError, formatFormula, parseFormula } from "@/lib/catalog/formulas";
import { matchMetricAt, metricPhraseSpans } from "./metrics";
import { NUMBER_WORDS } from "./lexicon/everyday-words";
import type { Definition, Presentation } from "./schema";
import { type Token, tokenize } from "./tokens";
import { matchesOf } from "@/lib/core/regex";

const NUMBER = String.raw`(\d+|zero|one|two|three|four|five|six)`;
/** The scale words SCALE matches, and the scale each names. */
const SCALES = {
  thousand: "thousands",
  thousands: "thousands",
  million: "millions",
  millions: "millions",
  mm: "millions",
  mn: "millions",
  billion: "billions",
  billions: "billions",
  bn: "billions",
} as const;
type ScaleWord = keyof typeof SCALES;
// Longest first, so that "millions" is not read as "million" and a stray "s".
const SCALE = `(${Object.keys(SCALES)
  .sort((a, b) => b.length - a.length)
  .join("|")})\\b`;
const CURRENCY = String.raw`(?:(?:us\s*)?(?:usd|dollars|\$)\s*)`;

interface Form {
  re: RegExp;
  read: (m: RegExpExecArray, p: Presentation) => void;
}

const decimalsOf = (word: string) =>
  /^\d+$/.test(word) ? Number(word) : word === "zero" ? 0 : (NUMBER_WORDS.get(word) ?? null);
const scaleOf = (word: string) => SCALES[word.toLowerCase() as ScaleWord];

const FORMS: readonly Form[] = [
  {
    // "round to two decimals", "rounded to 1 decimal place", "to 2 dp", "2 decimals"
    re: new RegExp(
      String.raw`\b(?:(?:round(?:ed)?|rounding)\s+(?:(?:your|the)\s+answer\s+)?(?:it\s+)?to\s+(?:the\s+nearest\s+)?)?${NUMBER}\s+(?:decimals?|decimal\s+places?|dp|digits?\s+after\s+the\s+decimal(?:\s+point)?)\b`,
      "gi",
    ),
    read: (m, p) => {
      p.decimals = decimalsOf(m[1]!.toLowerCase());
    },
  },
  {
    // "round to the nearest million", "rounded to the nearest whole number"
    re: /\b(?:round(?:ed)?|rounding)\s+(?:(?:your|the)\s+answer\s+)?to\s+the\s+nearest\s+(whole\s+number|integer|thousand|million|billion)\b/gi,
    read: (m, p) => {
      const unit = m[1]!.toLowerCase();
      p.decimals = 0;
      if (!/whole|integer/.test(unit)) p.scale = scaleOf(unit);
    },
  },
  {
    // "in USD millions", "in millions of dollars", "in $ billions", "(USD millions)", "in billions"
    re: new RegExp(
      String.raw`(?:\b(?:in|as|answer\s+in|show\s+it\s+in)\s+|\()${CURRENCY}?${SCALE}(?:\s+(?:of\s+)?(?:us\s+)?(?:dollars|usd))?\)?`,
      "gi",
    ),
    read: (m, p) => {
      p.scale = scaleOf(m[1]!);
      if (/usd|dollar|\$/i.test(m[0])) p.currency = "USD";
    },
  },
  {
    // "using the cash flow statement", "from the income statement only", "based on the balance sheet"
    re: /\b(?:using|use|from|based\s+on|per|according\s+to)\s+(?:the\s+)?(?:figures\s+from\s+the\s+|data\s+from\s+the\s+)?(cash\s+flow\s+statement|statement\s+of\s+cash\s+flows|income\s+statement|statement\s+of\s+(?:operations|income|earnings)|p&l|balance\s+sheet|statement\s+of\s+financial\s+position)(?:\s+only)?\b/gi,
    read: (m, p) => {
      const s = m[1]!.toLowerCase();
      p.statement = /cash/.test(s) ? "cash_flow" : /balance|position/.test(s) ? "balance_sheet" : "income";
    },
  },
  {
    // "as a percent", "as a percentage", "in percent"
    re: /\b(?:as\s+a\s+|in\s+)percent(?:age)?\b(?!\s+of\b)/gi,
    read: (_m, p) => {
      p.percent = true;
    },
  },
];

/** "X is defined as …", "define X as …", "X = …", "where X is defined as …", "using … as the definition". */
const DEFINITION_FORMS: readonly RegExp[] = [
  /(?:\bwhere\s+|,\s*)?\b([a-z][a-z&' ]{1,60}?)\s+(?:is|are)\s+defined\s+as\s+([^?.;]+(?:\.\d[^?.;]*)?)/gi,
  /\bdefin(?:e|ing)\s+([a-z][a-z&' ]{1,60}?)\s+as\s+([^?.;,]+(?:\.\d[^?.;]*)?)/gi,
  /\b([a-z][a-z&' ]{1,60}?)\s+=\s+([^?.;,]+)/gi,
  /\busing\s+([^?.;,]+?)\s+as\s+the\s+definition\b()/gi,
  /(?:,\s*|\b)(?:which\s+is\s+)?defined\s+as\s+([^?.;,]+(?:\.\d[^?.;]*)?)()/gi,
  // "The quick ratio is (cash + accounts receivable) / current liabilities": a formula only when every
  // word in it names a metric (readDefinition), so "what is revenue" is no definition.
  /\b([a-z][a-z&' ]{1,60}?)\s+(?:is|equals)\s+(\(?[a-z0-9 &'().]*[/*+][^?;]*?)(?=[?;]|\.\s|\.$|$)/gi,
];

const AVERAGE_WORDS = new Set(["average", "avg", "mean"]);
const MEAN_AS_NOUN_AFTER = new Set(["the", "a", "its", "their", "arithmetic"]);

export interface Instructions {
  presentation: Presentation;
  /** The question with each clause replaced by spaces of the same length. */
  text: string;
}

export function extractInstructions(question: string): Instructions {
  const presentation: Presentation = {
    decimals: null,
    scale: null,
    currency: null,
    statement: null,
    percent: false,
    definitions: [],
  };
  let text = question;
  const blank = (index: number, length: number) => {
    text = text.slice(0, index) + " ".repeat(length) + text.slice(index + length);
  };
  for (const re of DEFINITION_FORMS) {
    for (const m of matchesOf(text, re)) {
      const [whole, name, body] = m;
      const definition = readDefinition(body ? name! : "", body ? body : name!);
      if (!definition) continue;
      presentation.definitions.push({ ...definition, text: whole.trim() });
      blank(m.index, whole.length);
    }
  }
  for (const form of FORMS) {
    for (const m of matchesOf(text, form.re)) {
      form.read(m, presentation);
      blank(m.index, m[0].length);
    }
  }
  // "average capex from FY2020 to FY2022": the mean over the periods asked, unless the word belongs to
  // a metric's own name ("return on average assets", "average collection period").
  const tokens = tokenize(text);
  const names = metricPhraseSpans(tokens);
  const inMetricName = (t: Token) => names.some((span) => t.start >= span.start && t.end <= span.end);
  tokens.forEach((t, i) => {
    if (!AVERAGE_WORDS.has(t.norm) || inMetricName(t)) return;
    // "mean" is the verb of "what does free cash flow mean?" unless a noun's article comes before it.
    if (t.norm === "mean" && !MEAN_AS_NOUN_AFTER.has(tokens[i - 1]?.norm ?? "")) return;
    presentation.average = true;
    blank(t.start, t.end - t.start);
  });
  return { presentation, text };
}

/** A definition's formula in the catalog grammar, its metric names read as catalog keys and "average X
 * (between FY2018 and FY2019)" as avg(X); null when a word in it names no metric. */
function readDefinition(name: string, body: string): Omit<Definition, "text"> | null {
  const tokens = tokenize(body);
  const parts: string[] = [];
  let cursor = 0;
  let pendingAverage = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const between = body.slice(cursor, t.start);
    parts.push(
      between
        .replace(/[^()+\-*/×÷\d.\s]/g, " ")
        .replace(/×/g, "*")
        .replace(/÷/g, "/"),
    );
    cursor = t.end;
    if (t.norm === "average" || t.norm === "avg" || t.norm === "mean") {
      pendingAverage = true;
      continue;
    }
    if (t.norm === "between" || t.norm === "from") {
      // The years of an average are the periods it spans: avg() averages the period and the one before.
      while (
        i + 1 < tokens.length &&
        /^(fy\d{2,4}|\d{4}|and|to|fiscal|year|years|end|of|the)$/.test(tokens[i + 1]!.norm)
      )
        i++;
      cursor = tokens[i]!.end;
      continue;
    }
    if (/^\d+(?:\.\d+)?$/.test(t.text)) {
      parts.push(t.text);
      continue;
    }
    const hit = matchMetricAt(tokens, i, () => true);
    if (!hit) {
      if (t.norm === "the" || t.norm === "of" || t.norm === "s") continue;
      return null;
    }
    parts.push(pendingAverage ? `avg(${hit.entry.key})` : hit.entry.key);
    pendingAverage = false;
    i += hit.length - 1;
    cursor = tokens[i]!.end;
  }
  parts.push(body.slice(cursor).replace(/[^()+\-*/\d.\s]/g, " "));
  const expression = parts.join("").replace(/\s+/g, " ").trim();
  try {
    const formula = formatFormula(parseFormula(expression));
    const nameTokens = tokenize(name);
    const named = nameTokens.length > 0 ? matchMetricAt(nameTokens, 0, () => true) : null;
    return { metric: named && named.length === nameTokens.length ? named.entry.key : null, formula };
  } catch (error) {
    if (error instanceof FormulaSyntaxError) return null;
    throw error;
  }
}
