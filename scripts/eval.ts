// npm run eval [-- --suites a,b | --fast] [--check] [--doc]: every evaluation suite as a child process
// (`--json` contract: scripts/eval-report/suite-result.ts), a progress line per suite, then eval/report.json,
// eval/report.md and the SVG charts in eval/charts/. Suites not run keep their last entry; a full run also
// appends to eval/history.jsonl and rewrites the evaluation section of docs/evaluation.md. `--check` exits 1 naming each
// figure beyond its limit in eval/thresholds.json; `--doc` alone only rewrites docs/evaluation.md's section from
// eval/report.json. Each child's output goes to .data/eval-logs/<suite>.log.
import { execFileSync, spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { dataDir } from "@/lib/ingest/data-dir";
import { type HistoryPoint, historyChart, latencyChart } from "./eval-report/charts";
import {
  entryOf,
  mergeReport,
  parseReport,
  parseThresholds,
  type Report,
  evaluationDocSection,
  reportMarkdown,
  type SuiteEntry,
  type Thresholds,
  thresholdProblems,
  withEvaluationDocSection,
} from "./eval-report/report";
import { readSuiteResult } from "./eval-report/suite-result";

interface Suite {
  id: string;
  script: string;
  /** Arguments before `--json`; a suite whose input file is missing is skipped without running. */
  args?: () => { args: string[]; needs?: string };
  /** In `--fast`: finishes within a few minutes and needs no embeddings. */
  fast: boolean;
}

const SUITES: readonly Suite[] = [
  { id: "agent", script: "scripts/eval-agent.ts", fast: true },
  { id: "grounding", script: "scripts/eval-grounding.ts", fast: true },
  {
    id: "tatqa",
    script: "scripts/eval-tatqa.ts",
    args: () => {
      const file = path.join(dataDir(), "tatqa/tatqa_dataset_dev.json");
      return { args: [file], needs: file };
    },
    fast: true,
  },
  { id: "facts", script: "scripts/eval-facts.ts", fast: true },
  { id: "news", script: "scripts/eval-news.ts", fast: false },
  { id: "transcripts", script: "scripts/eval-transcripts.ts", fast: false },
  { id: "finbloom", script: "scripts/eval-finbloom.ts", fast: false },
  { id: "filings", script: "scripts/eval-filings.ts", fast: false },
  { id: "audit", script: "scripts/eval-audit.ts", fast: false },
];

const REPORT_JSON = "eval/report.json";
const REPORT_MD = "eval/report.md";
const THRESHOLDS = "eval/thresholds.json";
const EVALUATION_DOC = "docs/evaluation.md";
const HISTORY = "eval/history.jsonl";
const CHARTS_DIR = "eval/charts";
const LOG_DIR = ".data/eval-logs";
const HEARTBEAT_MS = 30_000;

const { values: flags } = parseArgs({
  options: {
    suites: { type: "string" },
    fast: { type: "boolean", default: false },
    check: { type: "boolean", default: false },
    doc: { type: "boolean", default: false },
  },
});

const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();

function currentCommit(): string {
  const sha = git("rev-parse", "--short=10", "HEAD");
  // The eval folder is what a run rewrites; changes elsewhere mean the figures are of uncommitted code.
  const dirty = git("status", "--porcelain", "--untracked-files=no", "--", ".", ":(exclude)eval") !== "";
  return dirty ? `${sha}-dirty` : sha;
}

function committedReport(): Report | null {
  try {
    return parseReport(
      JSON.parse(
        execFileSync("git", ["show", `HEAD:${REPORT_JSON}`], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }),
      ),
    );
  } catch {
    return null;
  }
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, "utf8"));

function chosenSuites(): Suite[] {
  if (flags.suites !== undefined) {
    const ids = flags.suites.split(",").map((s) => s.trim());
    const unknown = ids.filter((id) => !SUITES.some((s) => s.id === id));
    if (unknown.length > 0)
      throw new Error(`unknown suite ${unknown.join(", ")}: choose from ${SUITES.map((s) => s.id).join(", ")}`);
    return SUITES.filter((s) => ids.includes(s.id));
  }
  return flags.fast ? SUITES.filter((s) => s.fast) : [...SUITES];
}

function lastLine(file: string): string {
  const lines = readFileSync(file, "utf8")
    .split(/[\r\n]+/)
    .filter((l) => l.trim() !== "");
  return (lines.at(-1) ?? "").trim().slice(0, 120);
}

async function runSuite(suite: Suite, commit: string): Promise<SuiteEntry> {
  const started = Date.now();
  const base = { suite: suite.id, commit, date: new Date().toISOString(), cores: availableParallelism() };
  const input = suite.args?.() ?? { args: [] };
  if (input.needs !== undefined && !existsSync(input.needs))
    return entryOf(null, { ...base, status: "skipped", reason: `${input.needs} not found`, seconds: 0 });
  mkdirSync(LOG_DIR, { recursive: true });
  const log = path.join(LOG_DIR, `${suite.id}.log`);
  const json = path.join(LOG_DIR, `${suite.id}.json`);
  rmSync(json, { force: true });
  const fd = openSync(log, "w");
  const child = spawn(path.resolve("node_modules/.bin/tsx"), [suite.script, ...input.args, "--json", json], {
    stdio: ["ignore", fd, fd],
  });
  const heartbeat = setInterval(
    () => console.log(`    ${suite.id} running ${((Date.now() - started) / 1000).toFixed(0)} s: ${lastLine(log)}`),
    HEARTBEAT_MS,
  );
  const code = await new Promise<number>((resolve) => child.on("close", (c) => resolve(c ?? 1)));
  clearInterval(heartbeat);
  const seconds = (Date.now() - started) / 1000;
  if (code !== 0)
    return entryOf(null, { ...base, status: "failed", reason: `exit ${code}: ${lastLine(log)} (${log})`, seconds });
  if (existsSync(json)) return entryOf(readSuiteResult(json), { ...base, status: "ok", reason: null, seconds });
  const skip = readFileSync(log, "utf8")
    .split("\n")
    .find((l) => l.includes("skipped"));
  return skip
    ? entryOf(null, { ...base, status: "skipped", reason: skip.trim(), seconds })
    : entryOf(null, { ...base, status: "failed", reason: `exit 0 but no result written (${log})`, seconds });
}

