// TAT-QA's official exact match and F1 (tatqa_metric.py and tatqa_utils.py of NExTplusplus/TAT-QA),
// re-implemented rule for rule so our figures compare with published ones: numbers are normalized
// (scale words, parentheses as negatives, percent signs), the scale is appended to text answers and
// multiplies numbers, spans are joined in sorted order and scored as DROP-style token bags. Python's
// float semantics (round-half-even on the exact binary value, `str(float)`, `'%.4f'`) are reproduced
// because the metric compares the strings they produce.
import { Decimal } from "@/lib/core/decimal";

/** A Python number as the metric sees it: an int stays an int (`str(5)` is "5", `str(5.0)` is "5.0"). */
interface PyNumber {
  value: number;
  isInt: boolean;
}

function scaleToNumber(scale: string): PyNumber {
  const lower = scale.toLowerCase();
  if (lower.includes("hundred")) return { value: 100, isInt: true };
  if (lower.includes("thousand")) return { value: 1000, isInt: true };
  if (lower.includes("million")) return { value: 1_000_000, isInt: true };
  if (lower.includes("billion")) return { value: 1_000_000_000, isInt: true };
  if (lower.includes("percent")) return { value: 0.01, isInt: false };
  return { value: 1, isInt: true };
}

const EXCLUDE_IN_NUMBER = new Set("'\"\\$€£¥%(),[]");
function cleanNumber(text: string): string {
  return [...text].filter((ch) => !EXCLUDE_IN_NUMBER.has(ch)).join("");
}

/** What Python's `float(text)` accepts (less the rare underscore digit groups). */
const PYTHON_FLOAT = /^\s*[+-]?((\d+\.?\d*|\.\d+)([eE][+-]?\d+)?|inf(inity)?|nan)\s*$/i;

function isNumber(text: string): boolean {
  const words = text
    .split(/\s+/)
    .map(cleanNumber)
    .join(" ")
    .split(/\s+/)
    .filter((w) => w.length > 0);
  const first = words[0];
  if (first === undefined || !PYTHON_FLOAT.test(first) || /nan/i.test(first)) return false;
  if (words.length >= 2 && scaleToNumber(words[1]!).value === 1) return false;
  return true;
}

function extractOneNumber(text: string): PyNumber | null {
  const match = /([+-]?\d+(\.\d+)?)|([+-]?\.\d+)/.exec(cleanNumber(text));
  // Python's findall()[0][0] is the first alternative's group: empty when the match was ".5".
  const number = match?.[1];
  if (number === undefined) return null;
  return { value: Number(number), isInt: !number.includes(".") };
}

function wordScale(text: string): PyNumber {
  const match = /([\d.]+\s?[a-zA-Z]+)/.exec(text);
  return match ? scaleToNumber(match[0].toLowerCase()) : { value: 1, isInt: true };
}

/** Python's round(x, digits) on a float: half-even on the exact binary value. */
function pythonRound(value: number, digits: number): number {
  if (!Number.isFinite(value)) return value;
  return new Decimal(exactDecimal(value)).toDecimalPlaces(digits, Decimal.ROUND_HALF_EVEN).toNumber();
}

/** The exact decimal expansion of a double (toFixed expands exactly up to 100 places). */
function exactDecimal(value: number): string {
  return Math.abs(value) >= 1e21 ? BigInt(value).toString() : value.toFixed(100);
}

/** Python's '%.4f' % x. */
function pythonFixed4(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  return new Decimal(exactDecimal(value)).toFixed(4, Decimal.ROUND_HALF_EVEN);
}

/** Python's str() of an int or a float (repr: shortest round-trip digits, exponent outside 1e-4..1e16). */
function pythonStr(number: PyNumber): string {
  const { value } = number;
  if (number.isInt) return BigInt(Math.trunc(value)).toString();
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  const magnitude = Math.abs(value);
  if (magnitude !== 0 && (magnitude >= 1e16 || magnitude < 1e-4)) {
    const [mantissa, exponent] = value.toExponential().split("e") as [string, string];
    const sign = exponent.startsWith("-") ? "-" : "+";
    return `${mantissa}e${sign}${exponent.replace(/^[+-]/, "").padStart(2, "0")}`;
  }
  const text = String(value);
  return Number.isInteger(value) ? `${text}.0` : text;
}

function toNumber(text: string): PyNumber | null {
  const number = extractOneNumber(text);
  if (number === null) return null;
  const scale = wordScale(text);
  const negative = /(\([\d.\s]+\))/.test(text.trim()) ? -1 : 1;
  const percent = /([\d.\s]+%)/.test(text.trim());
  let value = number.value * scale.value * negative;
  if (percent) value *= 0.01;
  const isInt = number.isInt && scale.isInt && !percent;
  return { value: isInt ? value : pythonRound(value, 4), isInt };
}

