// The report's pure parts: limits named when broken, suites carried over and compared with the committed
// report, and the README section and charts the same for the same report whatever order it was read in.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { historyChart, latencyChart } from "./charts";
import {
  entryOf,
  mergeReport,
  parseReport,
  type Report,
  evaluationDocSection,
  reportMarkdown,
  thresholdProblems,
  withEvaluationDocSection,
} from "./report";
import { readSuiteResult, type SuiteResult, writeSuiteResult } from "./suite-result";

const RUN = { commit: "abc1234567", date: "2026-12-01T16:00:00.000Z", cores: 2, reason: null, seconds: 12.34 };

function sample(): Report {
  const agent = entryOf(
    {
      figures: [
        { key: "handwritten.companies.f1", label: "companies F1", value: 0.994246, unit: "ratio", better: "higher" },
        { key: "p95", label: "latency p95", value: 0.8, unit: "ms", better: "lower" },
      ],
      latencies: { investor: [0.2, 0.5], handwritten: [0.1, 0.4, 0.2, 3, 0.3] },
    },
    { ...RUN, suite: "agent", status: "ok" },
  );
  const grounding = entryOf(
    { figures: [{ key: "traced", label: "numbers traced", value: 100, unit: "percent", better: "higher" }] },
    { ...RUN, suite: "grounding", status: "ok" },
  );
  const news = entryOf(null, { ...RUN, suite: "news", status: "skipped", reason: "eval:news skipped: no data" });
  return mergeReport(["agent", "grounding", "news"], [agent, grounding, news], null, null);
}

const THRESHOLDS = { agent: { "handwritten.companies.f1": 0.99, p95: 1 }, grounding: { traced: 100 } };

