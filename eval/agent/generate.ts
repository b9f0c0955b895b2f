// Seeded, reproducible generator of labeled investor questions (FinBloom-style Financial Context
// Dataset): fills eval/agent/templates.ts from the catalog (metric names and aliases, ratios, company
// names, aliases, brands and tickers in several cases, possessives) and from date expressions of every
// form the agent documents, and labels each question from its slots: companies and metrics from what
// was put in, dates by eval/agent/gold-dates.ts (independent of the parser), intent by LABELLING.md.
//
//   npx tsx eval/agent/generate.ts [--seed N] [--count N]   writes eval/agent/generated.jsonl
// `npm run eval:agent` regenerates the same file (same seed → byte-identical output).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { Intent } from "@/lib/agent/schema";
import { COMPANIES } from "@/lib/catalog/companies";
import { metricByKey } from "@/lib/catalog/metrics";
import type { CompanyDefinition } from "@/lib/catalog/types";
import {
  goldDates,
  isMultiPeriod,
  lastDayOfMonth,
  parseIso,
  type DateSpec,
  type Period,
  type RelativeUnit,
} from "./gold-dates";
import {
  INVEST_METRICS,
  LEXICON,
  METRIC_SURFACES,
  OVERVIEW_METRICS,
  WORDLIKE_TICKERS,
  findPhrases,
  relatedOf,
  words,
  type MetricSurface,
} from "./lexicon";
import {
  SECTORS,
  TEMPLATES,
  cueIntent,
  type DateClass,
  type MetricPool,
  type Template,
  type TemplateIntent,
} from "./templates";
import type { EvalQuery, FiscalPeriod, QueryMeta } from "./types";

export const DEFAULT_SEED = 20261130;
export const DEFAULT_COUNT = 6000;
export const GENERATED_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), "generated.jsonl");

// ---- a tiny seeded PRNG ----

/** mulberry32: 32-bit state, uniform floats in [0, 1). Same seed, same sequence, on every platform. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(this.next() * items.length)]!;
  }
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let x = this.next() * total;
    for (const [item, w] of items) {
      x -= w;
      if (x < 0) return item;
    }
    return items[items.length - 1]![0];
  }
}

// ---- date expressions ----

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const MONTH_ABBR = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const ORDINAL_WORDS = ["first", "second", "third", "fourth"];
const NUMBER_WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];

const yy = (y: number) => String(y % 100).padStart(2, "0");
const pad2 = (n: number) => String(n).padStart(2, "0");
const daySuffix = (d: number) =>
  d % 10 === 1 && d !== 11 ? "st" : d % 10 === 2 && d !== 12 ? "nd" : d % 10 === 3 && d !== 13 ? "rd" : "th";

interface RenderedDate {
  text: string;
  spec: DateSpec;
  form: string;
  /** Cue words the date phrase itself carries: "over the last ..." (trend), "2022 vs 2023" (compare). */
  cue: "trend" | "compare" | null;
}

interface Today {
  date: Date;
  y: number;
  m: number;
  d: number;
}

function startOf(p: Period): Date {
  switch (p.kind) {
    case "year":
      return new Date(Date.UTC(p.year, 0, 1));
    case "quarter":
      return new Date(Date.UTC(p.year, 3 * p.q - 3, 1));
    case "half":
      return new Date(Date.UTC(p.year, 6 * p.h - 6, 1));
    case "month":
      return new Date(Date.UTC(p.year, p.month - 1, 1));
    case "day":
      return new Date(Date.UTC(p.year, p.month - 1, p.day));
    case "fiscal":
      return new Date(Date.UTC(p.year, 0, 1));
  }
}

/** A calendar period of the given kind that starts on or before today (and after 2010). */
function pastPeriod(r: Rng, kind: "year" | "quarter" | "half" | "month" | "day", t: Today): Period {
  for (;;) {
    const year = r.chance(0.1) ? t.y : r.int(2011, t.y - 1);
    let p: Period;
    if (kind === "year") p = { kind, year };
    else if (kind === "quarter") p = { kind, year, q: r.int(1, 4) };
    else if (kind === "half") p = { kind, year, h: r.int(1, 2) };
    else if (kind === "month") p = { kind, year, month: r.int(1, 12) };
    else {
      const month = r.int(1, 12);
      p = { kind, year, month, day: r.int(1, lastDayOfMonth(year, month)) };
    }
    if (startOf(p).getTime() < t.date.getTime()) return p;
  }
}

/** A later period of the same kind, still starting before today. */
function laterPeriod(r: Rng, a: Period, t: Today): Period | null {
  for (let attempt = 0; attempt < 20; attempt++) {
    const b = pastPeriod(r, a.kind as "year" | "quarter" | "half" | "month" | "day", t);
    if (startOf(b).getTime() > startOf(a).getTime()) return b;
  }
  return null;
}

function quarterText(r: Rng, y: number, q: number): string {
  return r.weighted<string>([
    [`Q${q} ${y}`, 8],
    [`Q${q}'${yy(y)}`, 1.5],
    [`${q}Q${yy(y)}`, 1.5],
    [`${q}Q ${y}`, 1],
    [`${y} Q${q}`, 1],
    [`${y}-Q${q}`, 0.7],
    [`Q${q} of ${y}`, 1],
    [`the ${ORDINAL_WORDS[q - 1]} quarter of ${y}`, 2],
    [`${ORDINAL_WORDS[q - 1]} quarter ${y}`, 0.7],
    [`Q${q} ${yy(y)}`, 0.7],
    [`q${q} ${y}`, 1],
  ]);
}

function monthText(r: Rng, y: number, m: number): string {
  const name = MONTH_NAMES[m - 1]!;
  const abbr = MONTH_ABBR[m - 1]!;
  return r.weighted<string>([
    [`${abbr} ${y}`, 4],
    [`${name} ${y}`, 4],
    [`${name} of ${y}`, 1],
    [`${abbr}-${y}`, 0.7],
    [`${abbr} '${yy(y)}`, 0.7],
    [name === abbr ? `${name} ${y}` : `${abbr}. ${y}`, 0.7],
    [`${name}, ${y}`, 0.5],
    [m === 9 ? `Sept ${y}` : `${abbr} ${y}`, 0.3],
  ]);
}

