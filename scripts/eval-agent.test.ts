// Unit tests of the agent evaluation (eval/agent): scoring and matching, the seeded generator, the
// gold-date logic on hand-checked cases, and the soundness of the templates and the hand-written set.
// (Here under scripts/ because vitest.config.ts includes lib/**, app/** and scripts/** test files.)
import { describe, expect, it } from "vitest";

import type { StructuredDataRequest } from "@/lib/agent/schema";
import { companyByTicker } from "@/lib/catalog/companies";
import { listedCompanyByTicker } from "@/lib/catalog/listed-companies";
import { metricByKey } from "@/lib/catalog/metrics";
import {
  checkTemplate,
  generateQueries,
  mulberry32,
  possessive,
  resolveIntent,
  Rng,
  toJsonl,
} from "@/eval/agent/generate";
import { goldDates, isMultiPeriod, type DateSpec } from "@/eval/agent/gold-dates";
import { HANDWRITTEN, HANDWRITTEN_TODAY } from "@/eval/agent/handwritten";
import { relatedOf } from "@/eval/agent/lexicon";
import {
  addCounts,
  datesMatch,
  datesOf,
  endMatches,
  percentile,
  prf,
  scoreQuery,
  setCounts,
  startMatches,
  summarize,
  topErrors,
} from "@/eval/agent/score";
import { TEMPLATES, cueIntent } from "@/eval/agent/templates";
import type { EvalQuery } from "@/eval/agent/types";

const T = "2026-11-30"; // a Monday in the fourth calendar quarter