const PUNCTUATION = new Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~");

function normalizeToken(token: string): string {
  let text = token.toLowerCase();
  if (!isNumber(text)) text = [...text].filter((ch) => !PUNCTUATION.has(ch)).join("");
  if (isNumber(text)) {
    const number = toNumber(text);
    text = number === null ? "None" : pythonStr(number);
  }
  return text
    .replace(/\b(a|an|the)\b/g, " ")
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .join(" ");
}

function normalizeAnswer(text: string): string {
  return text
    .split(" ")
    .map(normalizeToken)
    .filter((part) => part.trim().length > 0)
    .join(" ")
    .trim();
}

/** One answer as written in a predictions file or a gold record: a JSON number keeps Python's int/float. */
export type TatqaAnswer = string | number | (string | number)[];

function pythonStrOf(answer: string | number): string {
  return typeof answer === "string" ? answer : pythonStr({ value: answer, isInt: Number.isInteger(answer) });
}

/** get_answer_str: the answers sorted, numbers scaled and printed with 4 decimals, joined by spaces. */
function answerString(answers: (string | number)[], scale: string): string {
  const texts = answers.map(pythonStrOf).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return texts
    .map((text) => {
      if (isNumber(text)) {
        const number = toNumber(text);
        if (number === null) return scale ? `${text} ${scale}` : text;
        if (text.includes("%")) return pythonFixed4(number.value);
        return pythonFixed4(pythonRound(number.value, 2) * scaleToNumber(scale).value);
      }
      return scale ? `${text} ${scale}` : text;
    })
    .join(" ");
}

function bagF1(predicted: Set<string>, gold: Set<string>): number {
  const intersection = [...gold].filter((token) => predicted.has(token)).length;
  const precision = predicted.size === 0 ? 1 : intersection / predicted.size;
  const recall = gold.size === 0 ? 1 : intersection / gold.size;
  return precision === 0 && recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

/** get_metrics on one predicted and one gold string (each a single span after answerString). */
function spanMetrics(predicted: string, gold: string): [number, number] {
  const p = normalizeAnswer(predicted);
  const g = normalizeAnswer(gold);
  const exact = p === g ? 1 : 0;
  // With one span on each side the optimal alignment is that pair; numpy's round(f1, 2) is half-even.
  const f1 = pythonRound(bagF1(new Set(p.split(/\s+/).filter(Boolean)), new Set(g.split(/\s+/).filter(Boolean))), 2);
  return [exact, f1];
}

export interface TatqaGold {
  answer: TatqaAnswer;
  answer_type: string;
  scale: string;
}

/** The score of one prediction against one gold question, as TaTQAEmAndF1.__call__ computes it. */
export function scoreTatqa(
  gold: TatqaGold,
  prediction: TatqaAnswer | null | undefined,
  predictedScale: string,
): { exactMatch: number; f1: number } {
  // Python's `if not prediction`: None, "", [] and also the number 0 score nothing.
  if (
    prediction === null ||
    prediction === 0 ||
    prediction === undefined ||
    prediction === "" ||
    (Array.isArray(prediction) && prediction.length === 0)
  ) {
    return { exactMatch: 0, f1: 0 };
  }
  const goldAnswers: (string | number)[] = Array.isArray(gold.answer)
    ? gold.answer
    : gold.answer_type === "count"
      ? [String(Math.trunc(Number(gold.answer)))]
      : [pythonStrOf(gold.answer)];
  if (goldAnswers.length === 0) return { exactMatch: 0, f1: 0 };
  const goldString = answerString(goldAnswers, gold.scale);
  const predictions = Array.isArray(prediction) ? prediction : [prediction];
  const predictionStrings = [answerString(predictions, predictedScale)];
  // add_percent_pred: a bare number without a scale may also be a ratio meant as a percentage.
  if (predictions.length === 1) {
    const text = pythonStrOf(predictions[0]!);
    if (!predictedScale && !text.includes("%") && isNumber(text)) {
      const number = toNumber(text);
      if (number !== null) predictionStrings.push(pythonFixed4(number.value));
    }
  }
  // Python's max over (em, f1) tuples: exact match first, then F1.
  let best: [number, number] = [-1, -1];
  for (const predicted of predictionStrings) {
    const score = spanMetrics(predicted, goldString);
    if (score[0] > best[0] || (score[0] === best[0] && score[1] > best[1])) best = score;
  }
  const [exactMatch, f1] = best;
  return { exactMatch, f1: gold.answer_type === "arithmetic" || gold.answer_type === "count" ? exactMatch : f1 };
}
