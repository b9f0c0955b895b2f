// A word trie for longest-match phrase lookup ("net income" before "income"), built once per lexicon.
import type { Token } from "./tokens";

interface Node<T> {
  next: Map<string, Node<T>>;
  value: T | undefined;
}

export interface PhraseTrie<T> {
  root: Node<T>;
}

export function createTrie<T>(): PhraseTrie<T> {
  return { root: { next: new Map(), value: undefined } };
}

/** Adds a phrase (normalized words); an existing value wins, so add the most authoritative first.
 * Returns whether it was added. */
export function addPhrase<T>(trie: PhraseTrie<T>, words: readonly string[], value: T): boolean {
  if (words.length === 0) return false;
  let node = trie.root;
  for (const w of words) {
    let child = node.next.get(w);
    if (!child) {
      child = { next: new Map(), value: undefined };
      node.next.set(w, child);
    }
    node = child;
  }
  if (node.value !== undefined) return false;
  node.value = value;
  return true;
}

export function hasPhrase<T>(trie: PhraseTrie<T>, words: readonly string[]): boolean {
  let node: Node<T> | undefined = trie.root;
  for (const w of words) {
    node = node.next.get(w);
    if (!node) return false;
  }
  return node.value !== undefined;
}

/** The longest phrase starting at tokens[start] whose words are all usable, if any. */
export function longestMatch<T>(
  trie: PhraseTrie<T>,
  tokens: readonly Token[],
  start: number,
  usable: (index: number) => boolean,
  accept: (value: T, start: number, length: number) => boolean = () => true,
): { length: number; value: T } | null {
  let node: Node<T> | undefined = trie.root;
  let best: { length: number; value: T } | null = null;
  for (let i = start; i < tokens.length && usable(i); i++) {
    node = node.next.get(tokens[i]!.norm);
    if (!node) break;
    const length = i - start + 1;
    if (node.value !== undefined && accept(node.value, start, length)) best = { length, value: node.value };
  }
  return best;
}
