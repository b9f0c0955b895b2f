import { describe, expect, it } from "vitest";
import { calendarQuarterOfFiscal } from "@/lib/ingest/fiscal";
import { parseTranscriptsJsonl } from "./transcripts";

const parse = (...lines: unknown[]) => [
  ...parseTranscriptsJsonl(lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n"), {
    file: "t.jsonl",
  }),
];

const ectsumLine = {
  id: "KO_q3_2021",
  ticker: "KO",
  fiscal_quarter: 3,
  fiscal_year: 2021,
  split: "test",
  transcript: "Revenue grew 14% in the quarter.\n  \nWe now expect EPS growth of 15% to 17%.\n",
  summary_bullets: ["q3 revenue up 14%. ", ""],
};

const fullLine = {
  id: "NKE_q1_2022",
  ticker: "nke",
  fiscal_quarter: 1,
  fiscal_year: 2022,
  prepared_remarks: [
    { speaker: "Operator", speech: "Welcome to the call." },
    { speaker: "Pat Chief", speech: "Revenue rose 16%." },
  ],
  q_and_a: [
    { speaker: "Operator", speech: "Our first question comes from Dana Guest with Big Bank." },
    { speaker: "Dana Guest", speech: "How is China?" },
    { speaker: "Sam Listed", speech: "What about margins?" },
    { speaker: "Pat Chief", speech: "   " },
    { speaker: "Pat Chief", speech: "China is recovering." },
  ],
  participants: ["Pat Chief--President and Chief Executive Officer", "Sam Listed--Big Bank -- Analyst"],
};

describe("parseTranscriptsJsonl", () => {
  it("reads an ECTSum call: prepared remarks one sentence a line, unattributed, with its bullets and split", () => {
    const [row] = parse(ectsumLine);
    expect(row).toMatchObject({
      ok: true,
      record: {
        callId: "KO_q3_2021",
        source: "ectsum",
        ticker: "KO",
        companyName: "The Coca-Cola Company",
        fiscalYear: 2021,
        fiscalQuarter: 3,
        calendar: { year: 2021, quarter: 3 },
        turns: [
          {
            speaker: null,
            role: "executive",
            section: "prepared_remarks",
            text: "Revenue grew 14% in the quarter.\nWe now expect EPS growth of 15% to 17%.",
          },
        ],
        referenceBullets: ["q3 revenue up 14%."],
        ectsumSplit: "test",
      },
    });
  });

  it("reads a full call: roles from the participants, the operator, and analysts the operator introduced", () => {
    const [row] = parse(fullLine);
    if (!row?.ok) throw new Error("expected a record");
    const { record } = row;
    expect(record).toMatchObject({ source: "la83la", ticker: "NKE", calendar: { year: 2021, quarter: 3 } });
    expect(record.turns.map((t) => [t.speaker, t.role, t.section, t.title])).toEqual([
      ["Operator", "operator", "prepared_remarks", null],
      ["Pat Chief", "executive", "prepared_remarks", "President and Chief Executive Officer"],
      ["Operator", "operator", "qa", null],
      ["Dana Guest", "analyst", "qa", null],
      ["Sam Listed", "analyst", "qa", "Big Bank -- Analyst"],
      ["Pat Chief", "executive", "qa", "President and Chief Executive Officer"],
    ]);
  });

  it("gives no calendar quarter where the catalog does not know the year end, or its naming is ambiguous", () => {
    const [aap] = parse({ ...ectsumLine, id: "AAP_q1_2021", ticker: "AAP" });
    expect(aap).toMatchObject({ ok: true, record: { ticker: "AAP", calendar: null } });
    const [hd] = parse({ ...ectsumLine, id: "HD_q3_2021", ticker: "HD" });
    expect(hd).toMatchObject({ ok: true, record: { ticker: "HD", calendar: null } });
  });

  it("reports bad lines with file and line and keeps reading", () => {
    const rows = parse(
      "{not json",
      { ...ectsumLine, ticker: "ZZZZQ" },
      { ...ectsumLine, fiscal_quarter: 5 },
      ectsumLine,
    );
    expect(rows.map((r) => (r.ok ? "ok" : r.problem.where))).toEqual(["t.jsonl:1", "t.jsonl:2", "t.jsonl:3", "ok"]);
    expect(rows[1]).toMatchObject({
      ok: false,
      problem: { reason: 'ticker "ZZZZQ" is not in the catalog\'s company list' },
    });
    expect(rows[2]).toMatchObject({ ok: false, problem: { reason: expect.stringContaining("fiscal_quarter") } });
  });
});

describe("calendarQuarterOfFiscal", () => {
  it("maps fiscal quarters to the calendar quarter they end in", () => {
    expect(calendarQuarterOfFiscal(2021, 3, 12)).toEqual({ year: 2021, quarter: 3 });
    expect(calendarQuarterOfFiscal(2022, 1, 5)).toEqual({ year: 2021, quarter: 3 }); // NIKE: June–August 2021
    expect(calendarQuarterOfFiscal(2022, 4, 5)).toEqual({ year: 2022, quarter: 2 });
    expect(calendarQuarterOfFiscal(2025, 1, 9)).toEqual({ year: 2024, quarter: 4 }); // Apple: Oct–Dec 2024
    expect(calendarQuarterOfFiscal(2022, 2, 6)).toEqual({ year: 2021, quarter: 4 }); // Microsoft
  });
});
