// Every question gets a budget, so one broad question ("volatility of all tech companies over ten
// years") cannot hold the server for minutes or stream tens of megabytes. The limits live here; the
// Data Module applies them and says in the slice (`truncated`) what it cut and how to narrow the
// question. The prompt, the analyst and the UI show those notes.
import { appConfig, type Config } from "@/lib/core/config";
import type { DataSlice, Series, SliceCut } from "./types";

export interface QuestionBudget {
  /** Companies read per question (named ones first, then each group's largest); a ranking or group of filed figures
   * (no daily series) reads its whole universe. */
  maxCompanies: number;
  /** Fiscal periods per company and metric (the latest are kept). */
  maxPeriods: number;
  /** Trading days per daily series: the eleven years of prices held (2015–2025). */
  maxDaysPerSeries: number;
  /** Stored daily values (prices, volumes) over all such series of a question, shared equally among them. */
  maxDailyPoints: number;
  /** Computed daily values (volatility, moving averages): each costs a formula over a window and carries its
   * inputs (about 1.5 KB), so fewer of them fit the time and size budgets; shared equally too. */
  maxComputedDailyPoints: number;
  /** Time for the whole question once its request is known (FINGROUND_QUESTION_TIME_MS): company–metric pairs not
   * read by then are left out of the slice, and the analyst's words not written by then are left out of the answer. */
  timeMs: number;
  /** The slice as streamed to the browser and stored with the answer (JSON characters). */
  maxSliceBytes: number;
}

export const QUESTION_BUDGET: QuestionBudget = {
  maxCompanies: 8,
  maxPeriods: 12,
  maxDaysPerSeries: 2800,
  maxDailyPoints: 16 * 800,
  maxComputedDailyPoints: 8 * 315,
  timeMs: 5000,
  maxSliceBytes: 4_000_000,
};

/** The budget with the configured time (tests give a long one: a loaded machine must not cut their questions). */
function questionBudget(config: Config = appConfig()): QuestionBudget {
  return { ...QUESTION_BUDGET, timeMs: config.FINGROUND_QUESTION_TIME_MS };
}

/** Milliseconds from an arbitrary origin; the question's clock, which tests replace. */
export type Clock = () => number;

/** One question's time, shared by every stage after the agent: each checks it between steps of its work. */
export class QuestionDeadline {
  private readonly endsAt: number;

  constructor(
    readonly budget: QuestionBudget = questionBudget(),
    private readonly clock: Clock = () => performance.now(),
  ) {
    this.endsAt = clock() + budget.timeMs;
  }

  passed(): boolean {
    return this.clock() > this.endsAt;
  }
}

/** The trading days each daily series may hold when `dailySeries` of them share `points`. */
export function dailyLimit(budget: QuestionBudget, points: number, dailySeries: number): number {
  return Math.max(1, Math.min(budget.maxDaysPerSeries, Math.floor(points / Math.max(1, dailySeries))));
}

/** Keeps the latest points of each series within its limit (null: not limited); `cut` lists the shortened ones, as kept. */
export function keepLatestPoints(
  series: readonly Series[],
  limitOf: (series: Series) => number | null,
): { series: Series[]; cut: Series[] } {
  const cut: Series[] = [];
  const kept = series.map((s) => {
    const limit = limitOf(s);
    if (limit === null || s.points.length <= limit) return s;
    const shortened = { ...s, points: s.points.slice(-limit) };
    cut.push(shortened);
    return shortened;
  });
  return { series: kept, cut };
}

export const cuts = {
  companies(read: readonly string[], left: readonly string[], limit: number): SliceCut {
    return {
      what: `Only ${limit} companies are read per question: ${read.join(", ")}. Left out: ${left.join(", ")}.`,
      narrow: `Name up to ${limit} companies, or ask about a smaller group (an industry, a company's peers), to see the others.`,
    };
  },
  periods(kept: readonly Series[], limit: number): SliceCut {
    return {
      what: `At most ${limit} periods per company and metric are shown, the latest: ${describeStarts(kept)}.`,
      narrow: "Ask for a shorter range or fewer years to see the earlier periods.",
    };
  },
  days(kept: readonly Series[]): SliceCut {
    const limits = [...new Set(kept.map((s) => s.points.length))].map((n) => n.toLocaleString("en-US"));
    return {
      what: `Daily values are limited to ${limits.join(" or ")} trading days per series for this question, the latest: ${describeStarts(kept)}.`,
      narrow: "Ask about fewer companies or metrics, or a shorter range, to see the earlier days.",
    };
  },
  time(left: readonly { ticker: string; metricKey: string }[], budget: QuestionBudget): SliceCut {
    const pairs = left.map((p) => `${p.ticker} ${p.metricKey}`);
    return {
      what: `The question's time budget (${budget.timeMs / 1000} s) ran out before ${pairs.length} company–metric pairs were read: ${pairs.slice(0, 8).join(", ")}${pairs.length > 8 ? ", …" : ""}.`,
      narrow: "Ask about fewer companies or metrics, or a shorter range.",
    };
  },
  /** The analyst's text stopped at the deadline, after a whole paragraph. No figures: the answer's numbers are all
   * checked against its data, and these words are not data. */
  answer(): SliceCut {
    return {
      what: "The question's time budget ran out while this answer was being written: its paragraphs after the one above were not written.",
      narrow: "Ask about fewer companies or metrics, or a shorter range, for the whole answer.",
    };
  },
};

/** "AAPL Annualized Volatility from 2023-05-01, NVDA … and 4 more series". */
function describeStarts(series: readonly Series[]): string {
  const names = series.slice(0, 4).map((s) => `${s.ticker} ${s.metricName} from ${s.points[0]?.periodEnd ?? "?"}`);
  return `${names.join(", ")}${series.length > 4 ? ` and ${series.length - 4} more series` : ""}`;
}

/**
 * The slice within the size budget: daily series lose their earliest days until its JSON fits (a daily
 * derived value carries its formula and inputs, so thousands of them weigh megabytes).
 */
export function fitSliceSize(slice: DataSlice, budget: QuestionBudget): DataSlice {
  let fitted = slice;
  for (let attempt = 0; attempt < 4; attempt++) {
    const bytes = JSON.stringify(fitted).length;
    if (bytes <= budget.maxSliceBytes) return fitted;
    const longest = Math.max(0, ...fitted.series.filter((s) => s.frequency === "daily").map((s) => s.points.length));
    if (longest <= 1) return fitted;
    const limit = Math.max(1, Math.floor(longest * (budget.maxSliceBytes / bytes) * 0.9));
    const { series, cut } = keepLatestPoints(fitted.series, (s) => (s.frequency === "daily" ? limit : null));
    fitted = {
      ...fitted,
      series,
      truncated: [
        ...(fitted.truncated ?? []),
        {
          what: `The data sent with an answer is limited to ${(budget.maxSliceBytes / 1e6).toFixed(0)} MB, so daily series keep their latest ${limit.toLocaleString("en-US")} trading days: ${describeStarts(cut)}.`,
          narrow: "Ask about fewer companies or a shorter range to see every day.",
        },
      ],
    };
  }
  return fitted;
}
