// ROUGE-N and ROUGE-Lsum (Lin, 2004) as F1, the way Google's rouge-score package computes them, the
// package summarization papers report (ECTSum among them): text lower-cased, every run of characters
// other than a–z and 0–9 a separator; with `stem`, tokens longer than 3 characters Porter-stemmed
// (use_stemmer=True). N-gram counts are clipped by the other side's. ROUGE-Lsum is the summary-level LCS:
// texts split into sentences at newlines, for each reference sentence the union of its longest common
// subsequences with every candidate sentence, each token counted at most as often as both texts have it.
import { porterStem } from "./porter-stemmer";

export interface RougeScore {
  precision: number;
  recall: number;
  f1: number;
}

export interface RougeOptions {
  /** Porter-stem tokens longer than 3 characters, as rouge-score with use_stemmer=True. */
  stem: boolean;
}

export function rougeTokens(text: string, options: RougeOptions = { stem: false }): string[] {
  const tokens = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  return options.stem ? tokens.map((t) => (t.length > 3 ? porterStem(t) : t)) : tokens;
}

function score(overlap: number, candidateCount: number, referenceCount: number): RougeScore {
  const precision = candidateCount === 0 ? 0 : overlap / candidateCount;
  const recall = referenceCount === 0 ? 0 : overlap / referenceCount;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

function counts(items: readonly string[]): Map<string, number> {
  const found = new Map<string, number>();
  for (const item of items) found.set(item, (found.get(item) ?? 0) + 1);
  return found;
}

function ngrams(tokens: readonly string[], n: number): string[] {
  const grams: string[] = [];
  for (let i = 0; i + n <= tokens.length; i++) grams.push(tokens.slice(i, i + n).join(" "));
  return grams;
}

export function rougeN(candidate: string, reference: string, n: number, options?: RougeOptions): RougeScore {
  const c = ngrams(rougeTokens(candidate, options), n);
  const r = counts(ngrams(rougeTokens(reference, options), n));
  let overlap = 0;
  for (const [gram, count] of counts(c)) overlap += Math.min(count, r.get(gram) ?? 0);
  return score(
    overlap,
    c.length,
    [...r.values()].reduce((s, v) => s + v, 0),
  );
}

/** The positions in `reference` of one longest common subsequence with `candidate`, read back from the
 * dynamic-programming table as rouge-score reads it (on a tie, the candidate's index steps back first
 * only when that keeps a strictly longer subsequence). */
function lcsPositions(reference: readonly string[], candidate: readonly string[]): number[] {
  const rows = reference.length;
  const cols = candidate.length;
  const table = Array.from({ length: rows + 1 }, () => new Array<number>(cols + 1).fill(0));
  for (let i = 1; i <= rows; i++) {
    for (let j = 1; j <= cols; j++) {
      table[i]![j] =
        reference[i - 1] === candidate[j - 1]
          ? table[i - 1]![j - 1]! + 1
          : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
    }
  }
  const positions: number[] = [];
  let i = rows;
  let j = cols;
  while (i > 0 && j > 0) {
    if (reference[i - 1] === candidate[j - 1]) {
      positions.push(i - 1);
      i--;
      j--;
    } else if (table[i]![j - 1]! > table[i - 1]![j]!) j--;
    else i--;
  }
  return positions.reverse();
}

/** Sentences as rouge-score's rougeLsum reads them: one a line, empty lines dropped. */
function sentenceTokens(text: string, options?: RougeOptions): string[][] {
  return text
    .split("\n")
    .filter((line) => line.length > 0)
    .map((line) => rougeTokens(line, options));
}

/** Summary-level ROUGE-L over newline-separated sentences (rouge-score's rougeLsum). */
export function rougeLsum(candidate: string, reference: string, options?: RougeOptions): RougeScore {
  const referenceSentences = sentenceTokens(reference, options);
  const candidateSentences = sentenceTokens(candidate, options);
  const m = referenceSentences.reduce((s, t) => s + t.length, 0);
  const n = candidateSentences.reduce((s, t) => s + t.length, 0);
  if (m === 0 || n === 0) return { precision: 0, recall: 0, f1: 0 };
  const referenceLeft = counts(referenceSentences.flat());
  const candidateLeft = counts(candidateSentences.flat());
  let hits = 0;
  for (const sentence of referenceSentences) {
    const union = new Set(candidateSentences.flatMap((c) => lcsPositions(sentence, c)));
    for (const position of [...union].sort((a, b) => a - b)) {
      const token = sentence[position]!;
      if ((candidateLeft.get(token) ?? 0) > 0 && (referenceLeft.get(token) ?? 0) > 0) {
        hits++;
        candidateLeft.set(token, candidateLeft.get(token)! - 1);
        referenceLeft.set(token, referenceLeft.get(token)! - 1);
      }
    }
  }
  return score(hits, n, m);
}
