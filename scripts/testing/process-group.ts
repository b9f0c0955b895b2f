// The processes of one process group (a server started detached: npm start's primary, its server processes, tsx's
// esbuild service), read from /proc: the benchmark's CPU accounting and the shutdown probe's "all gone".
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const CLOCK_TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

export interface GroupProcess {
  pid: number;
  command: string;
  /** /proc's state letter: "Z" for a zombie (exited, not yet reaped). */
  state: string;
  /** CPU seconds (user + system) used so far. */
  cpuSeconds: number;
}

export function groupProcesses(groupId: number): GroupProcess[] {
  const found: GroupProcess[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    // After "(comm)", which may hold spaces: state ppid pgrp … utime (14th field) stime (15th).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== groupId) continue;
    found.push({
      pid: Number(entry),
      command: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
      state: fields[0]!,
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND,
    });
  }
  return found;
}
