// The Porter stemmer (Porter, 1980) as NLTK's PorterStemmer runs it in its default mode
// (NLTK_EXTENSIONS), which is what Google's rouge-score applies with use_stemmer=True: the original
// five steps plus NLTK's departures (irregular forms, words of one or two letters kept, "ies"/"ied" of
// four letters, "y" → "i" only after a consonant, "alli", "fulli", "logi"). Used by the ROUGE figures only.

const VOWELS = new Set(["a", "e", "i", "o", "u"]);

/** Forms NLTK maps as whole words before any step. */
const IRREGULAR: Record<string, string> = {
  sky: "sky",
  skies: "sky",
  dying: "die",
  lying: "lie",
  tying: "tie",
  news: "news",
  innings: "inning",
  inning: "inning",
  outings: "outing",
  outing: "outing",
  cannings: "canning",
  canning: "canning",
  howe: "howe",
  proceed: "proceed",
  exceed: "exceed",
  succeed: "succeed",
};

/** Whether the letter at i is a consonant: not a vowel, and a "y" only when what precedes it is a vowel
 * (a run of "y"s alternates). */
function isConsonant(word: string, i: number): boolean {
  if (VOWELS.has(word[i]!)) return false;
  if (word[i] !== "y") return true;
  let negate = false;
  let j = i;
  while (j > 0 && word[j] === "y") {
    negate = !negate;
    j--;
  }
  return !VOWELS.has(word[j]!) !== negate;
}

/** m in [C](VC)^m[V]: the number of vowel-consonant sequences. */
function measure(stem: string): number {
  let m = 0;
  let previousVowel = false;
  let previousConsonant = false;
  for (let i = 0; i < stem.length; i++) {
    const ch = stem[i]!;
    const consonant: boolean = VOWELS.has(ch) ? false : ch === "y" ? (i === 0 ? true : !previousConsonant) : true;
    if (consonant && previousVowel) m++;
    previousVowel = !consonant;
    previousConsonant = consonant;
  }
  return m;
}

const positiveMeasure = (stem: string) => measure(stem) > 0;
const measureAboveOne = (stem: string) => measure(stem) > 1;

function containsVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(word: string): boolean {
  return word.length >= 2 && word.at(-1) === word.at(-2) && isConsonant(word, word.length - 1);
}

/** Consonant-vowel-consonant at the end, the last not w, x or y (or, NLTK's extension, a two-letter
 * vowel-consonant word). */
function endsCvc(word: string): boolean {
  const n = word.length;
  return (
    (n >= 3 &&
      isConsonant(word, n - 3) &&
      !isConsonant(word, n - 2) &&
      isConsonant(word, n - 1) &&
      !["w", "x", "y"].includes(word[n - 1]!)) ||
    (n === 2 && !isConsonant(word, 0) && isConsonant(word, 1))
  );
}

/** [suffix, replacement, condition on the stem left]; "*d" stands for a double consonant. */
type Rule = [string, string, ((stem: string) => boolean) | null];

/** The first rule whose suffix the word ends with decides: replaced if its condition holds, else the
 * word is kept as it is. */
