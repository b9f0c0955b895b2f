// The identity of a story's content: the same title and text under another URL (syndication, a
// tracking parameter) is the same story and is stored once.
import { createHash } from "node:crypto";

function normalizeText(text: string): string {
  return text.normalize("NFKC").replace(/\s+/g, " ").trim();
}

export function contentHash(title: string, body: string): string {
  return createHash("sha256")
    .update(`${normalizeText(title).toLowerCase()}\n${normalizeText(body).toLowerCase()}`)
    .digest("hex");
}

/** A URL in one canonical spelling: no fragment, no tracking parameters, host lowercased. */
export function canonicalUrl(url: string): string {
  const parsed = new URL(url);
  parsed.hash = "";
  for (const key of [...parsed.searchParams.keys()])
    if (/^(utm_|mc_|fbclid|gclid)/i.test(key)) parsed.searchParams.delete(key);
  return parsed.toString();
}