function dayText(r: Rng, y: number, m: number, d: number): string {
  const name = MONTH_NAMES[m - 1]!;
  const abbr = MONTH_ABBR[m - 1]!;
  return r.weighted<string>([
    [`${y}-${pad2(m)}-${pad2(d)}`, 4],
    [`${m}/${d}/${y}`, 2],
    [`${name} ${d}, ${y}`, 2.5],
    [`${d} ${name} ${y}`, 1],
    [`${abbr} ${d} ${y}`, 1],
    [`${name} ${d}${daySuffix(d)}, ${y}`, 0.7],
    [`${d}${daySuffix(d)} of ${name} ${y}`, 0.5],
    [name === abbr ? `${name} ${d}, ${y}` : `${abbr}. ${d}, ${y}`, 0.5],
  ]);
}

function halfText(r: Rng, y: number, h: number): string {
  const word = h === 1 ? "first" : "second";
  return r.weighted<string>([
    [`H${h} ${y}`, 3],
    [`the ${word} half of ${y}`, 2],
    [`${h}H${yy(y)}`, 1],
    [`${h === 1 ? "1st" : "2nd"} half ${y}`, 0.5],
    [`H${h}'${yy(y)}`, 0.5],
  ]);
}

function yearText(r: Rng, y: number): string {
  return r.weighted<string>([
    [`${y}`, 10],
    [`calendar ${y}`, 1],
    [`CY${y}`, 0.7],
    [`calendar year ${y}`, 0.7],
    [`the year ${y}`, 0.5],
  ]);
}

/** A calendar period as written in "since X", "from X to Y" and such. */
function boundText(r: Rng, p: Period): string {
  switch (p.kind) {
    case "year":
      return `${p.year}`;
    case "quarter":
      return r.weighted<string>([
        [`Q${p.q} ${p.year}`, 5],
        [`the ${ORDINAL_WORDS[p.q - 1]} quarter of ${p.year}`, 1],
        [`${p.q}Q${yy(p.year)}`, 1],
      ]);
    case "half":
      return r.chance(0.5) ? `H${p.h} ${p.year}` : `the ${p.h === 1 ? "first" : "second"} half of ${p.year}`;
    case "month":
      return r.chance(0.6) ? `${MONTH_NAMES[p.month - 1]} ${p.year}` : `${MONTH_ABBR[p.month - 1]} ${p.year}`;
    case "day":
      return r.weighted<string>([
        [`${MONTH_NAMES[p.month - 1]} ${p.day}, ${p.year}`, 2],
        [`${p.year}-${pad2(p.month)}-${pad2(p.day)}`, 2],
        [`${p.month}/${p.day}/${p.year}`, 1],
      ]);
    case "fiscal":
      return fiscalText(r, p);
  }
}

function periodText(r: Rng, p: Period): string {
  switch (p.kind) {
    case "year":
      return yearText(r, p.year);
    case "quarter":
      return quarterText(r, p.year, p.q);
    case "half":
      return halfText(r, p.year, p.h);
    case "month":
      return monthText(r, p.year, p.month);
    case "day":
      return dayText(r, p.year, p.month, p.day);
    case "fiscal":
      return fiscalText(r, p);
  }
}

function fiscalText(r: Rng, p: Extract<Period, { kind: "fiscal" }>): string {
  const y = p.year;
  if (p.period === "FY") {
    return r.weighted<string>([
      [`fiscal ${y}`, 3],
      [`fiscal year ${y}`, 2],
      [`FY${y}`, 3],
      [`FY ${y}`, 1],
      [`FY${yy(y)}`, 2],
      [`fy${yy(y)}`, 1],
      [`FY'${yy(y)}`, 1],
      [`the ${y} fiscal year`, 1],
      [`fiscal '${yy(y)}`, 0.4],
    ]);
  }
  const q = Number(p.period.slice(1));
  const ord = ORDINAL_WORDS[q - 1]!;
  return r.weighted<string>([
    [`Q${q} FY${y}`, 3],
    [`Q${q} FY${yy(y)}`, 2],
    [`${q}Q FY${yy(y)}`, 1],
    [`Q${q} of fiscal ${y}`, 1.5],
    [`FY${y} Q${q}`, 1.5],
    [`FY${yy(y)} Q${q}`, 1],
    [`fiscal Q${q} ${y}`, 1.5],
    [`the fiscal ${ord} quarter of ${y}`, 0.7],
    [`the ${ord} fiscal quarter of ${y}`, 0.7],
    [`Q${q} fiscal ${y}`, 0.7],
    [`fiscal ${ord} quarter ${y}`, 0.5],
  ]);
}

function withPrep(r: Rng, body: string, preps: ReadonlyArray<readonly [string, number]>): string {
  const prep = r.weighted(preps);
  return prep === "" ? body : `${prep} ${body}`;
}

const PREP_PERIOD: ReadonlyArray<readonly [string, number]> = [
  ["in", 5],
  ["for", 2],
  ["during", 0.7],
  ["", 2],
];
const PREP_DAY: ReadonlyArray<readonly [string, number]> = [
  ["on", 6],
  ["for", 0.7],
  ["", 2],
];

function fiscalPeriod(r: Rng, t: Today, quarter: boolean): Extract<Period, { kind: "fiscal" }> {
  const year = r.int(2011, t.y + 1);
  const period: FiscalPeriod = quarter ? (`Q${r.int(1, 4)}` as FiscalPeriod) : "FY";
  return { kind: "fiscal", year, period };
}

function numberText(r: Rng, n: number): string {
  if (n <= 12 && r.chance(0.35)) return NUMBER_WORDS[n]!;
  if (n === 24 && r.chance(0.3)) return "twenty-four";
  if (n === 2 && r.chance(0.15)) return "couple of";
  return String(n);
}

const UNIT_WORDS: Readonly<Record<RelativeUnit, ReadonlyArray<readonly [string, number]>>> = {
  quarter: [
    ["quarters", 8],
    ["qtrs", 1],
  ],
  year: [
    ["years", 8],
    ["yrs", 1],
  ],
  month: [
    ["months", 8],
    ["mos", 0.7],
  ],
  week: [
    ["weeks", 8],
    ["wks", 0.7],
  ],
  day: [
    ["days", 6],
    ["trading days", 2],
  ],
};
const SINGULAR: Readonly<Record<RelativeUnit, string>> = {
  quarter: "quarter",
  year: "year",
  month: "month",
  week: "week",
  day: "day",
};

