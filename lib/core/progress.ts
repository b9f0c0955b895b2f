// Progress for long-running commands: a bar that redraws in place on a terminal, and a line every
// few seconds when the output is a log (CI), so a run is never silent.

export interface Progress {
  start(label: string, total: number): void;
  advance(done: number): void;
  finish(): void;
  log(message: string): void;
}

export function consoleProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  let label = "";
  let total = 0;
  let done = 0;
  let startedAt = 0;
  let lastLine = 0;
  const draw = (final: boolean) => {
    const share = total > 0 ? done / total : 1;
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    const text = `${label} ${bar(share)} ${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")} ${seconds}s`;
    if (stream.isTTY) stream.write(`\r${text}${final ? "\n" : ""}`);
    else if (final || Date.now() - lastLine > 5000) {
      stream.write(`${text}\n`);
      lastLine = Date.now();
    }
  };
  return {
    start(nextLabel, nextTotal) {
      label = nextLabel;
      total = nextTotal;
      done = 0;
      startedAt = Date.now();
      lastLine = 0;
    },
    advance(count) {
      done += count;
      draw(false);
    },
    finish() {
      draw(true);
    },
    log(message) {
      stream.write(`${message}\n`);
    },
  };
}

export const silentProgress: Progress = { start() {}, advance() {}, finish() {}, log() {} };

function bar(share: number, width = 24): string {
  const filled = Math.round(Math.min(1, Math.max(0, share)) * width);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${(share * 100).toFixed(0).padStart(3)}%`;
}
