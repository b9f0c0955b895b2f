// ROUGE-N and ROUGE-L (Lin, 2004) as F1, the way Google's rouge-score package computes them without
// stemming: text lower-cased, every run of characters other than a–z and 0–9 a separator, n-gram counts
// clipped by the reference's, ROUGE-L from the longest common subsequence of the two token sequences.

export interface RougeScore {
  precision: number;
  recall: number;
  f1: number;
}

export function rougeTokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
}

function score(overlap: number, candidateCount: number, referenceCount: number): RougeScore {
  const precision = candidateCount === 0 ? 0 : overlap / candidateCount;
  const recall = referenceCount === 0 ? 0 : overlap / referenceCount;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

function ngramCounts(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const gram = tokens.slice(i, i + n).join(" ");
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

export function rougeN(candidate: string, reference: string, n: number): RougeScore {
  const c = ngramCounts(rougeTokens(candidate), n);
  const r = ngramCounts(rougeTokens(reference), n);
  let overlap = 0;
  for (const [gram, count] of c) overlap += Math.min(count, r.get(gram) ?? 0);
  const total = (m: Map<string, number>) => [...m.values()].reduce((s, v) => s + v, 0);
  return score(overlap, total(c), total(r));
}

/** Length of the longest common subsequence, in O(|a|·|b|) time and O(|b|) memory. */
function lcsLength(a: readonly string[], b: readonly string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const token of a) {
    const current = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      current[j] = token === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    }
    previous = current;
  }
  return previous[b.length]!;
}

export function rougeL(candidate: string, reference: string): RougeScore {
  const c = rougeTokens(candidate);
  const r = rougeTokens(reference);
  return score(lcsLength(c, r), c.length, r.length);
}
