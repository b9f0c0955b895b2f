// Groups and rankings on real databases holding the committed seed. Expected figures were read from
// prisma/seed/metric_facts.csv.gz (the latest-known row per company, metric and period) and written
// here as literals; they match the companies' 10-K filings.
import { createUIMessageStream, readUIMessageStream } from "ai";
import { describe, expect, it } from "vitest";
import { rulesAgent } from "@/lib/agent/rules-agent";
import type { CompanyEntry } from "@/lib/agent/schema";
import { answerQuestion } from "@/lib/chat/answer-question";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import { testBackends } from "@/test/db";
import { sliceDatabase, sliceRequest } from "@/test/data";
import type { DataSlice } from "./types";

const FY2023 = {
  fiscal: { year: 2023, period: "FY" as const },
  expression: "fiscal 2023",
  granularity: "annual" as const,
};
const ALL: CompanyEntry = { kind: "all", span: null };
const sector = (name: string): CompanyEntry => ({ kind: "sector", sector: name, span: null, confidence: 1 });
const industry = (name: string): CompanyEntry => ({ kind: "industry", industry: name, span: null, confidence: 1 });
const peersOf = (ticker: string, name: string): CompanyEntry => ({
  kind: "peers",
  of: { ticker, name },
  span: null,
  confidence: 1,
});

/** [rank, ticker, value, period label] of each ranked entry. */
const ranked = (slice: DataSlice) =>
  slice.ranking?.entries.map((e) => [e.rank, e.ticker, e.value, `${e.period.fiscalPeriod} ${e.period.fiscalYear}`]);