function lastN(r: Rng, unit: RelativeUnit, t: Today): RenderedDate {
  const n =
    unit === "quarter"
      ? r.int(2, 12)
      : unit === "year"
        ? r.int(2, 10)
        : unit === "month"
          ? r.pick([2, 3, 6, 6, 9, 12, 12, 18, 24])
          : unit === "week"
            ? r.int(2, 8)
            : r.pick([3, 5, 7, 10, 14, 20, 30, 30, 45, 60, 90]);
  void t;
  const num = numberText(r, n);
  const unitText = r.weighted(UNIT_WORDS[unit]);
  const spec: DateSpec = { kind: "relative", unit, n };
  if (r.chance(0.12) && !num.startsWith("couple")) {
    const prep = r.weighted<string>([
      ["for the", 2],
      ["in the", 1],
      ["over the", 1],
      ["the", 1],
    ]);
    return { text: `${prep} ${num} most recent ${unitText}`, spec, form: `last-n-${unit}s`, cue: null };
  }
  const lead = r.weighted<string>([
    ["last", 5],
    ["past", 4],
    ["previous", 1.5],
    ["prior", 0.5],
    ["trailing", 1],
    ["preceding", 0.3],
  ]);
  const prep = r.weighted<string>([
    ["over the", 3],
    ["in the", 2],
    ["for the", 2],
    ["during the", 0.5],
    ["", 3],
  ]);
  const cue = prep === "over the" && ["last", "past", "previous"].includes(lead) ? "trend" : null;
  const body = `${lead} ${num} ${unitText}`;
  // "trailing 12 months" is TTM: the last 4 completed quarters (LABELLING.md rule 5).
  const ttm = lead === "trailing" && unit === "month" && n === 12;
  return {
    text: prep === "" ? body : `${prep} ${body}`,
    spec: ttm ? { kind: "ttm" } : spec,
    form: `last-n-${unit}s`,
    cue,
  };
}

type FormMaker = (r: Rng, t: Today) => RenderedDate;

