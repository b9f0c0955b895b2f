// Words of a question with their positions, normalized the same way for questions and lexicons,
// so that "Apple's", "apple’s" and "APPLE" all read "apple" and "R&D", "R & D" and "R and D" agree.
import { matchesOf } from "@/lib/core/regex";

export interface Token {
  /** The word as written. */
  text: string;
  /** Lowercased, diacritics and a possessive "'s" removed, "&" read as "and". */
  norm: string;
  /** UTF-16 offsets into the question, end exclusive. */
  start: number;
  end: number;
}

// A word is letters and digits with inner apostrophes ("McDonald's", "don't"); "&" is a word of its own.
// Everything else (spaces, hyphens, dots, slashes, brackets, emoji, control characters) separates words.
const WORD_RE = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:['’][\p{L}\p{N}\p{M}]+)*|&/gu;
const NON_ASCII_RE = /[^\x00-\x7f]/;
const MARKS_RE = /\p{M}+/gu;

export function normalizeWord(word: string): string {
  if (word === "&") return "and";
  let w = word.toLowerCase();
  if (NON_ASCII_RE.test(w)) w = w.normalize("NFKD").replace(MARKS_RE, "").replaceAll("’", "'");
  if (w.endsWith("'s")) w = w.slice(0, -2);
  return w;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of matchesOf(text, WORD_RE)) {
    const start = m.index;
    const norm = normalizeWord(m[0]);
    if (norm !== "") tokens.push({ text: m[0], norm, start, end: start + m[0].length });
  }
  return tokens;
}

/** The normalized words of a phrase ("Coca-Cola" → ["coca", "cola"]). */
export function phraseWords(phrase: string): string[] {
  return tokenize(phrase).map((t) => t.norm);
}

/** True when the word is written with a capital first letter ("Apple", "NVIDIA", "iPhone" is not). */
export function isCapitalized(text: string): boolean {
  const first = text.charAt(0);
  return first !== first.toLowerCase() && first === first.toUpperCase();
}

/** True when every letter of the word is a capital (and it has at least one letter). */
export function isAllCaps(text: string): boolean {
  return text !== text.toLowerCase() && text === text.toUpperCase();
}

/** True when the word opens a sentence: only spaces, quotes or brackets since the start or a . ! ? : ; */
export function startsSentence(question: string, offset: number): boolean {
  for (let i = offset - 1; i >= 0; i--) {
    const c = question.charAt(i);
    if (/[\s"'“”‘’([]/.test(c)) continue;
    return /[.!?:;]/.test(c);
  }
  return true;
}
