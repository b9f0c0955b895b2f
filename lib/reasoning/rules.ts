// The built-in analysis: a question over one analyzed table and its paragraphs becomes a program
// (program.ts) from the operation its words ask for, the rows and year columns its words match, and
// the paragraph sentence that shares most of its words. No model: it declines (null, with a reason)
// when no row matches or the operands the operation needs are missing, rather than guess.
import { Decimal } from "@/lib/core/decimal";
import type { Operand, Program, ReasoningContext } from "./program";
import { parseAmount, yearOf } from "./table";
import { matchesOf } from "@/lib/core/regex";
import { sentenceSpans } from "@/lib/core/sentences";

export type RulesOutcome = { program: Program } | { cannotDecide: string };

type Operation =
  | "change-ratio"
  | "difference"
  | "average"
  | "sum"
  | "ratio-percent"
  | "ratio"
  | "compare-largest"
  | "compare-smallest"
  | "years-listed"
  | "lookup";

const OPERATION_CUES: [RegExp, Operation][] = [
  [
    /(\bpercentage|\bpercent|%)\s*(change|increase|decrease|growth|decline|rise|fall)|\bgrowth rate\b|\brate of (change|growth|increase|decrease)\b/i,
    "change-ratio",
  ],
  [
    /\b(in|during|for) which (year|period|fiscal year)s?\b|\bwhich (year|period|fiscal year|fy|financial year)\b.*\b(more|less|higher|lower|larger|smaller|greater|largest|smallest|highest|lowest|most|least)\b/i,
    "compare-largest",
  ],
  [/\baverage\b|\bmean\b/i, "average"],
  [/\b(proportion|percentage|what percent|what %|as a %|what share of)/i, "ratio-percent"],
  [/\bratio\b/i, "ratio"],
  [
    /\b(change|increase|decrease|difference|how much (more|less|higher|lower)|variance|decline|grow|growth)\b/i,
    "difference",
  ],
  [
    /\b(sum|combined|altogether|in total|total .+ (and|for both) |total .+ (from|between|across|over) .*\d{4}|total .+ across all)\b/i,
    "sum",
  ],
  [/\b(which|what) (years|periods)\b|\bin which years\b/i, "years-listed"],
];

/** "weighted average shares", "change in fair value": a cue word that is part of the matched row's own
 * label (and said only once) names the row, not an operation. */
const CUE_IN_LABEL: Partial<Record<Operation, RegExp>> = {
  average: /\baverage\b/i,
  difference: /\b(change|increase|decrease)\b/i,
  ratio: /\bratio\b/i,
};
/** The same cues, to count every time the question uses one. */
const CUES_IN_LABEL_EVERYWHERE = Object.fromEntries(
  Object.entries(CUE_IN_LABEL).map(([operation, cue]) => [operation, new RegExp(cue.source, "gi")]),
) as Partial<Record<Operation, RegExp>>;

const SMALLEST = /\b(less|lower|smaller|smallest|lowest|least|fewer|fewest|below|under|decrease[sd]?)\b/i;

function operationOf(question: string): Operation {
  for (const [pattern, operation] of OPERATION_CUES) {
    if (!pattern.test(question)) continue;
    const isComparative = /\b(more|less|greater|higher|lower|larger|smaller|above|below|exceeds?|exceeding)\b/i.test(
      question,
    );
    if (
      operation === "compare-largest" &&
      !isComparative &&
      /\b(in|during|for) which (year|period|fiscal year)s\b/i.test(question)
    ) {
      return "years-listed";
    }
    if (operation === "compare-largest") return SMALLEST.test(question) ? "compare-smallest" : "compare-largest";
    return operation;
  }
  return "lookup";
}

