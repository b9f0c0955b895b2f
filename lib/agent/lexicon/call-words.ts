// The words that ask what was said on a company's earnings calls (the design's source matrix):
// management commentary, tone, strategy, product launches, guidance and outlook, analysts' questions.
// Read by routing.ts beside the filing subjects; a question may ask the calls and the filings at once.

const re = (source: string) => new RegExp(source, "gi");

/** A subject of the calls: its words, the call sections to search first (empty: both), and why. */
export interface CallSubject {
  pattern: RegExp;
  sections: readonly ("prepared_remarks" | "qa")[];
  reason: string;
}

const GUIDANCE_WORDS = `\\bguidance\\b|\\boutlook\\b|\\bforecasts?\\b|\\bexpected\\s+range\\b|\\bexpects?\\b|\\bfull[- ]year\\b|\\bnext\\s+quarter\\b`;

/** Whether a question asks for guidance or outlook (the calls' guidance subject): its passages put the
 * sentences that carry guidance first. */
export function asksForGuidance(question: string): boolean {
  return ASKS_FOR_GUIDANCE.test(question);
}

const ASKS_FOR_GUIDANCE = new RegExp(GUIDANCE_WORDS, "i");

export const CALL_SUBJECTS: readonly CallSubject[] = [
  {
    pattern: re(
      `\\bearnings\\s+calls?\\b|\\bconference\\s+calls?\\b|\\bon\\s+the\\s+call\\b|\\btranscripts?\\b|\\bmanagement\\s+commentary\\b|` +
        `\\b(?:ceo|cfo|management|executives?)\\s+(?:said|say|says|commented|comments?|remarks?|talked|spoke)\\b`,
    ),
    sections: [],
    reason: "asks what management said: the earnings-call transcripts",
  },
  {
    pattern: re(
      `\\btone\\b|\\bsentiment\\b|\\bconfiden(?:t|ce)\\b|\\boptimis\\w*|\\bpessimis\\w*|\\bcautious\\b|\\bupbeat\\b`,
    ),
    sections: [],
    reason: "asks about management's tone: how they spoke on the calls",
  },
  {
    pattern: re(`\\bstrategy\\b|\\bstrategic\\b|\\bpriorities\\b|\\bmoat\\b`),
    sections: [],
    reason: "asks about strategy: what management said on the calls",
  },
  {
    pattern: re(`\\blaunch(?:es|ed|ing)?\\b|\\bnew\\s+products?\\b|\\broll-?outs?\\b|\\bintroduc(?:e|ed|ing)\\b`),
    sections: [],
    reason: "asks about product launches: what management announced on the calls",
  },
  {
    pattern: re(GUIDANCE_WORDS),
    sections: [],
    reason: "asks about guidance or outlook: what management expects, from the calls",
  },
  {
    pattern: re(`\\banalysts?'?\\b|\\bq\\s*&\\s*a\\b|\\bquestions?\\s+(?:from|on)\\s+the\\s+call\\b`),
    sections: ["qa"],
    reason: "asks what analysts asked: the Q&A, each question with management's answer",
  },
  {
    pattern: re(`\\b(?:ai|artificial\\s+intelligence|generative\\s+ai|machine\\s+learning)\\b`),
    sections: [],
    reason: "asks what management said about AI: each company's calls",
  },
];

/** "the latest quarter's results": the filed figures first, the call for context. */
export const LATEST_QUARTER = re(
  `\\b(?:latest|last|most\\s+recent|recent)\\s+(?:quarter(?:ly)?|earnings|results)\\b|\\bquarterly\\s+results\\b`,
);