function applyRules(word: string, rules: readonly Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (suffix === "*d" && endsDoubleConsonant(word)) {
      const stem = word.slice(0, -2);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
    if (word.endsWith(suffix)) {
      const stem = word.slice(0, word.length - suffix.length);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
  }
  return word;
}

function step1a(word: string): string {
  if (word.endsWith("ies") && word.length === 4) return `${word.slice(0, -3)}ie`;
  return applyRules(word, [
    ["sses", "ss", null],
    ["ies", "i", null],
    ["ss", "ss", null],
    ["s", "", null],
  ]);
}

function step1b(word: string): string {
  if (word.endsWith("ied")) return word.slice(0, -3) + (word.length === 4 ? "ie" : "i");
  if (word.endsWith("eed")) {
    const stem = word.slice(0, -3);
    return measure(stem) > 0 ? `${stem}ee` : word;
  }
  let stem: string | null = null;
  for (const suffix of ["ed", "ing"]) {
    if (word.endsWith(suffix) && containsVowel(word.slice(0, -suffix.length))) {
      stem = word.slice(0, -suffix.length);
      break;
    }
  }
  if (stem === null) return word;
  const last = stem.at(-1)!;
  return applyRules(stem, [
    ["at", "ate", null],
    ["bl", "ble", null],
    ["iz", "ize", null],
    ["*d", last, () => !["l", "s", "z"].includes(last)],
    ["", "e", (s) => measure(s) === 1 && endsCvc(s)],
  ]);
}

function step1c(word: string): string {
  return applyRules(word, [["y", "i", (stem) => stem.length > 1 && isConsonant(stem, stem.length - 1)]]);
}

const STEP2_RULES: Rule[] = [
  ["ational", "ate", positiveMeasure],
  ["tional", "tion", positiveMeasure],
  ["enci", "ence", positiveMeasure],
  ["anci", "ance", positiveMeasure],
  ["izer", "ize", positiveMeasure],
  ["bli", "ble", positiveMeasure],
  ["alli", "al", positiveMeasure],
  ["entli", "ent", positiveMeasure],
  ["eli", "e", positiveMeasure],
  ["ousli", "ous", positiveMeasure],
  ["ization", "ize", positiveMeasure],
  ["ation", "ate", positiveMeasure],
  ["ator", "ate", positiveMeasure],
  ["alism", "al", positiveMeasure],
  ["iveness", "ive", positiveMeasure],
  ["fulness", "ful", positiveMeasure],
  ["ousness", "ous", positiveMeasure],
  ["aliti", "al", positiveMeasure],
  ["iviti", "ive", positiveMeasure],
  ["biliti", "ble", positiveMeasure],
  ["fulli", "ful", positiveMeasure],
];

function step2(word: string): string {
  if (word.endsWith("alli") && positiveMeasure(word.slice(0, -4))) return step2(`${word.slice(0, -4)}al`);
  // NLTK's "logi" rule measures the word without its last three letters ("log" kept), not the stem.
  return applyRules(word, [...STEP2_RULES, ["logi", "log", () => positiveMeasure(word.slice(0, -3))]]);
}

function step3(word: string): string {
  return applyRules(word, [
    ["icate", "ic", positiveMeasure],
    ["ative", "", positiveMeasure],
    ["alize", "al", positiveMeasure],
    ["iciti", "ic", positiveMeasure],
    ["ical", "ic", positiveMeasure],
    ["ful", "", positiveMeasure],
    ["ness", "", positiveMeasure],
  ]);
}

function step4(word: string): string {
  return applyRules(word, [
    ["al", "", measureAboveOne],
    ["ance", "", measureAboveOne],
    ["ence", "", measureAboveOne],
    ["er", "", measureAboveOne],
    ["ic", "", measureAboveOne],
    ["able", "", measureAboveOne],
    ["ible", "", measureAboveOne],
    ["ant", "", measureAboveOne],
    ["ement", "", measureAboveOne],
    ["ment", "", measureAboveOne],
    ["ent", "", measureAboveOne],
    ["ion", "", (stem) => measure(stem) > 1 && ["s", "t"].includes(stem.at(-1) ?? "")],
    ["ou", "", measureAboveOne],
    ["ism", "", measureAboveOne],
    ["ate", "", measureAboveOne],
    ["iti", "", measureAboveOne],
    ["ous", "", measureAboveOne],
    ["ive", "", measureAboveOne],
    ["ize", "", measureAboveOne],
  ]);
}

function step5a(word: string): string {
  if (!word.endsWith("e")) return word;
  const stem = word.slice(0, -1);
  const m = measure(stem);
  return m > 1 || (m === 1 && !endsCvc(stem)) ? stem : word;
}

function step5b(word: string): string {
  return applyRules(word, [["ll", "l", () => measure(word.slice(0, -1)) > 1]]);
}

/** A lower-case word's Porter stem, as NLTK's PorterStemmer().stem gives it. */
export function porterStem(word: string): string {
  const irregular = IRREGULAR[word];
  if (irregular !== undefined) return irregular;
  if (word.length <= 2) return word;
  return step5b(step5a(step4(step3(step2(step1c(step1b(step1a(word))))))));
}