describe("precision, recall and F1", () => {
  it("counts a prediction against the gold as sets", () => {
    expect(setCounts(["AAPL", "MSFT"], ["AAPL", "NVDA", "NVDA"])).toEqual({ tp: 1, fp: 1, fn: 1 });
    expect(setCounts([], [])).toEqual({ tp: 0, fp: 0, fn: 0 });
    expect(setCounts(["revenue"], [])).toEqual({ tp: 0, fp: 0, fn: 1 });
  });

  it("micro-averages over queries", () => {
    const total = addCounts(setCounts(["a", "b"], ["a", "b"]), setCounts(["c"], ["d"]));
    expect(total).toEqual({ tp: 2, fp: 1, fn: 1 });
    const r = prf(total);
    expect(r.precision).toBeCloseTo(2 / 3);
    expect(r.recall).toBeCloseTo(2 / 3);
    expect(r.f1).toBeCloseTo(2 / 3);
  });

  it("computes F1 as the harmonic mean and handles empty sides", () => {
    const r = prf({ tp: 8, fp: 2, fn: 0 });
    expect(r.precision).toBeCloseTo(0.8);
    expect(r.recall).toBe(1);
    expect(r.f1).toBeCloseTo((2 * 0.8) / 1.8);
    expect(prf({ tp: 0, fp: 0, fn: 0 })).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(prf({ tp: 0, fp: 3, fn: 0 })).toEqual({ precision: 0, recall: 1, f1: 0 });
    expect(prf({ tp: 0, fp: 0, fn: 2 })).toEqual({ precision: 1, recall: 0, f1: 0 });
  });

  it("takes nearest-rank percentiles", () => {
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe("date matching", () => {
  const range = { start: "2023-01-01", end: "2023-12-31" };
  const fy = { fiscal: { year: 2023, period: "FY" as const } };

  it("compares intervals by start and end separately", () => {
    expect(startMatches(range, { start: "2023-01-01", end: "2024-12-31" })).toBe(true);
    expect(endMatches(range, { start: "2023-01-01", end: "2024-12-31" })).toBe(false);
    expect(datesMatch(range, { ...range })).toBe(true);
    expect(datesMatch({ start: null, end: "2019-12-31" }, { start: null, end: "2019-12-31" })).toBe(true);
    expect(startMatches({ start: null, end: "2019-12-31" }, { start: "1900-01-01", end: "2019-12-31" })).toBe(false);
  });

  it("compares fiscal labels as fiscal", () => {
    expect(datesMatch(fy, { fiscal: { year: 2023, period: "FY" } })).toBe(true);
    expect(datesMatch(fy, { fiscal: { year: 2023, period: "Q4" } })).toBe(false);
    expect(datesMatch(fy, { fiscal: { year: 2024, period: "FY" } })).toBe(false);
    expect(datesMatch(fy, range)).toBe(false);
    expect(datesMatch(range, fy)).toBe(false);
    expect(datesMatch(fy, "latest")).toBe(false);
  });

  it("matches latest only with latest", () => {
    expect(datesMatch("latest", "latest")).toBe(true);
    expect(datesMatch("latest", range)).toBe(false);
    expect(datesMatch("latest", { start: null, end: null })).toBe(false);
    expect(datesMatch(range, "latest")).toBe(false);
  });

  it("reads a request's dates in the gold shape", () => {
    const base = { expression: null, granularity: "any" as const, count: null };
    expect(datesOf({ ...base, start: null, end: null, latest: true, fiscal: null })).toBe("latest");
    expect(datesOf({ ...base, start: null, end: null, latest: false, fiscal: { year: 2024, period: "Q3" } })).toEqual({
      fiscal: { year: 2024, period: "Q3" },
    });
    expect(datesOf({ ...base, start: "2025-01-01", end: T, latest: false, fiscal: null })).toEqual({
      start: "2025-01-01",
      end: T,
    });
    expect(datesOf({ ...base, start: null, end: "2019-12-31", latest: false, fiscal: null })).toEqual({
      start: null,
      end: "2019-12-31",
    });
  });
});

function request(
  partial: Partial<StructuredDataRequest> & Pick<StructuredDataRequest, "question">,
): StructuredDataRequest {
  return {
    today: T,
    companies: [],
    metrics: [],
    dates: { expression: null, start: null, end: null, latest: true, granularity: "any", fiscal: null, count: null },
    intent: "lookup",
    rank: null,
    screen: null,
    document: null,
    invested: null,
    sources: [],
    asOf: null,
    unrecognized: [],
    suggestions: [],
    agent: "test",
    ...partial,
  };
}
const company = (ticker: string, text: string, start: number) => ({
  kind: "company" as const,
  ticker,
  name: ticker,
  span: { text, start, end: start + text.length },
  confidence: 1,
});
const metric = (key: string, text: string | null, start = 0) => ({
  key,
  name: key,
  span: text === null ? null : { text, start, end: start + text.length },
  confidence: 1,
  related: (metricByKey(key)?.related ?? []).map((k) => ({ key: k, name: k })),
});

describe("scoring one query", () => {
  const q: EvalQuery = {
    id: "t1",
    question: "Apple vs Microsoft gross margin in 2023",
    today: T,
    gold: {
      tickers: ["AAPL", "MSFT"],
      metrics: ["gross_margin_ratio"],
      related: relatedOf(["gross_margin_ratio"]),
      dates: { start: "2023-01-01", end: "2023-12-31" },
      intent: "compare",
    },
    meta: {
      template: "x",
      category: "x",
      dateForm: "year",
      companies: [
        { surface: "Apple", ticker: "AAPL", form: "alias" },
        { surface: "Microsoft", ticker: "MSFT", form: "alias" },
      ],
      metrics: [{ surface: "gross margin", key: "gross_margin_ratio" }],
      defaults: null,
    },
  };

  it("is exact when everything matches", () => {
    const s = scoreQuery(
      q,
      request({
        question: q.question,
        companies: [company("AAPL", "Apple", 0), company("MSFT", "Microsoft", 9)],
        metrics: [metric("gross_margin_ratio", "gross margin", 19)],
        dates: {
          expression: "2023",
          start: "2023-01-01",
          end: "2023-12-31",
          latest: false,
          granularity: "annual",
          fiscal: null,
          count: null,
        },
        intent: "compare",
      }),
    );
    expect(s.exact).toBe(true);
    expect(s.errors).toEqual([]);
    expect(s.metrics).toEqual({ tp: 1, fp: 0, fn: 0 });
  });

  it("names what went wrong", () => {
    const s = scoreQuery(
      q,
      request({
        question: q.question,
        companies: [company("MSFT", "Microsoft", 9), company("AAPL", "Apple", 0)],
        metrics: [metric("gross_profit", "gross margin", 19)],
        dates: {
          expression: "2023",
          start: "2023-01-01",
          end: T,
          latest: false,
          granularity: "annual",
          fiscal: null,
          count: null,
        },
        intent: "trend",
      }),
    );
    expect(s.companies).toEqual({ tp: 2, fp: 0, fn: 0 });
    expect(s.exact).toBe(false);
    expect(s.start).toBe(true);
    expect(s.end).toBe(false);
    const kinds = s.errors.map((e) => e.kind);
    expect(kinds).toContain("companies out of order of mention");
    expect(kinds).toContain('metric wrong: "gross margin" → got gross_profit, expected gross_margin_ratio');
    expect(kinds).toContain("date [year] wrong end");
    expect(kinds).toContain("intent: expected compare, got trend");
    expect(kinds.some((k) => k.startsWith("metric spurious"))).toBe(false);
  });

  it("reports missed and spurious companies and metrics, and ranks error kinds", () => {
    const s = scoreQuery(
      q,
      request({
        question: q.question,
        companies: [company("AAPL", "Apple", 0), company("NVDA", "vs", 6)],
        metrics: [metric("net_income", null)],
        dates: {
          expression: "2023",
          start: "2023-01-01",
          end: "2023-12-31",
          latest: false,
          granularity: "annual",
          fiscal: null,
          count: null,
        },
        intent: "compare",
      }),
    );
    const kinds = s.errors.map((e) => e.kind);
    expect(kinds).toContain('company missed: "microsoft" → MSFT');
    expect(kinds).toContain('company spurious: NVDA from "vs"');
    expect(kinds).toContain('metric missed: "gross margin" → expected gross_margin_ratio');
    expect(kinds).toContain("metric spurious: net_income (added as a default)");
    expect(s.errors[0]!.example).toContain(q.question);
    const top = topErrors([s, s], 2);
    expect(top).toHaveLength(2);
    expect(top[0]!.count).toBe(2);
    const sum = summarize([s]);
    expect(sum.companies.precision).toBeCloseTo(0.5);
    expect(sum.dates).toBe(1);
    expect(sum.exact).toBe(0);
  });
});

describe("the seeded generator", () => {
  it("mulberry32: same seed, same sequence; another seed, another", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const xs = Array.from({ length: 20 }, () => a());
    expect(Array.from({ length: 20 }, () => b())).toEqual(xs);
    expect(Array.from({ length: 20 }, () => c())).not.toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it("Rng helpers stay in range and are deterministic", () => {
    const r = new Rng(7);
    for (let i = 0; i < 200; i++) {
      const n = r.int(3, 5);
      expect(n >= 3 && n <= 5).toBe(true);
    }
    expect(
      new Rng(9).weighted([
        ["a", 0],
        ["b", 1],
      ] as const),
    ).toBe("b");
  });

  it("same seed → same first 10 queries (and a longer run starts with them)", () => {
    const first = generateQueries(123, 10);
    expect(generateQueries(123, 10)).toEqual(first);
    expect(generateQueries(123, 40).slice(0, 10)).toEqual(first);
    expect(generateQueries(124, 10).map((q) => q.question)).not.toEqual(first.map((q) => q.question));
  });

  it("writes byte-identical JSONL for the default seed, at least 5,000 labeled queries", () => {
    const a = generateQueries();
    const b = generateQueries();
    expect(toJsonl(a)).toBe(toJsonl(b));
    expect(a.length).toBeGreaterThanOrEqual(5000);
    expect(new Set(a.map((q) => q.id)).size).toBe(a.length);
    for (const q of a) {
      for (const t of q.gold.tickers) expect(companyByTicker(t)?.ticker).toBe(t);
      for (const k of [...q.gold.metrics, ...q.gold.related]) expect(metricByKey(k)).toBeDefined();
      expect(q.gold.related).toEqual(relatedOf(q.gold.metrics));
    }
    // Every template and every date form is used.
    expect(new Set(a.map((q) => q.meta!.template)).size).toBe(TEMPLATES.length);
    expect(new Set(a.map((q) => q.meta!.dateForm)).size).toBeGreaterThanOrEqual(35);
  });

  it("labels no date for a template without a {date} slot", () => {
    for (const q of generateQueries(5, 800)) {
      const t = TEMPLATES.find((x) => x.id === q.meta!.template)!;
      if (!t.text.includes("{date}")) expect(q.gold.dates).toBe("latest");
    }
  });

  it("writes possessives that read well", () => {
    expect(possessive("Apple", "alias")).toBe("Apple's");
    expect(possessive("AAPL", "ticker")).toBe("AAPL's");
    expect(possessive("Advanced Micro Devices", "alias")).toBe("Advanced Micro Devices'");
    expect(possessive("McDonald's", "alias")).toBe("McDonald's");
    expect(possessive("Apple Inc.", "legal-name")).toBeNull();
    expect(possessive("Salesforce, Inc.", "legal-name")).toBeNull();
  });

  it("settles the intent by the precedence of the labelling rules", () => {
    const none = { multi: false, cue: null } as const;
    expect(resolveIntent("lookup", 1, none)).toBe("lookup");
    expect(resolveIntent("lookup", 1, { multi: true, cue: null })).toBe("trend");
    expect(resolveIntent("lookup", 1, { multi: false, cue: "trend" })).toBe("trend");
    expect(resolveIntent("lookup", 2, { multi: true, cue: null })).toBe("compare");
    expect(resolveIntent("trend", 1, { multi: false, cue: "compare" })).toBe("compare");
    expect(resolveIntent("rank", 3, { multi: true, cue: null })).toBe("rank");
    expect(resolveIntent("than", 1, none)).toBe("compare");
    expect(resolveIntent("explain", 2, { multi: true, cue: "compare" })).toBe("explain");
    expect(resolveIntent("invest", 2, none)).toBe("invest");
  });
});

describe("gold dates, hand-checked", () => {
  const g = (spec: DateSpec, today = T) => goldDates(spec, today);
  const year = (y: number) => ({ kind: "year" as const, year: y });
  const quarter = (y: number, q: number) => ({ kind: "quarter" as const, year: y, q });
  const month = (y: number, m: number) => ({ kind: "month" as const, year: y, month: m });

  it("single calendar periods", () => {
    expect(g({ kind: "period", period: year(2023) })).toEqual({ start: "2023-01-01", end: "2023-12-31" });
    expect(g({ kind: "period", period: quarter(2023, 3) })).toEqual({ start: "2023-07-01", end: "2023-09-30" });
    expect(g({ kind: "period", period: quarter(2024, 1) })).toEqual({ start: "2024-01-01", end: "2024-03-31" });
    expect(g({ kind: "period", period: { kind: "half", year: 2023, h: 2 } })).toEqual({
      start: "2023-07-01",
      end: "2023-12-31",
    });
    expect(g({ kind: "period", period: month(2024, 2) })).toEqual({ start: "2024-02-01", end: "2024-02-29" });
    expect(g({ kind: "period", period: month(2023, 2) })).toEqual({ start: "2023-02-01", end: "2023-02-28" });
    expect(g({ kind: "period", period: month(2018, 9) })).toEqual({ start: "2018-09-01", end: "2018-09-30" });
    expect(g({ kind: "period", period: { kind: "day", year: 2020, month: 1, day: 2 } })).toEqual({
      start: "2020-01-02",
      end: "2020-01-02",
    });
  });

  it("fiscal periods carry no interval", () => {
    expect(g({ kind: "period", period: { kind: "fiscal", year: 2023, period: "FY" } })).toEqual({
      fiscal: { year: 2023, period: "FY" },
    });
    expect(
      g({
        kind: "range",
        from: { kind: "fiscal", year: 2021, period: "FY" },
        to: { kind: "fiscal", year: 2023, period: "FY" },
      }),
    ).toEqual({
      fiscal: { year: 2023, period: "FY" },
    });
    expect(
      g({
        kind: "several",
        periods: [
          { kind: "fiscal", year: 2024, period: "Q3" },
          { kind: "fiscal", year: 2023, period: "Q4" },
        ],
      }),
    ).toEqual({ fiscal: { year: 2024, period: "Q3" } });
  });

  it("last N periods end today and start at the first of N calendar periods ending with the current one", () => {
    expect(g({ kind: "relative", unit: "quarter", n: 8 })).toEqual({ start: "2025-01-01", end: T });
    expect(g({ kind: "relative", unit: "quarter", n: 4 })).toEqual({ start: "2026-01-01", end: T });
    expect(g({ kind: "relative", unit: "quarter", n: 1 })).toEqual({ start: "2026-10-01", end: T });
    expect(g({ kind: "previous", unit: "quarter" })).toEqual({ start: "2026-07-01", end: "2026-09-30" });
    expect(g({ kind: "previous", unit: "quarter" }, "2026-01-01")).toEqual({ start: "2025-10-01", end: "2025-12-31" });
    expect(g({ kind: "previous", unit: "year" })).toEqual({ start: "2025-01-01", end: "2025-12-31" });
    expect(g({ kind: "previous", unit: "month" }, "2024-03-31")).toEqual({ start: "2024-02-01", end: "2024-02-29" });
    expect(g({ kind: "previous", unit: "week" })).toEqual({ start: "2026-11-23", end: "2026-11-29" });
    expect(g({ kind: "previous", unit: "week" }, "2024-08-04")).toEqual({ start: "2024-07-22", end: "2024-07-28" }); // a Sunday
    expect(g({ kind: "ttm" })).toEqual({ start: "2025-10-01", end: "2026-09-30" });
    expect(g({ kind: "ttm" }, "2026-03-31")).toEqual({ start: "2025-01-01", end: "2025-12-31" });
    expect(g({ kind: "ttm" }, "2026-04-01")).toEqual({ start: "2025-04-01", end: "2026-03-31" });
    expect(g({ kind: "relative", unit: "quarter", n: 5 }, "2025-01-15")).toEqual({
      start: "2024-01-01",
      end: "2025-01-15",
    });
    expect(g({ kind: "relative", unit: "year", n: 3 })).toEqual({ start: "2024-01-01", end: T });
    expect(g({ kind: "relative", unit: "year", n: 10 })).toEqual({ start: "2017-01-01", end: T });
    expect(g({ kind: "relative", unit: "month", n: 24 })).toEqual({ start: "2024-12-01", end: T });
    expect(g({ kind: "relative", unit: "month", n: 12 })).toEqual({ start: "2025-12-01", end: T });
    expect(g({ kind: "relative", unit: "month", n: 3 }, "2024-02-29")).toEqual({
      start: "2023-12-01",
      end: "2024-02-29",
    });
    expect(g({ kind: "relative", unit: "day", n: 30 })).toEqual({ start: "2026-11-01", end: T });
    expect(g({ kind: "relative", unit: "day", n: 90 })).toEqual({ start: "2026-09-02", end: T });
    expect(g({ kind: "relative", unit: "day", n: 3 }, "2024-03-01")).toEqual({
      start: "2024-02-28",
      end: "2024-03-01",
    });
    expect(g({ kind: "relative", unit: "week", n: 1 })).toEqual({ start: T, end: T }); // a Monday
    expect(g({ kind: "relative", unit: "week", n: 2 })).toEqual({ start: "2026-11-23", end: T });
    expect(g({ kind: "relative", unit: "week", n: 1 }, "2024-08-04")).toEqual({
      start: "2024-07-29",
      end: "2024-08-04",
    }); // a Sunday
  });

  it("a quarter without a year is the latest one that has ended", () => {
    expect(g({ kind: "quarterNoYear", q: 3 })).toEqual({ start: "2026-07-01", end: "2026-09-30" });
    expect(g({ kind: "quarterNoYear", q: 4 })).toEqual({ start: "2025-10-01", end: "2025-12-31" });
    expect(g({ kind: "quarterNoYear", q: 1 }, "2026-02-01")).toEqual({ start: "2025-01-01", end: "2025-03-31" });
  });

  it("bounds, ranges and several dates", () => {
    expect(g({ kind: "since", period: quarter(2020, 3) })).toEqual({ start: "2020-07-01", end: T });
    expect(g({ kind: "after", period: year(2020) })).toEqual({ start: "2021-01-01", end: T });
    expect(g({ kind: "before", period: year(2020) })).toEqual({ start: null, end: "2019-12-31" });
    expect(g({ kind: "before", period: month(2024, 3) })).toEqual({ start: null, end: "2024-02-29" });
    expect(g({ kind: "until", period: year(2020) })).toEqual({ start: null, end: "2020-12-31" });
    expect(g({ kind: "asOf", period: quarter(2025, 2) })).toEqual({ start: "2025-06-30", end: "2025-06-30" });
    expect(g({ kind: "range", from: month(2016, 4), to: month(2017, 7) })).toEqual({
      start: "2016-04-01",
      end: "2017-07-31",
    });
    expect(g({ kind: "range", from: year(2019), to: year(2021) })).toEqual({ start: "2019-01-01", end: "2021-12-31" });
    expect(g({ kind: "several", periods: [year(2023), year(2021)] })).toEqual({
      start: "2021-01-01",
      end: "2023-12-31",
    });
    expect(g({ kind: "several", periods: [year(2021), quarter(2023, 3)] })).toEqual({
      start: "2021-01-01",
      end: "2023-09-30",
    });
  });

  it("to-date periods, today, yesterday and nothing", () => {
    expect(g({ kind: "toDate", unit: "year" })).toEqual({ start: "2026-01-01", end: T });
    expect(g({ kind: "toDate", unit: "quarter" })).toEqual({ start: "2026-10-01", end: T });
    expect(g({ kind: "toDate", unit: "month" })).toEqual({ start: "2026-11-01", end: T });
    expect(g({ kind: "toDate", unit: "week" }, "2026-12-03")).toEqual({ start: "2026-11-30", end: "2026-12-03" });
    expect(g({ kind: "today" })).toEqual({ start: T, end: T });
    expect(g({ kind: "yesterday" }, "2025-01-01")).toEqual({ start: "2024-12-31", end: "2024-12-31" });
    expect(g({ kind: "none" })).toBe("latest");
    expect(g({ kind: "latest" })).toBe("latest");
  });

  it("knows which specs cover several periods", () => {
    expect(isMultiPeriod({ kind: "relative", unit: "quarter", n: 1 })).toBe(false);
    expect(isMultiPeriod({ kind: "relative", unit: "quarter", n: 2 })).toBe(true);
    expect(isMultiPeriod({ kind: "since", period: year(2019) })).toBe(true);
    expect(isMultiPeriod({ kind: "asOf", period: year(2019) })).toBe(false);
    expect(isMultiPeriod({ kind: "toDate", unit: "year" })).toBe(false);
    expect(isMultiPeriod({ kind: "period", period: year(2019) })).toBe(false);
  });
});

describe("the templates", () => {
  it("are at least 300, with unique ids and texts per category", () => {
    expect(TEMPLATES.length).toBeGreaterThanOrEqual(300);
    expect(new Set(TEMPLATES.map((t) => t.id)).size).toBe(TEMPLATES.length);
    expect(new Set(TEMPLATES.map((t) => `${t.category}|${t.text}`)).size).toBe(TEMPLATES.length);
  });

  it("are sound: their own words name only what they declare and ask for the intent they state", () => {
    expect(TEMPLATES.flatMap(checkTemplate)).toEqual([]);
  });

  it("cue words follow the precedence of the labelling rules", () => {
    expect(cueIntent("Should I buy {c1} or compare it with {c2}?")).toBe("invest");
    expect(cueIntent("Why did {c1's} {m1} fall {date}?")).toBe("explain");
    expect(cueIntent("{c1} vs {c2} {m1} growth")).toBe("compare");
    expect(cueIntent("Top {n} companies by {m1} growth")).toBe("rank");
    expect(cueIntent("{c1's} most recent {m1}")).toBe("lookup");
    expect(cueIntent("Is {c1's} {m1} higher than {c2's}?")).toBe("than");
    expect(cueIntent("{c1} {m1} y/y")).toBe("trend");
  });
});

describe("the hand-written set", () => {
  it("has at least 200 questions, all at 2026-11-30, with unique ids and questions", () => {
    expect(HANDWRITTEN.length).toBeGreaterThanOrEqual(200);
    expect(HANDWRITTEN.every((q) => q.today === HANDWRITTEN_TODAY && q.today === T)).toBe(true);
    expect(new Set(HANDWRITTEN.map((q) => q.id)).size).toBe(HANDWRITTEN.length);
    expect(new Set(HANDWRITTEN.map((q) => q.question.toLowerCase())).size).toBe(HANDWRITTEN.length);
  });

  it("labels only SEC-listed tickers and catalog metrics, with the catalog's related metrics", () => {
    for (const q of HANDWRITTEN) {
      for (const t of q.gold.tickers)
        expect(companyByTicker(t)?.ticker ?? listedCompanyByTicker(t)?.ticker, q.question).toBe(t);
      for (const k of q.gold.metrics) expect(metricByKey(k)?.key, `${q.question}: ${k}`).toBe(k);
      expect(new Set(q.gold.tickers).size).toBe(q.gold.tickers.length);
      expect(q.gold.related).toEqual(relatedOf(q.gold.metrics));
      const d = q.gold.dates;
      if (d !== "latest" && "start" in d) {
        if (d.start !== null) expect(d.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        if (d.end !== null) expect(d.end).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        if (d.start !== null && d.end !== null) expect(d.start <= d.end, q.question).toBe(true);
      }
    }
  });

  it("covers every intent and every kind of date label", () => {
    const intents = new Set(HANDWRITTEN.map((q) => q.gold.intent));
    expect([...intents].sort()).toEqual(["compare", "explain", "invest", "lookup", "rank", "trend"]);
    const kinds = new Set(
      HANDWRITTEN.map((q) => (q.gold.dates === "latest" ? "latest" : "fiscal" in q.gold.dates ? "fiscal" : "range")),
    );
    expect(kinds.size).toBe(3);
  });
});