const FORMS: Readonly<Record<string, FormMaker>> = {
  none: () => ({ text: "", spec: { kind: "none" }, form: "none", cue: null }),
  latest: (r) => ({
    text: r.pick([
      "in the latest quarter",
      "for the most recent quarter",
      "in the most recent fiscal year",
      "for the latest year",
      "in the last reported quarter",
      "for the most recent period",
    ]),
    spec: { kind: "latest" },
    form: "latest",
    cue: null,
  }),
  year: (r, t) => {
    const p = pastPeriod(r, "year", t);
    return {
      text: withPrep(r, periodText(r, p), PREP_PERIOD),
      spec: { kind: "period", period: p },
      form: "year",
      cue: null,
    };
  },
  quarter: (r, t) => {
    const p = pastPeriod(r, "quarter", t);
    return {
      text: withPrep(r, periodText(r, p), PREP_PERIOD),
      spec: { kind: "period", period: p },
      form: "quarter",
      cue: null,
    };
  },
  "quarter-noyear": (r) => {
    const q = r.int(1, 4);
    const body = r.chance(0.6) ? `Q${q}` : `the ${ORDINAL_WORDS[q - 1]} quarter`;
    return {
      text: withPrep(r, body, [
        ["in", 4],
        ["for", 2],
        ["", 1],
      ]),
      spec: { kind: "quarterNoYear", q },
      form: "quarter-noyear",
      cue: null,
    };
  },
  half: (r, t) => {
    const p = pastPeriod(r, "half", t);
    return {
      text: withPrep(r, periodText(r, p), PREP_PERIOD),
      spec: { kind: "period", period: p },
      form: "half",
      cue: null,
    };
  },
  month: (r, t) => {
    const p = pastPeriod(r, "month", t);
    return {
      text: withPrep(r, periodText(r, p), PREP_PERIOD),
      spec: { kind: "period", period: p },
      form: "month",
      cue: null,
    };
  },
  day: (r, t) => {
    const p = pastPeriod(r, "day", t);
    return {
      text: withPrep(r, periodText(r, p), PREP_DAY),
      spec: { kind: "period", period: p },
      form: "day",
      cue: null,
    };
  },
  "fiscal-year": (r, t) => {
    const p = fiscalPeriod(r, t, false);
    return {
      text: withPrep(r, fiscalText(r, p), [
        ["in", 4],
        ["for", 3],
        ["", 2],
      ]),
      spec: { kind: "period", period: p },
      form: "fiscal-year",
      cue: null,
    };
  },
  "fiscal-quarter": (r, t) => {
    const p = fiscalPeriod(r, t, true);
    return {
      text: withPrep(r, fiscalText(r, p), [
        ["in", 4],
        ["for", 3],
        ["", 2],
      ]),
      spec: { kind: "period", period: p },
      form: "fiscal-quarter",
      cue: null,
    };
  },
  "last-n-quarters": (r, t) => lastN(r, "quarter", t),
  "last-n-years": (r, t) => lastN(r, "year", t),
  "last-n-months": (r, t) => lastN(r, "month", t),
  "last-n-weeks": (r, t) => lastN(r, "week", t),
  "last-n-days": (r, t) => lastN(r, "day", t),
  "last-period": (r) => {
    const unit = r.weighted<Exclude<RelativeUnit, "day">>([
      ["quarter", 4],
      ["year", 3],
      ["month", 2],
      ["week", 1],
    ]);
    const lead = r.weighted<string>([
      ["last", 4],
      ["past", 3],
      ["previous", 2],
      ["prior", 0.5],
    ]);
    const prep = r.weighted<string>([
      ["", 3],
      ["in the", 2],
      ["for the", 2],
      ["over the", 1],
      ["the", 1],
    ]);
    const cue = prep === "over the" && lead !== "prior" ? "trend" : null;
    const body = `${lead} ${SINGULAR[unit]}`;
    // "last/previous/prior year" is the previous full period; "past year" the current one so far (LABELLING.md).
    const spec: DateSpec = lead === "past" ? { kind: "relative", unit, n: 1 } : { kind: "previous", unit };
    return { text: prep === "" ? body : `${prep} ${body}`, spec, form: "last-period", cue };
  },
  decade: (r) => {
    const n = r.chance(0.85) ? 1 : 2;
    const lead = r.pick(["last", "past"]);
    const body = n === 1 ? `${lead} decade` : `${lead} ${r.pick(["two", "2"])} decades`;
    const prep = r.weighted<string>([
      ["over the", 3],
      ["in the", 2],
      ["during the", 1],
      ["for the", 1],
    ]);
    return {
      text: `${prep} ${body}`,
      spec: { kind: "relative", unit: "year", n: n * 10 },
      form: "decade",
      cue: prep === "over the" ? "trend" : null,
    };
  },
  ttm: (r) => ({
    text: r.weighted<string>([
      ["TTM", 3],
      ["LTM", 1],
      ["ttm", 1],
      ["over the trailing twelve months", 1],
      ["for the trailing 12 months", 1],
      ["trailing twelve months", 0.5],
    ]),
    spec: { kind: "ttm" },
    form: "ttm",
    cue: null,
  }),
  since: (r, t) => {
    const kind = r.weighted<"year" | "quarter" | "month" | "day" | "half">([
      ["year", 4],
      ["quarter", 2],
      ["month", 2.5],
      ["day", 1],
      ["half", 0.5],
    ]);
    const p = pastPeriod(r, kind, t);
    const x = boundText(r, p);
    const text = r.weighted<string>([
      [`since ${x}`, 6],
      [kind === "day" ? `starting ${x}` : `starting in ${x}`, 1],
      [kind === "day" ? `beginning ${x}` : `beginning in ${x}`, 0.5],
      [`from ${x} to now`, 1],
      [`from ${x} to date`, 0.5],
      [`${x} to present`, 0.5],
      [`from ${x} to today`, 0.5],
      [`from ${x} onward`, 0.3],
    ]);
    return { text, spec: { kind: "since", period: p }, form: "since", cue: null };
  },
  after: (r, t) => {
    const p = pastPeriod(
      r,
      r.weighted<"year" | "quarter" | "month">([
        ["year", 3],
        ["quarter", 1],
        ["month", 1],
      ]),
      t,
    );
    return { text: `after ${boundText(r, p)}`, spec: { kind: "after", period: p }, form: "after", cue: null };
  },
  before: (r, t) => {
    const p = pastPeriod(
      r,
      r.weighted<"year" | "quarter" | "month" | "day">([
        ["year", 3],
        ["quarter", 1],
        ["month", 1],
        ["day", 0.5],
      ]),
      t,
    );
    const lead = r.weighted<string>([
      ["before", 3],
      ["prior to", 1],
    ]);
    return { text: `${lead} ${boundText(r, p)}`, spec: { kind: "before", period: p }, form: "before", cue: null };
  },
  until: (r, t) => {
    const p = pastPeriod(
      r,
      r.weighted<"year" | "quarter" | "month">([
        ["year", 3],
        ["quarter", 1],
        ["month", 1],
      ]),
      t,
    );
    const lead = r.weighted<string>([
      ["until", 2],
      ["through", 2],
      ["up to", 1],
      ["up until", 0.5],
      ["till", 0.3],
    ]);
    return { text: `${lead} ${boundText(r, p)}`, spec: { kind: "until", period: p }, form: "until", cue: null };
  },
  "as-of": (r, t) => {
    const kind = r.weighted<"year" | "quarter" | "month" | "day">([
      ["day", 4],
      ["quarter", 2.5],
      ["year", 2],
      ["month", 1.5],
    ]);
    const p = pastPeriod(r, kind, t);
    const x = boundText(r, p);
    const text =
      kind === "day"
        ? `as of ${x}`
        : r.weighted<string>([
            [`as of ${x}`, 1],
            [`at the end of ${x}`, 2],
            [`by the end of ${x}`, 0.5],
            [`as of the end of ${x}`, 1],
          ]);
    return { text, spec: { kind: "asOf", period: p }, form: "as-of", cue: null };
  },
  "range-from-to": (r, t) => rangeForm(r, t, "from-to"),
  "range-between": (r, t) => rangeForm(r, t, "between"),
  "range-dash": (r, t) => {
    const a = pastPeriod(r, "year", t) as Extract<Period, { kind: "year" }>;
    const bYear = a.year >= t.y ? a.year : r.int(a.year + 1, t.y);
    if (bYear === a.year) return FORMS["range-dash"]!(r, t);
    const b: Period = { kind: "year", year: bYear };
    const body = r.weighted<string>([
      [`${a.year}-${bYear}`, 4],
      [`${a.year}–${bYear}`, 1],
      [`${a.year}-${yy(bYear)}`, Math.floor(a.year / 100) === Math.floor(bYear / 100) ? 1 : 0],
      [`${a.year} - ${bYear}`, 0.7],
    ]);
    return {
      text: withPrep(r, body, [
        ["in", 2],
        ["for", 2],
        ["over", 1],
        ["during", 0.5],
        ["", 2],
      ]),
      spec: { kind: "range", from: a, to: b },
      form: "range-dash",
      cue: null,
    };
  },
  "range-fiscal": (r, t) => {
    if (r.chance(0.7)) {
      const y1 = r.int(2011, t.y);
      const y2 = r.int(y1 + 1, t.y + 1);
      const a: Period = { kind: "fiscal", year: y1, period: "FY" };
      const b: Period = { kind: "fiscal", year: y2, period: "FY" };
      const text = r.weighted<string>([
        [`from FY${y1} to FY${y2}`, 2],
        [`FY${y1}-FY${y2}`, 1],
        [`FY${yy(y1)} to FY${yy(y2)}`, 1],
        [`fiscal ${y1} through fiscal ${y2}`, 1],
        [`between fiscal ${y1} and fiscal ${y2}`, 1],
      ]);
      return { text, spec: { kind: "range", from: a, to: b }, form: "range-fiscal", cue: null };
    }
    const y1 = r.int(2011, t.y);
    const q1 = r.int(1, 4);
    const y2 = r.int(y1, t.y + 1);
    const q2 = y2 === y1 ? r.int(q1, 4) : r.int(1, 4);
    if (y2 === y1 && q2 === q1) return FORMS["range-fiscal"]!(r, t);
    const a: Period = { kind: "fiscal", year: y1, period: `Q${q1}` as FiscalPeriod };
    const b: Period = { kind: "fiscal", year: y2, period: `Q${q2}` as FiscalPeriod };
    const text = r.chance(0.5)
      ? `from Q${q1} FY${y1} to Q${q2} FY${y2}`
      : `Q${q1} FY${yy(y1)} through Q${q2} FY${yy(y2)}`;
    return { text, spec: { kind: "range", from: a, to: b }, form: "range-fiscal", cue: null };
  },
  several: (r, t) => {
    if (r.chance(0.7)) {
      const count = r.chance(0.2) ? 3 : 2;
      const years = new Set<number>();
      while (years.size < count) years.add(r.int(2011, t.y));
      const ys = [...years].sort((a, b) => a - b);
      if (r.chance(0.2)) ys.reverse();
      const periods: Period[] = ys.map((year) => ({ kind: "year", year }));
      if (count === 3)
        return {
          text: `in ${ys[0]}, ${ys[1]} and ${ys[2]}`,
          spec: { kind: "several", periods },
          form: "several",
          cue: null,
        };
      const [shape, cue] = r.weighted<readonly [string, "compare" | null]>([
        [[`in ${ys[0]} and ${ys[1]}`, null], 3],
        [[`for ${ys[0]} and ${ys[1]}`, null], 1],
        [[`${ys[0]} vs ${ys[1]}`, "compare"], 2],
        [[`${ys[0]} versus ${ys[1]}`, "compare"], 0.5],
      ]);
      return { text: shape, spec: { kind: "several", periods }, form: "several", cue };
    }
    const a = pastPeriod(r, "quarter", t) as Extract<Period, { kind: "quarter" }>;
    const b = laterPeriod(r, a, t) as Extract<Period, { kind: "quarter" }> | null;
    if (!b) return FORMS.several!(r, t);
    const periods: Period[] = [a, b];
    const vs = r.chance(0.4);
    const text = vs ? `Q${a.q} ${a.year} vs Q${b.q} ${b.year}` : `in Q${a.q} ${a.year} and Q${b.q} ${b.year}`;
    return { text, spec: { kind: "several", periods }, form: "several", cue: vs ? "compare" : null };
  },
  "several-fiscal": (r, t) => {
    const y1 = r.int(2011, t.y);
    const y2 = y1 + r.int(1, 2);
    const periods: Period[] = [
      { kind: "fiscal", year: y1, period: "FY" },
      { kind: "fiscal", year: y2, period: "FY" },
    ];
    const vs = r.chance(0.5);
    return {
      text: vs ? `FY${y1} vs FY${y2}` : `in FY${y1} and FY${y2}`,
      spec: { kind: "several", periods },
      form: "several-fiscal",
      cue: vs ? "compare" : null,
    };
  },
  ytd: (r) => ({
    text: r.weighted<string>([
      ["YTD", 3],
      ["ytd", 1],
      ["year to date", 2],
      ["year-to-date", 1],
      ["so far this year", 1],
      ["this year", 2],
      ["in the current year", 0.5],
    ]),
    spec: { kind: "toDate", unit: "year" },
    form: "ytd",
    cue: null,
  }),
  qtd: (r) => ({
    text: r.weighted<string>([
      ["QTD", 1],
      ["quarter to date", 1],
      ["this quarter", 2],
      ["in the current quarter", 1],
    ]),
    spec: { kind: "toDate", unit: "quarter" },
    form: "qtd",
    cue: null,
  }),
  mtd: (r) => ({
    text: r.weighted<string>([
      ["MTD", 1],
      ["month to date", 1],
      ["this month", 2],
      ["so far this month", 1],
    ]),
    spec: { kind: "toDate", unit: "month" },
    form: "mtd",
    cue: null,
  }),
  "this-week": () => ({ text: "this week", spec: { kind: "toDate", unit: "week" }, form: "this-week", cue: null }),
  today: (r) => ({
    text: r.pick(["today", "today", "as of today"]),
    spec: { kind: "today" },
    form: "today",
    cue: null,
  }),
  yesterday: (r) => ({
    text: r.pick(["yesterday", "yesterday", "as of yesterday"]),
    spec: { kind: "yesterday" },
    form: "yesterday",
    cue: null,
  }),
};

