// Edit distance and similarity for typo matching and "did you mean" suggestions.

// Rows of the distance table, reused across calls (the parser is synchronous, so this is safe).
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions: "Appel" → "Apple" is 1).
 * Only the diagonal band |i - j| <= max is computed, so it returns max + 1 as soon as the distance is
 * known to exceed `max`. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (la === 0) return lb;
  if (lb === 0) return la;
  const k = Math.min(max, Math.max(la, lb));
  const big = k + 1;
  if (rowA.length < lb + 2) {
    rowA = new Int32Array(lb + 2);
    rowB = new Int32Array(lb + 2);
    rowC = new Int32Array(lb + 2);
  }
  let prev2 = rowA;
  let prev = rowB;
  let curr = rowC;
  for (let j = 0; j <= lb + 1; j++) {
    prev[j] = j <= k ? j : big;
    prev2[j] = big;
  }
  for (let i = 1; i <= la; i++) {
    const lo = Math.max(1, i - k);
    const hi = Math.min(lb, i + k);
    curr[lo - 1] = lo === 1 && i <= k ? i : big;
    let rowMin = curr[lo - 1]!;
    const ca = a.charCodeAt(i - 1);
    const caPrev = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = lo; j <= hi; j++) {
      const cb = b.charCodeAt(j - 1);
      let d = prev[j - 1]! + (ca === cb ? 0 : 1);
      const del = prev[j]! + 1;
      if (del < d) d = del;
      const ins = curr[j - 1]! + 1;
      if (ins < d) d = ins;
      if (j > 1 && ca === b.charCodeAt(j - 2) && caPrev === cb) {
        const tr = prev2[j - 2]! + 1;
        if (tr < d) d = tr;
      }
      if (d > big) d = big;
      curr[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (hi + 1 <= lb) curr[hi + 1] = big;
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = curr;
    curr = t;
  }
  const d = prev[lb]!;
  return d > max ? max + 1 : d;
}

/** 1 for equal strings, 0 for nothing in common: 1 - distance / longer length. */
export function similarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  return 1 - editDistance(a, b) / longer;
}

/** A string with the set of characters it uses, for comparing it against many others quickly. */
export interface Prepared {
  text: string;
  /** Bit per letter a-z, one for digits, one for anything else. */
  mask: number;
}

export function prepare(text: string): Prepared {
  let mask = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 97 && c <= 122) mask |= 1 << (c - 97);
    else if (c >= 48 && c <= 57) mask |= 1 << 26;
    else if (c !== 32) mask |= 1 << 27;
  }
  return { text, mask };
}

function bitCount(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** similarityAtLeast for prepared strings. One edit changes the character set by at most two
 * characters, so strings whose sets differ by more than twice the allowed distance are skipped
 * without computing it. */
export function preparedSimilarity(a: Prepared, b: Prepared, min: number): number {
  const longer = Math.max(a.text.length, b.text.length);
  if (longer === 0) return 1;
  const maxDistance = Math.floor((1 - min) * longer + 1e-9);
  if (Math.abs(a.text.length - b.text.length) > maxDistance) return 0;
  if (bitCount(a.mask ^ b.mask) > 2 * maxDistance) return 0;
  const d = editDistance(a.text, b.text, maxDistance);
  if (d > maxDistance) return 0;
  return 1 - d / longer;
}