function readHistory(): { suite: string; point: HistoryPoint }[] {
  if (!existsSync(HISTORY)) return [];
  return readFileSync(HISTORY, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as { suite: string } & HistoryPoint)
    .map(({ suite, commit, date, values }) => ({ suite, point: { commit, date, values } }));
}

const historyLine = (s: SuiteEntry) =>
  JSON.stringify({
    suite: s.suite,
    commit: s.commit,
    date: s.date,
    values: Object.fromEntries(s.figures.map((f) => [f.key, f.value])),
  });

/** Charts of every suite in the report: history from eval/history.jsonl (this run's point added when
 * it is not recorded there), latency distributions where the suite reports latencies. */
function writeCharts(report: Report, thresholds: Thresholds, recorded: boolean): Set<string> {
  mkdirSync(CHARTS_DIR, { recursive: true });
  const history = readHistory();
  const written = new Set<string>();
  for (const s of report.suites) {
    if (s.figures.length === 0) continue;
    const points = history.filter((h) => h.suite === s.suite).map((h) => h.point);
    if (!recorded && s.status === "ok")
      points.push({
        commit: s.commit,
        date: s.date,
        values: Object.fromEntries(s.figures.map((f) => [f.key, f.value])),
      });
    const limited = s.figures.filter((f) => thresholds[s.suite]?.[f.key] !== undefined);
    const rest = s.figures.filter((f) => thresholds[s.suite]?.[f.key] === undefined);
    const name = `${s.suite}-history.svg`;
    writeFileSync(path.join(CHARTS_DIR, name), historyChart(s.suite, [...limited, ...rest], points));
    written.add(name);
    if (Object.keys(s.latencies).length > 0) {
      const latency = `${s.suite}-latency.svg`;
      writeFileSync(path.join(CHARTS_DIR, latency), latencyChart(s.suite, s.latencies));
      written.add(latency);
    }
  }
  return written;
}

function writeEvaluationDoc(report: Report, thresholds: Thresholds): void {
  writeFileSync(
    EVALUATION_DOC,
    withEvaluationDocSection(readFileSync(EVALUATION_DOC, "utf8"), evaluationDocSection(report, thresholds)),
  );
  console.log(`${EVALUATION_DOC}: evaluation section rewritten from the report`);
}

async function main(): Promise<number> {
  const thresholds = parseThresholds(readJson(THRESHOLDS));
  const onDisk = existsSync(REPORT_JSON) ? parseReport(readJson(REPORT_JSON)) : null;
  const runsNothing = flags.doc && flags.suites === undefined && !flags.fast && !flags.check;
  if (runsNothing) {
    if (!onDisk) throw new Error(`${REPORT_JSON} not found: run npm run eval first`);
    writeEvaluationDoc(onDisk, thresholds);
    return 0;
  }
  const suites = chosenSuites();
  const isFullRun = suites.length === SUITES.length;
  const commit = currentCommit();
  console.log(
    `npm run eval: ${suites.length} suites (${suites.map((s) => s.id).join(", ")}) at ${commit}, logs in ${LOG_DIR}/`,
  );
  const ran: SuiteEntry[] = [];
  const startedAll = Date.now();
  for (const [i, suite] of suites.entries()) {
    console.log(`[${i + 1}/${suites.length}] ${suite.id} …`);
    const entry = await runSuite(suite, commit);
    ran.push(entry);
    console.log(
      `[${i + 1}/${suites.length}] ${suite.id} ${entry.status} in ${entry.seconds.toFixed(1)} s` +
        (entry.status === "ok" ? ` (${entry.figures.length} figures)` : `: ${entry.reason}`),
    );
  }
  const report = mergeReport(
    SUITES.map((s) => s.id),
    ran,
    onDisk,
    committedReport(),
  );
  writeFileSync(REPORT_JSON, `${JSON.stringify(report, null, 1)}\n`);
  if (isFullRun) for (const s of ran.filter((r) => r.status === "ok")) appendFileSync(HISTORY, `${historyLine(s)}\n`);
  const charts = writeCharts(report, thresholds, isFullRun);
  writeFileSync(REPORT_MD, reportMarkdown(report, thresholds, charts));
  console.log(`wrote ${REPORT_JSON}, ${REPORT_MD} and ${charts.size} charts in ${CHARTS_DIR}/`);
  if (isFullRun || flags.doc) writeEvaluationDoc(report, thresholds);
  const summary = ran.map((r) => `${r.suite} ${r.status} ${r.seconds.toFixed(0)} s`).join(", ");
  console.log(`done in ${((Date.now() - startedAll) / 1000).toFixed(0)} s: ${summary}`);
  if (!flags.check) return 0;
  const problems = thresholdProblems(report, thresholds, new Set(ran.map((r) => r.suite)));
  for (const p of problems) console.error(`below limit: ${p}`);
  console.log(problems.length === 0 ? "check: every figure within its limit" : `check: ${problems.length} failed`);
  return problems.length === 0 ? 0 : 1;
}

process.exitCode = await main();