function rangeForm(r: Rng, t: Today, shape: "from-to" | "between"): RenderedDate {
  const kind = r.weighted<"year" | "quarter" | "month" | "day" | "half" | "year-month">([
    ["year", 4],
    ["quarter", 2],
    ["month", 3],
    ["day", 1],
    ["half", 0.3],
    ["year-month", 0.7],
  ]);
  let a: Period;
  let b: Period | null;
  if (kind === "year-month") {
    a = pastPeriod(r, "year", t);
    const m = pastPeriod(r, "month", t) as Extract<Period, { kind: "month" }>;
    b = m.year > (a as Extract<Period, { kind: "year" }>).year ? m : null;
  } else {
    a = pastPeriod(r, kind, t);
    b = laterPeriod(r, a, t);
  }
  if (!b) return rangeForm(r, t, shape);
  const x = boundText(r, a);
  const y = boundText(r, b);
  const text =
    shape === "between"
      ? `between ${x} and ${y}`
      : r.weighted<string>([
          [`from ${x} to ${y}`, 5],
          [`from ${x} through ${y}`, 2],
          [`from ${x} until ${y}`, 0.5],
          [
            withPrep(r, `${x} to ${y}`, [
              ["for", 1],
              ["over", 1],
              ["", 2],
            ]),
            2,
          ],
          [`${x} through ${y}`, 1],
          [`${x} thru ${y}`, 0.3],
        ]);
  return {
    text,
    spec: { kind: "range", from: a, to: b },
    form: shape === "between" ? "range-between" : "range-from-to",
    cue: null,
  };
}