/** The same report with every object's keys in reverse order, as another writer might have saved it. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversedKeys(v)]),
  );
}

describe("thresholdProblems", () => {
  it("passes a report within its limits and names each figure beyond one", () => {
    const report = sample();
    const ran = new Set(["agent", "grounding", "news"]);
    expect(thresholdProblems(report, THRESHOLDS, ran)).toEqual([]);
    const worse = structuredClone(report);
    worse.suites[0]!.figures[0]!.value = 0.95;
    worse.suites[0]!.figures[1]!.value = 2.5;
    worse.suites[1]!.figures = [];
    expect(thresholdProblems(worse, THRESHOLDS, ran)).toEqual([
      "agent/handwritten.companies.f1 (companies F1): 0.950 is below the floor 0.990",
      "agent/p95 (latency p95): 2.500 ms is above the ceiling 1.000 ms",
      "grounding/traced: not reported by the suite",
    ]);
  });

  it("fails a suite that failed, and judges only the suites of this run", () => {
    const report = sample();
    report.suites[1] = { ...report.suites[1]!, status: "failed", reason: "exit 1", figures: [] };
    expect(thresholdProblems(report, THRESHOLDS, new Set(["grounding"]))).toEqual([
      "grounding: the suite failed (exit 1)",
    ]);
    expect(thresholdProblems(report, THRESHOLDS, new Set(["agent"]))).toEqual([]);
  });
});

describe("mergeReport", () => {
  it("keeps suites not run from the report on disk and compares every figure with the committed one", () => {
    const committed = sample();
    committed.suites[0]!.figures[0]!.value = 0.99;
    const onDisk = sample();
    const rerun = entryOf(
      { figures: [{ key: "traced", label: "numbers traced", value: 99.5, unit: "percent", better: "higher" }] },
      { ...RUN, suite: "grounding", status: "ok", date: "2026-12-02T00:00:00.000Z" },
    );
    const merged = mergeReport(["agent", "grounding", "news"], [rerun], onDisk, committed);
    expect(merged.suites.map((s) => [s.suite, s.date])).toEqual([
      ["agent", RUN.date],
      ["grounding", "2026-12-02T00:00:00.000Z"],
      ["news", RUN.date],
    ]);
    expect(merged.suites[0]!.figures[0]).toMatchObject({ value: 0.994246, previous: 0.99 });
    expect(merged.suites[1]!.figures[0]).toMatchObject({ value: 99.5, previous: 100 });
    expect(reportMarkdown(merged, THRESHOLDS, new Set())).toContain(
      "| numbers traced | `traced` | 99.50% | −0.50% (worse) | ≥ 100.00% |",
    );
  });

  it("keeps nearest-rank quantiles of the latencies, not the timings", () => {
    expect(sample().suites[0]!.latencies.handwritten).toEqual({ count: 5, quantiles: expect.any(Array) });
    const q = sample().suites[0]!.latencies.handwritten!.quantiles;
    expect([q[0], q[10], q[19], q[20]]).toEqual([0.1, 0.3, 3, 3]);
  });
});

describe("the generated text", () => {
  it("is the same for the same report, whatever order its keys were read in", () => {
    const report = sample();
    const reread = parseReport(reversedKeys(JSON.parse(JSON.stringify(report))));
    expect(evaluationDocSection(reread, THRESHOLDS)).toBe(evaluationDocSection(report, THRESHOLDS));
    expect(reportMarkdown(reread, THRESHOLDS, new Set(["agent-history.svg"]))).toBe(
      reportMarkdown(report, THRESHOLDS, new Set(["agent-history.svg"])),
    );
    const point = { commit: "a", date: RUN.date, values: { "handwritten.companies.f1": 0.99 } };
    expect(historyChart("agent", reread.suites[0]!.figures, [point])).toBe(
      historyChart("agent", report.suites[0]!.figures, [point]),
    );
    expect(latencyChart("agent", reread.suites[0]!.latencies)).toBe(latencyChart("agent", report.suites[0]!.latencies));
  });

  it("replaces only the README's marked section, and a second pass changes nothing", () => {
    const readme = "# Title\n\nbefore\n<!-- eval:begin -->\nold figures\n<!-- eval:end -->\nafter\n";
    const once = withEvaluationDocSection(readme, evaluationDocSection(sample(), THRESHOLDS));
    expect(once.startsWith("# Title\n\nbefore\n<!-- eval:begin -->")).toBe(true);
    expect(once.endsWith("<!-- eval:end -->\nafter\n")).toBe(true);
    expect(once).not.toContain("old figures");
    expect(once).toContain(
      "| agent | companies F1 | 0.994 | ≥ 0.990 | abc1234567, 2026-12-01, 12 s on 2 cores |\n|  | latency p95 | 0.800 ms | ≤ 1.000 ms |  |",
    );
    expect(once).toContain(
      "| news | skipped: eval:news skipped: no data |  |  | abc1234567, 2026-12-01, 12 s on 2 cores |",
    );
    expect(withEvaluationDocSection(once, evaluationDocSection(sample(), THRESHOLDS))).toBe(once);
    expect(() => withEvaluationDocSection("# no markers\n", "x")).toThrow(/markers/);
  });
});

describe("the --json contract", () => {
  it("writes nothing without --json and rejects a figure of an unknown unit", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "suite-result-"));
    const file = path.join(dir, "out.json");
    const result: SuiteResult = {
      suite: "x",
      figures: [{ key: "a", label: "A", value: 1, unit: "ratio", better: "higher" }],
    };
    writeSuiteResult(result, []);
    expect(() => readFileSync(file)).toThrow();
    writeSuiteResult(result, ["--json", file]);
    expect(readSuiteResult(file)).toEqual(result);
    expect(() =>
      writeSuiteResult({ suite: "x", figures: [{ ...result.figures[0]!, unit: "furlongs" as "ratio" }] }, [
        "--json",
        file,
      ]),
    ).toThrow();
  });

  it("is what an evaluation script writes at its end", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "eval-agent-")), "agent.json");
    execFileSync("node_modules/.bin/tsx", ["scripts/eval-agent.ts", "--set", "investor", "--json", file], {
      stdio: "ignore",
    });
    const result = readSuiteResult(file);
    expect(result.suite).toBe("agent");
    expect(result.figures.map((f) => f.key)).toContain("investor.companies.f1");
    expect(result.latencies?.investor).toHaveLength(183);
  }, 60_000);
});
