// The answer's checked numbers marked in its Markdown: an untraced number (and, apart, one the model
// computed) becomes a link to a fixed anchor, which AnswerMarkdown renders as a quiet mark with a title.
import type { NumberTrace } from "@/lib/context/number-trace";
import { matchesOf } from "@/lib/core/regex";

export const NUMBER_MARKS = {
  untraced: { href: "#number-untraced", title: "not found in the data given to the model" },
  derived: { href: "#number-derived", title: "computed by the model from the data given to it" },
} as const;

export type NumberMark = keyof typeof NUMBER_MARKS;

/** Text a mark must not go inside: a Markdown link or image (its text and its URL; a link inside a link breaks
 * both), an autolink, a bare URL (GFM links it), an inline code span. Digits there are no quantity to mark. */
const UNMARKABLE = new RegExp(
  [
    String.raw`!?\[[^\]\n]*\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"\n]*")?\)`,
    String.raw`<[a-z][a-z0-9+.-]*:[^>\s]*>`,
    String.raw`(?:\bhttps?:\/\/|\bwww\.)[^\s<>]*[^\s<>().,;:!?'"*_\]]`,
    "`[^`\\n]*`",
  ].join("|"),
  "gi",
);

function unmarkableSpans(text: string): [number, number][] {
  return matchesOf(text, UNMARKABLE).map((match) => [match.index, match.index + match[0].length]);
}

/** The text with its untraced and derived numbers marked; a number whose text no longer sits at its
 * offsets (another text part, an escape before it), or that sits in a link, URL or code span, is left as written. */
export function markNumbers(text: string, trace: NumberTrace | null): string {
  if (!trace) return text;
  let marked = text;
  const unmarkable = unmarkableSpans(text);
  // From the end, so earlier offsets stay valid.
  for (const n of [...trace.numbers].sort((a, b) => b.start - a.start)) {
    if (n.status === "found" || text.slice(n.start, n.end) !== n.text || text[n.start - 1] === "\\") continue;
    if (unmarkable.some(([start, end]) => n.start < end && n.end > start)) continue;
    marked = `${marked.slice(0, n.start)}[${n.text}](${NUMBER_MARKS[n.status].href})${marked.slice(n.end)}`;
  }
  return marked;
}

/** Which mark a link is, or null for any other link. */
export function numberMarkOf(href: string | undefined): NumberMark | null {
  if (href === NUMBER_MARKS.untraced.href) return "untraced";
  if (href === NUMBER_MARKS.derived.href) return "derived";
  return null;
}