const ANY_FORMS: ReadonlyArray<readonly [string, number]> = [
  ["none", 16],
  ["latest", 3],
  ["year", 9],
  ["quarter", 8],
  ["quarter-noyear", 2],
  ["half", 2],
  ["month", 5],
  ["day", 4],
  ["fiscal-year", 8],
  ["fiscal-quarter", 6],
  ["last-n-quarters", 5],
  ["last-n-years", 5],
  ["last-n-months", 3],
  ["last-n-weeks", 1],
  ["last-n-days", 2],
  ["last-period", 2],
  ["decade", 1],
  ["ttm", 1],
  ["since", 5],
  ["after", 1],
  ["before", 1],
  ["until", 1],
  ["as-of", 2],
  ["range-from-to", 4],
  ["range-between", 3],
  ["range-dash", 3],
  ["range-fiscal", 2],
  ["several", 2],
  ["several-fiscal", 0.5],
  ["ytd", 3],
  ["qtd", 1],
  ["mtd", 1],
  ["this-week", 0.5],
  ["today", 0.5],
  ["yesterday", 0.5],
];

const MULTI_FORMS: ReadonlySet<string> = new Set([
  "last-n-quarters",
  "last-n-years",
  "last-n-months",
  "last-n-weeks",
  "last-n-days",
  "decade",
  "ttm",
  "since",
  "after",
  "before",
  "until",
  "range-from-to",
  "range-between",
  "range-dash",
  "range-fiscal",
  "several",
  "several-fiscal",
]);

const CLASS_FORMS: Readonly<Record<DateClass, ReadonlyArray<readonly [string, number]>>> = {
  any: ANY_FORMS,
  single: ANY_FORMS.filter(([f]) => !MULTI_FORMS.has(f) && f !== "none" && f !== "latest"),
  multi: ANY_FORMS.filter(([f]) => MULTI_FORMS.has(f)),
  price: [
    ["day", 10],
    ["today", 3],
    ["yesterday", 3],
    ["month", 5],
    ["none", 6],
    ["as-of", 3],
    ["last-n-days", 4],
    ["last-n-weeks", 2],
    ["last-n-months", 3],
    ["ytd", 2],
    ["mtd", 1],
    ["this-week", 1],
    ["year", 2],
    ["since", 2],
    ["range-from-to", 2],
    ["quarter", 1],
    ["latest", 1],
  ],
  fiscal: [
    ["fiscal-year", 5],
    ["fiscal-quarter", 5],
    ["range-fiscal", 2],
    ["several-fiscal", 1],
  ],
  none: [["none", 1]],
};

function renderDate(r: Rng, dateClass: DateClass, today: string): RenderedDate {
  const date = parseIso(today);
  const t: Today = { date, y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
  const form = r.weighted(CLASS_FORMS[dateClass]);
  return FORMS[form]!(r, t);
}

// ---- companies ----

/** Brand aliases that are everyday words in lowercase. */
const CAPITALIZED_ALIASES: ReadonlySet<string> = new Set(["Chase", "Converse"]);

interface CompanyForm {
  text: string;
  form: string;
  /** Changing its case would change its meaning (a labeller would not read "cost" as Costco). */
  caseSensitive: boolean;
}

function companyForms(c: CompanyDefinition): Array<readonly [CompanyForm, number]> {
  const out: Array<readonly [CompanyForm, number]> = [];
  const wordlike = WORDLIKE_TICKERS.has(c.ticker);
  out.push([{ text: c.ticker, form: "ticker", caseSensitive: wordlike }, 3]);
  if (!wordlike) out.push([{ text: c.ticker.toLowerCase(), form: "ticker-lower", caseSensitive: false }, 1.5]);
  out.push([{ text: `$${c.ticker}`, form: "cashtag", caseSensitive: false }, 0.3]);
  out.push([{ text: c.name, form: "legal-name", caseSensitive: false }, 0.8]);
  const weights = { name: 3, abbreviation: 1, former_name: 0.5, brand: 0.6 } as const;
  for (const kind of ["name", "abbreviation", "former_name", "brand"] as const) {
    const aliases = c.aliases.filter((a) => a.kind === kind);
    for (const a of aliases) {
      out.push([
        { text: a.alias, form: kind === "name" ? "alias" : kind, caseSensitive: CAPITALIZED_ALIASES.has(a.alias) },
        weights[kind] / aliases.length,
      ]);
    }
  }
  const names = c.aliases.filter((a) => a.kind === "name" && a.alias.toLowerCase() !== a.alias);
  for (const a of names)
    out.push([{ text: a.alias.toLowerCase(), form: "alias-lower", caseSensitive: false }, 1.2 / names.length]);
  return out;
}

const COMPANY_FORMS: ReadonlyMap<string, Array<readonly [CompanyForm, number]>> = new Map(
  COMPANIES.map((c) => [c.ticker, companyForms(c)]),
);

/** "Apple's", "Advanced Micro Devices'", "McDonald's"; null when it reads badly ("Apple Inc.'s"). */
export function possessive(text: string, form: string): string | null {
  if (/['’]s$/i.test(text)) return text;
  if (text.endsWith(".") || text.includes(",")) return null;
  if (form === "ticker" || form === "cashtag" || form === "ticker-lower" || text === text.toUpperCase())
    return `${text}'s`;
  return text.endsWith("s") ? `${text}'` : `${text}'s`;
}

// ---- metrics ----

function poolFilter(pool: MetricPool): (s: MetricSurface) => boolean {
  if (pool === "fin") return (s) => !s.market;
  if (pool === "price") return (s) => s.market;
  return () => true;
}

const SURFACES_BY_POOL: Readonly<
  Record<MetricPool, { catalog: Map<string, MetricSurface[]>; other: MetricSurface[] }>
> = (() => {
  const build = (pool: MetricPool) => {
    const catalog = new Map<string, MetricSurface[]>();
    const other: MetricSurface[] = [];
    for (const s of METRIC_SURFACES.filter(poolFilter(pool))) {
      if (s.source === "name" || s.source === "alias") {
        const key = s.key;
        catalog.set(key, [...(catalog.get(key) ?? []), s]);
      } else {
        other.push(s);
      }
    }
    return { catalog, other };
  };
  return { any: build("any"), fin: build("fin"), price: build("price") };
})();

function metricCase(r: Rng, s: MetricSurface): string {
  if (s.source === "name" && r.chance(0.5)) {
    return s.text
      .split(" ")
      .map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase()))
      .join(" ");
  }
  if (s.source === "alias" && r.chance(0.1)) return s.text.replace(/\b[a-z]/g, (c) => c.toUpperCase());
  return s.text;
}

function pickMetric(r: Rng, pool: MetricPool, taken: ReadonlySet<string>): MetricSurface {
  const { catalog, other } = SURFACES_BY_POOL[pool];
  const everyday = other.filter((s) => !taken.has(s.key));
  if (everyday.length === 0 || r.chance(0.8)) {
    const keys = [...catalog.keys()].filter((k) => !taken.has(k));
    return r.pick(catalog.get(r.pick(keys))!);
  }
  return r.pick(everyday);
}

// ---- templates ----

interface Part {
  text: string;
  slot: string | null;
}

function splitTemplate(text: string): Part[] {
  return text
    .split(/(\{[^}]+\})/)
    .filter((p) => p !== "")
    .map((p) => (p.startsWith("{") ? { text: p, slot: p.slice(1, -1) } : { text: p, slot: null }));
}

