// The words that ask what a company's filings say, and which filing sections answer them (the 10-K's
// items; "8-K" for a current report, "8-K 2.02" for an earnings release). Read by
// passes/read-document-subjects.ts; the sections become the filings route of the request.

const re = (source: string) => new RegExp(source, "gi");

/** A subject of the filings: its words, the sections to search first, and why, in words a person reads. */
export interface DocumentSubject {
  pattern: RegExp;
  sections: readonly string[];
  reason: string;
}

/** Each subject once; a question may name several ("risks and legal proceedings"). */
export const DOCUMENT_SUBJECTS: readonly DocumentSubject[] = [
  {
    pattern: re(
      `\\brisk\\s+factors?\\b|\\brisks?\\b|\\bthreats?\\b|\\buncertaint(?:y|ies)\\b|\\bheadwinds?\\b|\\bvulnerab\\w*|\\bexposures?\\b|\\bcybersecurity\\b|\\bcyber\\b`,
    ),
    sections: ["1A"],
    reason: "asks about risks: the 10-K's Item 1A (Risk Factors)",
  },
  {
    pattern: re(
      `\\blegal\\s+proceedings?\\b|\\blitigation\\b|\\blawsuits?\\b|\\bsued\\b|\\bsuits?\\b|\\blegal\\b|\\bantitrust\\b|\\binvestigations?\\b|\\bcontingenc(?:y|ies)\\b|\\bsettlements?\\b|\\bfines?\\b|\\bpenalt(?:y|ies)\\b`,
    ),
    sections: ["3", "8"],
    reason: "asks about legal matters: Item 3 (Legal Proceedings) and the contingencies note (Item 8)",
  },
  {
    pattern: re(`\\bsegments?\\b|\\bbusiness\\s+units?\\b|\\bdivisions?\\b|\\bgeographic(?:al)?\\b|\\bregions?\\b`),
    sections: ["1", "8"],
    reason: "asks about segments: Item 1 (Business) and the segment note (Item 8)",
  },
  {
    pattern: re(
      `\\bcustomers?\\b|\\bclients?\\b|\\bproducts?\\b|\\bservices\\b|\\bbrands?\\b|\\bcompetition\\b|\\bcompetitive\\b|\\bcompetes?\\b|\\bmarket\\s+share\\b|` +
        `\\bemployees?\\b|\\bworkforce\\b|\\bheadcount\\b|\\bstaff\\b|\\blabor\\s+unions?\\b|\\bunionized\\b|\\bcollective\\s+bargaining\\b|\\bhuman\\s+capital\\b|` +
        `\\bsuppliers?\\b|\\bvendors?\\b|\\bsupply\\s+chain\\b|\\bsourcing\\b|\\bmanufactur\\w*|\\bfactor(?:y|ies)\\b|\\bplants?\\b|\\braw\\s+materials?\\b|\\bcontract\\s+manufacturers?\\b|` +
        `\\bpatents?\\b|\\bintellectual\\s+property\\b|\\btrademarks?\\b|\\bseasonality\\b|\\bseasonal\\b|\\bbusiness\\s+model\\b|\\bregulations?\\b|\\bregulatory\\b|\\bproperties\\b`,
    ),
    sections: ["1"],
    reason: "asks about the business: the 10-K's Item 1 (Business)",
  },
  {
    pattern: re(
      `\\boutlook\\b|\\bguidance\\b|\\bstrategy\\b|\\bstrategic\\b|\\bpriorities\\b|\\bplans?\\b|\\bexpectations?\\b|\\bliquidity\\b|\\bcapital\\s+resources\\b|\\bcash\\s+needs\\b|` +
        `\\bmd\\s*&\\s*a\\b|\\bmanagement'?s\\s+discussion\\b|\\bresults\\s+of\\s+operations\\b`,
    ),
    sections: ["7"],
    reason: "asks about results, outlook or liquidity: the 10-K's Item 7 (MD&A)",
  },
  {
    pattern: re(
      `\\bfinancial\\s+statements?\\b|\\bstatements?\\b|\\bnotes?\\s+to\\s+the\\s+(?:consolidated\\s+)?financial\\s+statements\\b|\\baccounting\\s+polic(?:y|ies)\\b|\\bauditors?\\b|\\brevenue\\s+recognition\\b`,
    ),
    sections: ["8"],
    reason: "asks about the financial statements: the 10-K's Item 8",
  },
  {
    pattern: re(
      `\\bexecutive\\s+(?:compensation|pay)\\b|\\b(?:ceo|cfo|executives?|officers?|directors?)'?s?\\s+(?:compensation|pay|salary|salaries|bonus(?:es)?)\\b|\\bproxy(?:\\s+statement)?\\b|\\bdef\\s*14a\\b`,
    ),
    sections: ["11"],
    reason: "asks about executive compensation: the 10-K's Item 11 and the proxy statement where present",
  },
  {
    pattern: re(`\\bpress\\s+releases?\\b|\\breleases?\\b|\\bannouncements?\\b|\\bearnings\\s+reports?\\b`),
    sections: ["8-K 2.02"],
    reason: "asks about an earnings release: the 8-K Item 2.02 filed on that date",
  },
  {
    pattern: re(`\\b8-?k\\b|\\bcurrent\\s+reports?\\b`),
    sections: ["8-K"],
    reason: "asks about a current report: the 8-K filed on that date",
  },
];

/** Documents named by "earnings" or "conference" ("the earnings call", "Amazon's earnings release", "the
 * earnings report"): claimed before metrics are read (passes/read-document-subjects.ts), so their
 * "earnings" is the document, not net income; the subjects above and the call words then route them. */
export const DOCUMENT_PHRASES = re(
  `\\bearnings\\s+(?:conference\\s+)?calls?\\b|\\bconference\\s+calls?\\b|\\bearnings\\s+(?:call\\s+)?transcripts?\\b|` +
    `\\bearnings\\s+(?:press\\s+)?releases?\\b|\\bearnings\\s+reports?\\b|\\bearnings\\s+announcements?\\b`,
);

/** Words that ask what a filing says without naming its subject ("what does Nike say about…", "in its
 * 10-K"): the filings, any section. */
export const DOCUMENT_CUES = re(
  `\\b10-?[kq]s?\\b|\\bannual\\s+reports?\\b|\\bquarterly\\s+reports?\\b|\\bfilings?\\b|\\bfiled\\b|\\bsec\\b|` +
    `\\bsays?\\b|\\bsaid\\b|\\bmentions?\\b|\\bmentioned\\b|\\bdiscuss(?:es|ed)?\\b|\\bdisclos(?:e|es|ed|ure|ures)\\b|\\bdescrib(?:e|es|ed)\\b|` +
    `\\brel(?:y|ies|iance)\\s+on\\b|\\bdepend(?:s|ence|ency|ent)?\\s+on\\b|\\breliant\\s+on\\b`,
);

export const DOCUMENT_CUE_REASON = "asks what the company's filings say";