const STOPWORDS = new Set(
  (
    "what whats is was were are the a an of in on for to from and or by with as at its it this that which " +
    "how much many did does do be been between year years fiscal fy respective respectively company company's " +
    "group change percentage percent increase decrease average difference value amount ratio proportion " +
    "than more less higher lower largest smallest there their during period ended ending end dec december " +
    "change"
  ).split(" "),
);

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']s\b/g, "")
    .split(/[^a-z0-9&]+/)
    .filter((word) => word.length > 0 && !/^\d+$/.test(word))
    .map((word) => (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word));
}

function contentWords(text: string): string[] {
  return wordsOf(text).filter((word) => !STOPWORDS.has(word));
}

/** The years a question names, in order, unique ("fiscal 2019", "FY19", "2018 to 2019"). */
function yearsOf(question: string): string[] {
  const found = matchesOf(question, /\b(19[5-9]\d|20[0-4]\d)\b|\b(?:fy|fiscal)\s?'?(\d{2})\b/gi).map(
    (match) => match[1] ?? `20${match[2]}`,
  );
  return [...new Set(found)];
}

interface ScoredRow {
  row: number;
  score: number;
}

/** Data rows ranked by how well their label covers the question's words (and is covered by them). */
function rankRows(context: ReasoningContext, question: string): ScoredRow[] {
  const asked = new Set(contentWords(question));
  const { table } = context;
  const scored: ScoredRow[] = [];
  for (let row = table.firstDataRow; row < table.rows.length; row++) {
    const cells = table.rows[row]!;
    if (cells.slice(1).every((cell) => cell.trim() === "")) continue;
    const own = contentWords(cells[0] ?? "");
    const label = contentWords(table.rowLabels[row] ?? "");
    if (label.length === 0) continue;
    const hits = label.filter((word) => asked.has(word)).length;
    const ownHits = own.filter((word) => asked.has(word)).length;
    if (hits === 0) continue;
    // Coverage of the label matters most; a "total" row wins ties when the question says total.
    const isTotal = /^total\b/i.test(cells[0] ?? "") && /\btotal\b/i.test(question);
    const score = hits / label.length + ownHits / Math.max(own.length, 1) + hits * 0.1 + (isTotal ? 0.3 : 0);
    scored.push({ row, score });
  }
  return scored.sort((a, b) => b.score - a.score);
}

function numericColumns(context: ReasoningContext, row: number): number[] {
  const cells = context.table.rows[row] ?? [];
  return cells.flatMap((cell, column) => (column > 0 && parseAmount(cell) !== null ? [column] : []));
}

/** Per year asked, its column among those holding a value in the row: the amount column, unless the
 * question asks for percentages (a year often heads both an amount and a "%" column). */
function columnsForYears(context: ReasoningContext, years: string[], available: number[], question: string): number[] {
  const wantsPercent = /%|\bpercent/i.test(question);
  return years.flatMap((year) => {
    const candidates = available.filter((column) => context.table.columnYears[column] === year);
    const preferred = candidates.find((column) => context.table.percentColumns.has(column) === wantsPercent);
    const column = preferred ?? candidates[0];
    return column === undefined ? [] : [column];
  });
}

/** "from 2015 to 2019", "2017-2019", "between 2017 and 2019": every year of the range, for averages and sums. */
function yearRangeOf(question: string): string[] | null {
  const match =
    /\b((?:19|20)\d{2})\s*(?:-|–|to|through)\s*((?:19|20)\d{2})\b/i.exec(question) ??
    /\bbetween\s+((?:19|20)\d{2})\s+and\s+((?:19|20)\d{2})\b/i.exec(question);
  if (!match) return null;
  const [from, to] = [Number(match[1]), Number(match[2])].sort((x, y) => x - y) as [number, number];
  if (to - from < 2 || to - from > 10) return null;
  return Array.from({ length: to - from + 1 }, (_, i) => String(to - i));
}