/** Problems with a template's own words: metric or company words it does not declare, or cue words of
 * another intent than the one it states. Empty when the template is sound. */
export function checkTemplate(t: Template): string[] {
  const problems: string[] = [];
  const allowed = new Set([...t.implied, ...(t.defaults === "invest" ? INVEST_METRICS : [])]);
  for (const part of splitTemplate(t.text)) {
    if (part.slot !== null) continue;
    for (const hit of findPhrases(words(part.text))) {
      if (hit.meaning.kind === "company") problems.push(`${t.id}: names a company: "${hit.phrase}"`);
      else if (!allowed.has(hit.meaning.key))
        problems.push(`${t.id}: names a metric it does not declare: "${hit.phrase}"`);
    }
  }
  for (const key of t.implied) if (!metricByKey(key)) problems.push(`${t.id}: implies ${key}, not a catalog metric`);
  const hasMetricSlot = /\{m1\}/.test(t.text);
  if (!hasMetricSlot && t.implied.length === 0 && t.defaults === null)
    problems.push(`${t.id}: no metric slot, no implied metric, no defaults`);
  if (hasMetricSlot && t.defaults !== null) problems.push(`${t.id}: a metric slot and default metrics`);
  const cue = cueIntent(t.text);
  if (cue !== t.intent) problems.push(`${t.id}: declares ${t.intent} but its words ask for ${cue}`);
  return problems;
}

/** A growth metric (LABELLING.md rule 6): its name says "growth", "YoY", "QoQ" or "CAGR", and it asks
 * for a trend as those words do. */
const isGrowthKey = (key: string) => /_growth_(?:yoy|qoq)$|_cagr_\d+y$/.test(key);

/** The gold intent: the template's own intent, settled with the companies and dates (LABELLING.md). */
export function resolveIntent(
  t: TemplateIntent,
  companies: number,
  date: { multi: boolean; cue: "trend" | "compare" | null },
): Intent {
  if (t === "invest") return "invest";
  if (t === "explain") return "explain";
  if (t === "compare" || date.cue === "compare") return "compare";
  if (t === "rank") return "rank";
  if (t === "than" || companies >= 2) return "compare";
  if (t === "trend" || date.multi || date.cue === "trend") return "trend";
  return "lookup";
}