describe.each(testBackends())("groups and rankings on $name with the seed", (backend) => {
  const { prisma, slice } = sliceDatabase(backend);

  /** A question through the whole pipeline (rules agent, Data Module, context, built-in analyst). */
  async function answer(question: string): Promise<{ text: string; prompt: string; slice: DataSlice }> {
    const stream = createUIMessageStream<FinGroundUIMessage>({
      execute: async ({ writer }) => {
        await answerQuestion({ prisma: prisma(), agent: rulesAgent, question, today: "2026-11-30", llm: null, writer });
      },
    });
    let last: FinGroundUIMessage | undefined;
    for await (const message of readUIMessageStream<FinGroundUIMessage>({ stream })) last = message;
    const parts = last?.parts ?? [];
    const text = parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");
    const prompt = parts.flatMap((p) => (p.type === "data-prompt" ? [p.data.prompt] : []))[0] ?? "";
    const sliceData = parts.flatMap((p) => (p.type === "data-slice" ? [p.data] : []))[0];
    if (!sliceData) throw new Error("no slice in the answer stream");
    return { text, prompt, slice: sliceData };
  }

  it("answers 'Which 5 companies had the highest revenue in 2023?' with a ranking, end to end", async () => {
    const { text, prompt } = await answer("Which 5 companies had the highest revenue in 2023?");
    // Fiscal years ending in calendar 2023; figures as in the first test above.
    expect(text.split("\n")[0]).toBe(
      "Walmart had the highest revenue in FY2023: $605.9 billion. 20 of the 44 companies considered (All companies) had revenue in FY2023.",
    );
    expect(text).toContain(
      "1. Walmart (WMT): $605.9 billion (FY2023, ended Jan 31, 2023)\n2. Amazon.com (AMZN): $574.8 billion (FY2023, ended Dec 31, 2023)\n3. Apple (AAPL): $383.3 billion (FY2023, ended Sep 30, 2023)",
    );
    expect(prompt).toContain(
      "Universe: All companies: 44 companies considered, 20 with a comparable value, 24 without\n1. Walmart Inc. (WMT): 605,881 (FY2023, ended 2023-01-31)",
    );
  });

  it("answers 'How do Nvidia's peers compare on net income?' with NVIDIA among its peers, end to end", async () => {
    const { text, prompt } = await answer("How do Nvidia's peers compare on net income?");
    expect(text.split("\n")[0]).toBe(
      "NVIDIA had the highest net income: $120.1 billion (FY2026). 5 of the 9 companies considered (Peers of NVIDIA \\(with NVDA for comparison\\)) had net income.",
    );
    expect(text).toContain(
      "1. NVIDIA (NVDA): $120.1 billion (FY2026, ended Jan 25, 2026) · the company whose peers these are\n2. Apple (AAPL): $112.0 billion (FY2025, ended Sep 27, 2025)",
    );
    expect(text).toContain("peers are the companies of its sector, Information Technology");
    expect(prompt).toContain(
      "- Peers of NVIDIA: AAPL, MSFT, CRM, ADBE, AMD, IBM, INTC, ORCL, largest first by latest annual revenue as of 2026-11-30; NVDA itself is shown for comparison",
    );
  });

  it("ranks the top 5 companies by revenue in fiscal 2023 and states the universe", async () => {
    const result = await slice(
      sliceRequest([ALL], ["revenue"], FY2023, undefined, { intent: "rank", rank: { n: 5, order: "desc" } }),
    );
    // Seed, revenue FY2023 (10-K): WMT (year ended 2023-01-31), AMZN, AAPL (ended 2023-09-30), UNH, GOOGL.
    expect(ranked(result)).toEqual([
      [1, "WMT", "605881000000", "FY 2023"],
      [2, "AMZN", "574785000000", "FY 2023"],
      [3, "AAPL", "383285000000", "FY 2023"],
      [4, "UNH", "371622000000", "FY 2023"],
      [5, "GOOGL", "307394000000", "FY 2023"],
    ]);
    const ranking = result.ranking!;
    expect(ranking).toMatchObject({
      metricKey: "revenue",
      currency: "USD",
      order: "desc",
      n: 5,
      basis: { kind: "same-period", label: "FY2023" },
      ties: [],
    });
    expect(ranking.entries[0]!.period).toEqual({
      periodStart: "2022-02-01",
      periodEnd: "2023-01-31",
      fiscalYear: 2023,
      fiscalPeriod: "FY",
    });
    // 44 companies in the seed; 20 of them filed FY2023 revenue.
    expect(ranking.universe).toMatchObject({
      description: "All companies",
      considered: 44,
      withData: 20,
      notCompared: [],
    });
    expect(ranking.universe.lacking).toHaveLength(24);
    expect(ranking.universe.lacking).toContainEqual({
      ticker: "CVX",
      companyName: "Chevron Corporation",
      reason: "no revenue for CVX: the database holds no quarterly or annual SEC filing data for Chevron Corporation",
    });
    // The gaps are stated with the universe, not repeated as missing data.
    expect(result.missing).toEqual([]);
    expect(ranking.notes).toEqual([
      expect.stringMatching(
        /^the companies' FY2023 periods end on different dates \(WMT 2023-01-31, AMZN 2023-12-31, /,
      ),
    ]);
  });

  it("resolves a company's peers in its industry, falling back to its sector, largest first, and compares the company with them", async () => {
    const result = await slice(
      sliceRequest([peersOf("NVDA", "NVIDIA Corporation")], ["net_income"], { latest: true }, undefined, {
        intent: "compare",
      }),
    );
    // AMD and Intel (NVIDIA's industry) are in the database without filings. Sizes, latest annual
    // revenue: AAPL FY2025 416,161M, MSFT FY2015 93,580M, CRM FY2025 37,895M, ADBE FY2024 21,505M.
    expect(result.groups).toEqual([
      {
        kind: "peers",
        label: "Peers of NVIDIA",
        tickers: ["AAPL", "MSFT", "CRM", "ADBE", "AMD", "IBM", "INTC", "ORCL"],
        reference: "NVDA",
        sizeBasis: "latest annual revenue as of 2026-11-30",
        notes: [
          "NVIDIA Corporation's industry, Semiconductors, has no other company with annual revenue in the database (AMD, INTC have none)",
          "peers are the companies of its sector, Information Technology, largest first by latest annual revenue as of 2026-11-30",
        ],
      },
    ]);
    // Latest annual net income per company: each its own fiscal year, and said so.
    expect(ranked(result)).toEqual([
      [1, "NVDA", "120067000000", "FY 2026"],
      [2, "AAPL", "112010000000", "FY 2025"],
      [3, "MSFT", "12193000000", "FY 2015"],
      [4, "CRM", "6197000000", "FY 2025"],
      [5, "ADBE", "5560000000", "FY 2024"],
    ]);
    const ranking = result.ranking!;
    expect(ranking.entries.map((e) => e.reference)).toEqual([true, false, false, false, false]);
    expect(ranking.basis).toEqual({ kind: "latest-per-company", periodKind: "annual" });
    expect(ranking.notes).toContain(
      "each company's latest value is compared, and they are for different periods: from MSFT's FY2015 (ended 2015-06-30) to NVDA's FY2026 (ended 2026-01-25)",
    );
    expect(ranking.universe).toMatchObject({
      description: "Peers of NVIDIA (with NVDA for comparison)",
      considered: 9,
      withData: 5,
    });
    expect(ranking.universe.lacking.map((g) => g.ticker)).toEqual(["AMD", "IBM", "INTC", "ORCL"]);
    // IBM filed quarters only here: not compared with fiscal years, and the reason says so.
    expect(ranking.universe.lacking[1]!.reason).toBe(
      "IBM has net income here only for other kinds of period (latest: Q2 FY2025), not comparable with the annual values ranked",
    );
  });

  it("keeps peers in the company's own industry when another company there has data", async () => {
    const result = await slice(sliceRequest([peersOf("MSFT", "Microsoft Corporation")], ["revenue"], FY2023));
    // Software: CRM (FY2025 37,895M) and ADBE (FY2024 21,505M) have revenue; ORCL has no filings.
    expect(result.groups![0]).toMatchObject({
      tickers: ["CRM", "ADBE", "ORCL"],
      reference: "MSFT",
      notes: [
        "peers are the companies of its industry, Software, largest first by latest annual revenue as of 2026-11-30",
      ],
    });
    // FY2023 revenue: CRM 31,352M (year ended 2023-01-31), ADBE 19,409M; MSFT's filings end in 2015.
    expect(ranked(result)).toEqual([
      [1, "CRM", "31352000000", "FY 2023"],
      [2, "ADBE", "19409000000", "FY 2023"],
    ]);
    expect(result.ranking!.universe.lacking.map((g) => g.ticker)).toEqual(["MSFT", "ORCL"]);
  });

  it("resolves a sector by each company's industry: Visa and Mastercard are Financials", async () => {
    const result = await slice(
      sliceRequest([sector("Financials")], ["net_income"], { latest: true, granularity: "annual" }),
    );
    expect(result.groups![0]!.tickers).toEqual(["V", "MA", "AXP", "JPM", "PYPL", "WFC"]);
    // Net income, latest fiscal year: V FY2024 (ended 2024-09-30) 19,743M; MA FY2024 12,874M.
    expect(ranked(result)).toEqual([
      [1, "V", "19743000000", "FY 2024"],
      [2, "MA", "12874000000", "FY 2024"],
    ]);
    expect(result.ranking!.basis).toEqual({ kind: "same-period", label: "FY2024" });
    expect(result.ranking!.universe).toMatchObject({ considered: 6, withData: 2 });
  });

  it("ranks a sector in fiscal 2023, lowest first", async () => {
    const result = await slice(
      sliceRequest([sector("Health Care")], ["revenue"], FY2023, undefined, { rank: { n: null, order: "asc" } }),
    );
    // Revenue FY2023: ABBV 54,318M, JNJ 85,159M, UNH 371,622M; PFE and CVS have no filings.
    expect(ranked(result)).toEqual([
      [1, "ABBV", "54318000000", "FY 2023"],
      [2, "JNJ", "85159000000", "FY 2023"],
      [3, "UNH", "371622000000", "FY 2023"],
    ]);
    expect(result.ranking!.universe).toMatchObject({ considered: 5, withData: 3 });
  });

  it("resolves an industry group to its industries", async () => {
    const result = await slice(sliceRequest([industry("Software & Services")], ["revenue"], FY2023));
    expect(new Set(result.groups![0]!.tickers)).toEqual(new Set(["MSFT", "CRM", "ADBE", "IBM", "ORCL"]));
    expect(ranked(result)).toEqual([
      [1, "CRM", "31352000000", "FY 2023"],
      [2, "ADBE", "19409000000", "FY 2023"],
    ]);
  });

  it("screens on a threshold as written, exactly", async () => {
    const screen = { metricKey: "revenue", op: ">" as const, value: "$100 billion" };
    const result = await slice(sliceRequest([ALL], ["revenue"], FY2023, undefined, { intent: "screen", screen }));
    // FY2023 revenue over 100,000M: the five above, then HD 157,403M and META 134,902M (NVDA 26,974M is not).
    expect(result.ranking!.entries.map((e) => e.ticker)).toEqual(["WMT", "AMZN", "AAPL", "UNH", "GOOGL", "HD", "META"]);
    expect(result.ranking!.screen).toEqual({
      metricKey: "revenue",
      metricName: "Revenue",
      op: ">",
      text: "$100 billion",
      threshold: "100000000000",
      passed: 7,
    });
    // A threshold that does not fit the metric is reported, not guessed.
    const wrong = await slice(
      sliceRequest([ALL], ["revenue"], FY2023, undefined, { screen: { ...screen, value: "15%" } }),
    );
    expect(wrong.ranking!.entries).toEqual([]);
    expect(wrong.ranking!.notes).toEqual([
      expect.stringContaining('"15%" is a percentage, but the metric is an amount of money'),
    ]);
  });

  it("reads a screen's metric even when the question names another one to rank by", async () => {
    const screen = { metricKey: "revenue", op: ">=" as const, value: "300B" };
    const result = await slice(sliceRequest([ALL], ["net_income"], FY2023, undefined, { screen }));
    // FY2023 revenue ≥ 300,000M: WMT, AMZN, AAPL, UNH, GOOGL; their FY2023 net income: AAPL 96,995M,
    // GOOGL 73,795M, AMZN 30,425M, UNH 22,381M, WMT 11,680M.
    expect(ranked(result)).toEqual([
      [1, "AAPL", "96995000000", "FY 2023"],
      [2, "GOOGL", "73795000000", "FY 2023"],
      [3, "AMZN", "30425000000", "FY 2023"],
      [4, "UNH", "22381000000", "FY 2023"],
      [5, "WMT", "11680000000", "FY 2023"],
    ]);
  });

  it("gives a clear reason for a group with no companies, and for one whose companies have no data", async () => {
    const empty = await slice(sliceRequest([industry("Insurance")], ["revenue"], FY2023));
    expect(empty.groups).toEqual([]);
    expect(empty.ranking).toBeNull();
    expect(empty.missing).toEqual([
      {
        ticker: null,
        metricKey: null,
        reason: "no companies in the Insurance industry: the database holds none of them",
      },
    ]);

    const unknown = await slice(sliceRequest([peersOf("ZZZZ", "Zed")], ["revenue"], FY2023));
    expect(unknown.missing).toEqual([
      { ticker: "ZZZZ", metricKey: null, reason: "no peers of ZZZZ: the database has no company with this ticker" },
    ]);

    const energy = await slice(sliceRequest([sector("Energy")], ["revenue"], FY2023));
    expect(energy.groups![0]!.tickers).toEqual(["CVX", "XOM"]);
    expect(energy.ranking).toMatchObject({ entries: [], universe: { considered: 2, withData: 0 } });
    expect(energy.ranking!.universe.lacking.map((g) => g.reason)).toEqual([
      "no revenue for CVX: the database holds no quarterly or annual SEC filing data for Chevron Corporation",
      "no annual revenue for XOM in the database: Exxon Mobil Corporation's filings here do not report it for full fiscal years",
    ]);
  });
});
