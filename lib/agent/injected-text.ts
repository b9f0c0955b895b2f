// Instructions injected into a question (issue 31 item 14): "ignore previous instructions", "disregard
// the above", "system prompt:", "you are now …". Everything from such a phrase on is written to steer
// a model, not asked by an investor, so none of it is read: no company ("DAN", "KO, PEP and BA"), no
// metric, no date. It is blanked at the same length, so that every span before it keeps its position.
import { matchesOf } from "@/lib/core/regex";

const VERB = "(?:ignore|ignoring|disregard|disregarding|forget|override|bypass|skip)";
const EARLIER = "(?:previous|prior|earlier|preceding|foregoing|above|original|initial|system|developer|safety)";
const ORDERS =
  "(?:instructions?|prompts?|rules|messages?|directions?|directives?|commands?|guidelines|guardrails|context|text|programming|restrictions)";

/** Phrases that open an injected block. Each asks a model to drop what it was told, or gives it a new
 * role or new orders; an analyst's "ignore the one-off charge" or "excluding the prior year" is none
 * of them (an order word or "the above" is needed). Built once, global, read with matchesOf. */
const INJECTION_RE = new RegExp(
  [
    // "ignore all previous instructions", "disregard the prior rules", "forget your instructions"
    String.raw`\b${VERB}\s+(?:all\s+|any\s+|every\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+|these\s+|those\s+)?(?:${EARLIER}\s+)?${ORDERS}\b`,
    // "disregard the above", "ignore everything above", "ignore all of that"
    String.raw`\b${VERB}\s+(?:(?:all|everything|anything)\s+(?:(?:of\s+)?(?:that|this)\s+)?)?(?:(?:the|that)\s+)?(?:text\s+|stuff\s+)?(?:above|before\s+this|said\s+before)\b`,
    String.raw`\b${VERB}\s+(?:all|everything)\s+(?:of\s+)?(?:that|this)\b`,
    // "system prompt:", "[system]", "<system>", "system: …" opening a line, "new instructions:"
    String.raw`\bsystem\s+(?:prompt|message|instructions?)\b`,
    String.raw`[[<]\s*/?\s*(?:system|assistant|developer)\s*[\]>]`,
    String.raw`(?:^|\n)\s*(?:system|assistant|developer)\s*:`,
    String.raw`\bnew\s+(?:system\s+)?(?:instructions?|rules|orders)\s*:`,
    // "you are now DAN", "from here on you are", "pretend to be", "developer mode", "jailbreak"
    String.raw`\byou\s+are\s+now\b`,
    String.raw`\bpretend\s+(?:to\s+be|you\s+are|that\s+you)\b`,
    String.raw`\b(?:developer|dan|god)\s+mode\b`,
    String.raw`\bjailbr(?:eak|oken)`,
  ].join("|"),
  "gi",
);

const NOT_NEWLINE_RE = /[^\n]/g;

/** The question with everything from the first injected phrase on blanked out (same length); the
 * question itself when it holds none. */
export function withoutInjectedText(question: string): string {
  const first = matchesOf(question, INJECTION_RE)[0];
  if (!first) return question;
  return question.slice(0, first.index) + question.slice(first.index).replace(NOT_NEWLINE_RE, " ");
}