function cleanUp(text: string, startsWithDate: boolean): string {
  let s = text.replace(/\s+/g, " ").trim();
  s = s.replace(/\s+([?,!])/g, "$1");
  s = s.replace(/^[\s,:;|–-]+/, "");
  s = s.replace(/[\s,:;|–-]+(\?*)$/, "$1");
  s = s
    .replace(/\(\s*\)/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (startsWithDate && s.length > 0) s = s.charAt(0).toUpperCase() + s.slice(1);
  return s;
}

interface Filled {
  question: string;
  gold: EvalQuery["gold"];
  meta: QueryMeta;
}

function randomToday(r: Rng): string {
  const roll = r.float();
  if (roll < 0.2) return "2026-11-30";
  if (roll < 0.3) {
    return r.pick([
      "2024-02-29",
      "2025-01-01",
      "2025-03-31",
      "2025-04-01",
      "2026-06-30",
      "2026-07-01",
      "2026-12-31",
      "2027-01-04",
      "2024-12-30",
      "2025-09-30",
    ]);
  }
  const start = Date.UTC(2024, 0, 1);
  const end = Date.UTC(2027, 11, 31);
  const day = r.int(0, Math.round((end - start) / 86_400_000));
  return new Date(start + day * 86_400_000).toISOString().slice(0, 10);
}

function fill(t: Template, r: Rng, today: string): Filled | null {
  const parts = splitTemplate(t.text);
  const slots = new Set(parts.filter((p) => p.slot !== null).map((p) => p.slot!.replace(/'s$/, "")));

  // Companies, distinct.
  const tickers: string[] = [];
  const chosen = new Map<string, CompanyDefinition>();
  for (const slot of ["c1", "c2", "c3"]) {
    if (!slots.has(slot)) continue;
    let c: CompanyDefinition;
    do c = r.pick(COMPANIES);
    while (tickers.includes(c.ticker));
    tickers.push(c.ticker);
    chosen.set(slot, c);
  }
  // Metrics, with no key in common.
  const taken = new Set<string>();
  const metricSlots = new Map<string, MetricSurface>();
  for (const slot of ["m1", "m2", "m3"]) {
    if (!slots.has(slot)) continue;
    const s = pickMetric(r, t.metricPool, taken);
    taken.add(s.key);
    metricSlots.set(slot, s);
  }
  // Dates: a rank question keeps its intent ("2022 vs 2023" would make it a comparison).
  const dateClass: DateClass = slots.has("date") ? t.dateClass : "none";
  let date = renderDate(r, dateClass, today);
  while (t.intent === "rank" && date.cue === "compare") date = renderDate(r, dateClass, today);

  const meta: QueryMeta = {
    template: t.id,
    category: t.category,
    dateForm: date.form,
    companies: [],
    metrics: [],
    defaults: t.defaults,
  };
  const caseSensitive: boolean[] = [];
  const filled: Array<{ text: string; role: "fixed" | "company" | "metric" | "date" | "other" }> = [];
  const companyText = new Map<string, CompanyForm>();
  for (const part of parts) {
    if (part.slot === null) {
      filled.push({ text: part.text, role: "fixed" });
      continue;
    }
    const slot = part.slot;
    const base = slot.replace(/'s$/, "");
    if (base.startsWith("c")) {
      const c = chosen.get(base)!;
      let form = companyText.get(base);
      let text: string | null = null;
      for (let attempt = 0; attempt < 30 && text === null; attempt++) {
        const candidate = form ?? r.weighted(COMPANY_FORMS.get(c.ticker)!);
        text = slot.endsWith("'s") ? possessive(candidate.text, candidate.form) : candidate.text;
        if (text !== null) form = candidate;
      }
      if (text === null || !form) return null;
      companyText.set(base, form);
      caseSensitive.push(form.caseSensitive);
      meta.companies.push({ surface: text, ticker: c.ticker, form: form.form });
      filled.push({ text, role: "company" });
    } else if (base.startsWith("m")) {
      const s = metricSlots.get(base)!;
      const text = metricCase(r, s);
      meta.metrics.push({ surface: text, key: s.key });
      filled.push({ text, role: "metric" });
    } else if (base === "date") {
      filled.push({ text: date.text, role: "date" });
    } else if (base === "n") {
      filled.push({ text: r.pick(["3", "5", "5", "10", "three", "five", "ten", "4"]), role: "other" });
    } else if (base === "sector") {
      filled.push({ text: r.pick(SECTORS), role: "other" });
    } else {
      throw new Error(`unknown slot {${slot}} in ${t.id}`);
    }
  }

  // Gold metrics: the slots in order, then what the template's words imply, then defaults.
  const metrics: string[] = [];
  for (const m of meta.metrics) if (!metrics.includes(m.key)) metrics.push(m.key);
  for (const k of t.implied) if (!metrics.includes(k)) metrics.push(k);
  if (t.defaults === "invest") for (const k of INVEST_METRICS) if (!metrics.includes(k)) metrics.push(k);
  if (t.defaults === "overview" && metrics.length === 0) metrics.push(...OVERVIEW_METRICS);
  // Same company named twice (two slots of one template): order of first mention.
  const orderedTickers: string[] = [];
  for (const c of meta.companies) if (!orderedTickers.includes(c.ticker)) orderedTickers.push(c.ticker);

  // The filled words must name nothing the label does not hold (e.g. "sales" + "and" + "marketing expense").
  const ws: Array<{ w: string; part: number }> = [];
  filled.forEach((p, i) => words(p.text).forEach((w) => ws.push({ w, part: i })));
  const flat = ws.map((x) => x.w);
  for (let i = 0; i < flat.length; i++) {
    for (let j = i + 1; j < Math.min(flat.length, i + 8); j++) {
      if (ws[i]!.part === ws[j]!.part) continue;
      const meaning = LEXICON.get(flat.slice(i, j + 1).join(" "));
      if (!meaning) continue;
      const ok = meaning.kind === "company" ? orderedTickers.includes(meaning.ticker) : metrics.includes(meaning.key);
      if (!ok) return null;
    }
  }

  let question = cleanUp(filled.map((p) => p.text).join(""), parts[0]?.slot === "date");
  const variant = r.weighted<"as-is" | "lower" | "upper">([
    ["as-is", 78],
    ["lower", 18],
    ["upper", 4],
  ]);
  const sensitive = caseSensitive.some(Boolean);
  const wordlike = meta.companies.some((c) => WORDLIKE_TICKERS.has(c.surface.replace(/['’]s$/, "").replace(/^\$/, "")));
  if (variant === "lower" && !sensitive) question = question.toLowerCase();
  if (variant === "upper" && !sensitive && !wordlike) question = question.toUpperCase();
  if (question.endsWith("?") && r.chance(0.1)) question = question.replace(/\?+$/, "");
  if (question === "") return null;

  const multi = isMultiPeriod(date.spec);
  return {
    question,
    gold: {
      tickers: orderedTickers,
      metrics,
      related: relatedOf(metrics),
      dates: goldDates(date.spec, today),
      intent: resolveIntent(t.intent, orderedTickers.length, {
        multi,
        cue: date.cue ?? (metrics.some(isGrowthKey) ? "trend" : null),
      }),
    },
    meta,
  };
}

/** `count` labeled queries from `seed`: the same seed always gives the same queries, in the same order. */
export function generateQueries(seed = DEFAULT_SEED, count = DEFAULT_COUNT): EvalQuery[] {
  const problems = TEMPLATES.flatMap(checkTemplate);
  if (problems.length > 0) throw new Error(`unsound templates:\n${problems.join("\n")}`);
  const r = new Rng(seed);
  const out: EvalQuery[] = [];
  const seen = new Set<string>();
  for (let i = 0; out.length < count; i++) {
    const t = TEMPLATES[i % TEMPLATES.length]!;
    for (let attempt = 0; attempt < 25; attempt++) {
      const today = randomToday(r);
      const f = fill(t, r, today);
      if (!f) continue;
      const key = `${f.question}\u0000${today}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        id: `g${String(out.length + 1).padStart(5, "0")}`,
        question: f.question,
        today,
        gold: f.gold,
        meta: f.meta,
      });
      break;
    }
  }
  return out;
}

export function toJsonl(queries: readonly EvalQuery[]): string {
  return `${queries.map((q) => JSON.stringify(q)).join("\n")}\n`;
}

export function writeGenerated(queries: readonly EvalQuery[], file = GENERATED_PATH): void {
  writeFileSync(file, toJsonl(queries));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { values } = parseArgs({ options: { seed: { type: "string" }, count: { type: "string" } } });
  const queries = generateQueries(Number(values.seed ?? DEFAULT_SEED), Number(values.count ?? DEFAULT_COUNT));
  writeGenerated(queries);
  console.log(`wrote ${queries.length} queries to ${path.relative(process.cwd(), GENERATED_PATH)}`);
}