/** Without a year, the one column whose own header words the question uses most (none on a tie). */
function columnsByWords(context: ReasoningContext, question: string, available: number[]): number[] {
  const asked = new Set(contentWords(question));
  const scored = available
    .map((column) => ({
      column,
      hits: contentWords(context.table.columnLabels[column] ?? "").filter((w) => asked.has(w)).length,
    }))
    .sort((a, b) => b.hits - a.hits);
  const [best, second] = scored;
  return best !== undefined && best.hits > 0 && (second === undefined || second.hits < best.hits) ? [best.column] : [];
}

const cell = (row: number, column: number): Operand => ({ kind: "cell", row, column });

/** A question's sentence in the paragraphs: the one sharing most content words, rare words weighing more. */
function bestSentence(context: ReasoningContext, question: string): Operand | null {
  const asked = new Set(contentWords(question));
  const sentences = context.paragraphs.flatMap((paragraph, index) =>
    sentenceSpans(paragraph).map(({ start, end }) => ({
      index,
      start,
      end,
      words: new Set(contentWords(paragraph.slice(start, end))),
    })),
  );
  const frequency = new Map<string, number>();
  for (const sentence of sentences)
    for (const word of sentence.words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  let best: { operand: Operand; score: number } | null = null;
  for (const sentence of sentences) {
    const shared = [...sentence.words].filter((word) => asked.has(word));
    if (shared.length === 0) continue;
    const score =
      shared.reduce((sum, word) => sum + 1 + 1 / (frequency.get(word) ?? 1), 0) - sentence.words.size * 0.01;
    if (best === null || score > best.score) {
      best = { operand: { kind: "span", paragraph: sentence.index, start: sentence.start, end: sentence.end }, score };
    }
  }
  return best?.operand ?? null;
}

const CONNECTIVE = new Set(
  "is are was were be been being has have had we our us it its they their the a an of on in for to by as and that which this these those".split(
    " ",
  ),
);
const QUANTITY_IN_TEXT = /[$€£¥]?\s?\(?\d+(,\d{3})*(\.\d+)?\)?\s?(%|percent\b|(million|billion|thousand)\b)?/g;
const DATE_IN_TEXT =
  /\b((january|february|march|april|may|june|july|august|september|october|november|december)\s+(\d{1,2},\s+)?)?(19|20)\d{2}\b/gi;

/** The part of a sentence that answers: a quantity for "how much/many", a date for "when", else what
 * follows the words the sentence shares with the question ("X is presented consistently…" → "consistently…"). */
function answerPart(context: ReasoningContext, sentence: Operand & { kind: "span" }, question: string): Operand {
  const text = context.paragraphs[sentence.paragraph]!.slice(sentence.start, sentence.end);
  const asked = new Set(wordsOf(question));
  const at = (start: number, length: number): Operand => ({
    kind: "span",
    paragraph: sentence.paragraph,
    start: sentence.start + start,
    end: sentence.start + start + length,
  });
  const pattern = /^\s*how (much|many)\b/i.test(question)
    ? QUANTITY_IN_TEXT
    : /^\s*when\b/i.test(question)
      ? DATE_IN_TEXT
      : null;
  if (pattern !== null) {
    const askedYears = new Set(yearsOf(question));
    const isDatePart = (m: RegExpMatchArray) =>
      pattern === QUANTITY_IN_TEXT &&
      (/^(19|20)\d{2}$/.test(m[0].trim()) || /^\s*,?\s*(19|20)\d{2}/.test(text.slice((m.index ?? 0) + m[0].length)));
    const found = matchesOf(text, pattern).filter(
      (m) => m[0].trim() !== "" && !askedYears.has(m[0].trim()) && /\d/.test(m[0]) && !isDatePart(m),
    );
    const first = found[0];
    if (first) {
      const leading = first[0].length - first[0].trimStart().length;
      return at(first.index + leading, first[0].trim().length);
    }
  }
  // Skip the leading words the question already says (and the connectives among them).
  const words = matchesOf(text, /[^\s,;:]+/g);
  let skipped = 0;
  let lastShared = -1;
  for (const [index, word] of words.entries()) {
    const normalized = wordsOf(word[0]);
    const isShared = normalized.length === 0 || normalized.every((w) => asked.has(w) || CONNECTIVE.has(w));
    if (!isShared) break;
    skipped = index + 1;
    if (normalized.some((w) => asked.has(w) && !CONNECTIVE.has(w))) lastShared = index;
  }
  const restIndex = lastShared + 1;
  if (lastShared >= 1 && words.length - restIndex >= 3 && skipped >= restIndex) {
    const rest = text.slice(words[restIndex]!.index);
    const start = words[restIndex]!.index + (rest.length - rest.replace(/^(is|are|was|were)\s+/i, "").length);
    const end = text.replace(/[.;]\s*$/, "").length;
    if (end > start) return at(start, end - start);
  }
  return sentence;
}

function spanFromText(context: ReasoningContext, question: string, reason: string): RulesOutcome {
  const sentence = bestSentence(context, question);
  if (sentence === null || sentence.kind !== "span") return { cannotDecide: reason };
  return { program: { op: "span", operands: [answerPart(context, sentence, question)] } };
}

/** Questions that ask which items a table lists ("what are the components of X", "how many types of X"). */
const ASKS_ITEMS =
  /^\s*(how many|what|which)\b.*\b(components|items|types|categories|elements|segments|kinds|classes|line items)\b(?!.*\b(than|exceed|above|below)\b)/i;

const isTotalLabel = (label: string) => /^(total|net|subtotal)\b/i.test(label.trim());

/** The rows the question asks to list: those under the section heading it names, those that add up to
 * the total it names, or (when it names none) every item row of the table. */
function itemRows(context: ReasoningContext, question: string): number[] {
  const { table } = context;
  const isSection = (row: number) => (table.rows[row] ?? []).slice(1).every((cell) => cell.trim() === "");
  const dataRows = Array.from(
    { length: table.rows.length - table.firstDataRow },
    (_, i) => table.firstDataRow + i,
  ).filter((row) => (table.rows[row]?.[0] ?? "").trim() !== "");
  const asked = new Set(contentWords(question.replace(ASKS_ITEMS, "")));
  const named = dataRows
    .map((row) => ({ row, hits: contentWords(table.rows[row]?.[0] ?? "").filter((w) => asked.has(w)).length }))
    .filter((scored) => scored.hits > 0)
    .sort((a, b) => b.hits - a.hits)[0]?.row;
  if (named === undefined) {
    return /\b(in|of) the table\b|\blisted\b/i.test(question)
      ? dataRows.filter((row) => !isSection(row) && !isTotalLabel(table.rows[row]?.[0] ?? ""))
      : [];
  }
  const rows: number[] = [];
  if (isSection(named)) {
    for (let row = named + 1; row < table.rows.length && !isSection(row); row++) {
      const label = table.rows[row]?.[0] ?? "";
      if (isTotalLabel(label) || label.trim() === "") break;
      rows.push(row);
    }
    return rows;
  }
  for (let row = named - 1; row >= table.firstDataRow && !isSection(row); row--) {
    if (isTotalLabel(table.rows[row]?.[0] ?? "")) break;
    rows.unshift(row);
  }
  return rows;
}

/** Questions that ask for an explanation, a place, a person or a list in words: the paragraphs answer them. */
const ASKS_TEXT =
  /^\s*(why|where|who|whom|describe|explain)\b|^\s*how (?!much|many)\w+|^\s*when\b|\bwhat (does|do|did|is|are|was|were)\b.*\b(consist|include|represent|mean|comprise|refer|define|reason|purpose|cause|due to)|\bwhat (is|was|are|were) (the )?(reason|purpose|definition|method|basis|policy)/i;

/** The year columns of the table, newest first, as the table lists them. */
function yearColumns(context: ReasoningContext): number[] {
  return context.table.columnYears.flatMap((year, column) => (year === null ? [] : [column]));
}

function laterFirst(context: ReasoningContext, columns: number[]): number[] {
  return [...columns].sort((a, b) =>
    (context.table.columnYears[b] ?? "").localeCompare(context.table.columnYears[a] ?? ""),
  );
}

export function programByRules(context: ReasoningContext, question: string): RulesOutcome {
  const operation = operationOf(question);
  const years = yearsOf(question);
  if (operation === "years-listed") {
    const columns = yearColumns(context);
    const distinct = [...new Map(columns.map((column) => [context.table.columnYears[column], column])).values()];
    if (distinct.length >= 2) {
      return {
        program: {
          op: "multi-span",
          operands: distinct.map((column) => cell(headerRowOf(context, column), column)),
        },
      };
    }
  }
  const listing = ASKS_ITEMS.exec(question);
  if (listing !== null && years.length === 0) {
    const items = itemRows(context, question);
    if (items.length >= 2) {
      const operands = items.map((row) => cell(row, 0));
      return { program: /^how many/i.test(listing[0]) ? { op: "count", operands } : { op: "multi-span", operands } };
    }
  }
  if (operation === "lookup" && ASKS_TEXT.test(question)) {
    const text = spanFromText(context, question, "no sentence of the paragraphs matches the question");
    if ("program" in text) return text;
  }
  const rows = rankRows(context, question);
  const top = rows[0];
  if (top === undefined) return spanFromText(context, question, "no row of the table matches the question");
  const available = numericColumns(context, top.row);
  const range = operation === "average" || operation === "sum" ? yearRangeOf(question) : null;
  const askedByYear = columnsForYears(context, range ?? years, available, question);
  const asked = askedByYear.length > 0 ? askedByYear : columnsByWords(context, question, available);
  const yearColumnsOfRow = available.filter((column) => context.table.columnYears[column] !== null);
  const columnsOfRow = asked.length > 0 ? asked : yearColumnsOfRow.length > 0 ? yearColumnsOfRow : available;

  const countThreshold = /^\s*(?:.*,\s*)?how many (?:of the )?(years|quarters|periods)\b/i.test(question)
    ? thresholdOf(question, context)
    : null;
  if (countThreshold !== null && columnsOfRow.length >= 2) {
    const comparison = SMALLEST.test(question) || /\bbelow\b|\bunder\b/i.test(question) ? "below" : "above";
    const operands = columnsOfRow.map((column) => cell(top.row, column));
    return { program: { op: "count", operands, comparison, threshold: countThreshold } };
  }
  const cueInLabel = CUE_IN_LABEL[operation];
  const isCueInLabel =
    cueInLabel?.test(context.table.rowLabels[top.row] ?? "") &&
    (question.match(CUES_IN_LABEL_EVERYWHERE[operation]!)?.length ?? 0) < 2;
  const chosen: Operation = isCueInLabel ? "lookup" : operation;
  switch (chosen) {
    case "change-ratio":
    case "difference": {
      const printed = chosen === "change-ratio" ? printedChangeColumn(context, top.row) : undefined;
      if (printed !== undefined) return { program: { op: "span", operands: [cell(top.row, printed)] } };
      const pair = pairOf(context, rows, asked, years, question);
      if (pair === null) return { cannotDecide: `the ${chosen} needs two values of one row` };
      return { program: { op: chosen, operands: pair } };
    }
    case "average": {
      // "the 2019 average X" is the average balance over 2019 and the year before.
      const previous = asked.length === 1 ? previousYearColumn(context, asked[0]!, available) : undefined;
      const columns = asked.length >= 2 ? asked : previous !== undefined ? [asked[0]!, previous] : columnsOfRow;
      if (columns.length < 2) return { cannotDecide: "an average needs two values or more" };
      return { program: { op: "average", operands: columns.map((column) => cell(top.row, column)) } };
    }
    case "sum": {
      // "the total X in 2019 and 2018 respectively" asks for each value, not their sum.
      if (/\brespective(ly)?\b/i.test(question)) break;
      const columns = asked.length >= 2 ? asked : /\b(all|every|each)\b/i.test(question) ? columnsOfRow : [];
      if (columns.length >= 2)
        return { program: { op: "sum", operands: columns.map((column) => cell(top.row, column)) } };
      break;
    }
    case "ratio-percent":
    case "ratio": {
      const pair = ratioPair(context, rows, question, asked, columnsOfRow);
      if (pair !== null) return { program: { op: "ratio", operands: pair, percent: chosen === "ratio-percent" } };
      break;
    }
    case "compare-largest":
    case "compare-smallest": {
      // "In which year was X negative?" compares with zero.
      const sign = /\bnegative\b/i.test(question) ? "below" : /\bpositive\b/i.test(question) ? "above" : null;
      const threshold = thresholdOf(question, context) ?? (sign === null ? null : "0");
      if (threshold !== null && columnsOfRow.length >= 2) {
        return {
          program: {
            op: "filter",
            operands: columnsOfRow.map((column) => cell(top.row, column)),
            comparison: sign ?? (chosen === "compare-largest" ? "above" : "below"),
            threshold,
          },
        };
      }
      const columns = asked.length >= 2 ? asked : columnsOfRow;
      if (columns.length >= 2) {
        return {
          program: {
            op: "compare",
            operands: columns.map((column) => cell(top.row, column)),
            direction: chosen === "compare-largest" ? "largest" : "smallest",
          },
        };
      }
      break;
    }
    default:
      break;
  }
  if (asked.length >= 2)
    return { program: { op: "multi-span", operands: asked.map((column) => cell(top.row, column)) } };
  const column = asked[0] ?? (available.length === 1 ? available[0] : years.length === 0 ? available[0] : undefined);
  if (column === undefined)
    return spanFromText(context, question, "the question's year is not a column of the matched row");
  return { program: { op: "span", operands: [cell(top.row, column)] } };
}

/** "less than 140 million", "greater than 2.0%": the number a question compares with, in the table's units. */
function thresholdOf(question: string, context: ReasoningContext): string | null {
  const match =
    /\b(?:more|less|greater|higher|lower|larger|smaller|above|below|over|under|exceeds?|exceeding)\s*(?:than\s*)?[$€£]?\s?(-?\d[\d,]*(?:\.\d+)?)\s*(thousand|million|billion)?/i.exec(
      question,
    );
  if (!match) return null;
  const value = new Decimal(match[1]!.replace(/,/g, ""));
  // "less than 1.2 billion" over a table in millions compares with 1200.
  const named = match[2]?.toLowerCase();
  const isConvertible = named !== undefined && context.table.scale !== "none" && context.table.scale !== "percent";
  const shift = isConvertible ? (POWER_OF_SCALE[named] ?? 0) - (POWER_OF_SCALE[context.table.scale] ?? 0) : 0;
  return value.times(new Decimal(10).pow(shift)).toString();
}

const POWER_OF_SCALE: Record<string, number> = { thousand: 3, million: 6, billion: 9 };

/** A column the table prints the percentage change in ("% change", "Change (%)"): the report's own figure. */
function printedChangeColumn(context: ReasoningContext, row: number): number | undefined {
  return numericColumns(context, row).find((column) => {
    const label = context.table.columnLabels[column] ?? "";
    const text = `${label} ${context.table.rows[row]?.[column] ?? ""}`;
    return (
      context.table.columnYears[column] === null && /%/.test(text) && /change|growth|increase|variance|%/i.test(label)
    );
  });
}

function previousYearColumn(context: ReasoningContext, column: number, available: number[]): number | undefined {
  const year = Number(context.table.columnYears[column]);
  return available.find((other) => Number(context.table.columnYears[other]) === year - 1);
}

function headerRowOf(context: ReasoningContext, column: number): number {
  for (let row = 0; row < context.table.firstDataRow; row++) {
    if (yearOf(context.table.rows[row]?.[column] ?? "") !== null) return row;
  }
  return 0;
}

/** Two values for a change: one row at two years (later first), or two rows at one year (as asked). */
function pairOf(
  context: ReasoningContext,
  rows: ScoredRow[],
  asked: number[],
  years: string[],
  question: string,
): [Operand, Operand] | null {
  const top = rows[0]!;
  if (asked.length >= 2) {
    const [later, earlier] = laterFirst(context, asked.slice(0, 2)) as [number, number];
    return [cell(top.row, later), cell(top.row, earlier)];
  }
  // "the difference between A and B (in 2019)": two rows, in the order named, at one column.
  const named = /\bbetween\s+(?:the\s+)?(.+?)\s+and\s+(.+?)(?:\s+(?:in|as|at|for|of|on|during)\b|\?|$)/i.exec(question);
  if (named && !/^(19|20)\d{2}$/.test(named[1]!.trim())) {
    const first = rankRows(context, named[1]!)[0]?.row;
    const second = rankRows(context, named[2]!).find((r) => r.row !== first)?.row;
    const column =
      asked[0] ??
      yearColumns(context).find((c) => parseAmount(context.table.rows[first ?? -1]?.[c] ?? "") !== null) ??
      numericColumns(context, first ?? -1)[0];
    if (
      first !== undefined &&
      second !== undefined &&
      column !== undefined &&
      parseAmount(context.table.rows[second]?.[column] ?? "") !== null
    ) {
      return [cell(first, column), cell(second, column)];
    }
  }
  const second = rows[1];
  if (asked.length === 1 && second !== undefined && second.score > 0.5 && years.length === 1) {
    const column = asked[0]!;
    if (parseAmount(context.table.rows[second.row]?.[column] ?? "") !== null) {
      return [cell(top.row, column), cell(second.row, column)];
    }
  }
  if (years.length === 0) {
    const columns = laterFirst(
      context,
      numericColumns(context, top.row).filter((c) => context.table.columnYears[c]),
    );
    if (columns.length === 2) return [cell(top.row, columns[0]!), cell(top.row, columns[1]!)];
  }
  return null;
}

/** A part over its whole at one year: the whole is the row named after the last "of"/"to"/"over" (a total
 * row when the words say total, else the table's total), the part the best other row of the question. */
function ratioPair(
  context: ReasoningContext,
  rows: ScoredRow[],
  question: string,
  asked: number[],
  columnsOfRow: number[],
): [Operand, Operand] | null {
  const column = asked[0] ?? (columnsOfRow.length === 1 ? columnsOfRow[0] : undefined);
  if (column === undefined) return null;
  const { table } = context;
  const isTotalRow = (row: number) => /^total\b/i.test(table.rows[row]?.[0] ?? "");
  const split = /\b(?:of|to|over|against|in relation to|by)\b(?!.*\b(?:of|to|over|by)\b)(.*)$/i.exec(question);
  const wholeWords = split ? split[1]! : "";
  const wholeRanked = wholeWords ? rankRows(context, wholeWords) : [];
  const wantsTotal = /\btotal\b/i.test(wholeWords);
  let whole = (wantsTotal ? wholeRanked.find((r) => isTotalRow(r.row)) : undefined)?.row ?? wholeRanked[0]?.row;
  if (whole === undefined) {
    const totalRow = table.rowLabels.findIndex((_, row) => row >= table.firstDataRow && isTotalRow(row));
    whole = totalRow === -1 ? undefined : totalRow;
  }
  const part = rows.find((r) => r.row !== whole)?.row;
  if (part === undefined || whole === undefined) return null;
  if (parseAmount(table.rows[whole]?.[column] ?? "") === null) return null;
  return [cell(part, column), cell(whole, column)];
}
