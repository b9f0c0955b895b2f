// Server processes share the cores: a question waiting in one holds the other's deferrable work, through the
// cluster primary's relay (scripts/start-cluster.ts), and a process that dies stops holding it.
import cluster, { type Worker } from "node:cluster";
import { once } from "node:events";
import { afterAll, describe, expect, it } from "vitest";
import { relayFirstTokenSignals } from "@/scripts/start-cluster";

/** Sends a command and resolves with the process's next reply. */
async function ask(worker: Worker, command: string): Promise<Record<string, unknown>> {
  const reply = new Promise<Record<string, unknown>>((resolve) => {
    const onMessage = (message: Record<string, unknown>) => {
      if ("firstTokensOf" in message) return; // a relayed signal, not the reply
      worker.off("message", onMessage);
      resolve(message);
    };
    worker.on("message", onMessage);
  });
  worker.send({ command });
  return reply;
}

describe("first-token priority across npm start's server processes", () => {
  const workers: Worker[] = [];
  afterAll(() => {
    for (const worker of workers) worker.process.kill("SIGKILL");
  });

  it("holds one process's deferrable work while another has a question waiting, until it has its first words", async () => {
    cluster.setupPrimary({ exec: "test/first-token-process.ts", execArgv: ["--import", "tsx"] });
    relayFirstTokenSignals();
    const [asking, other] = [cluster.fork(), cluster.fork()];
    workers.push(asking, other);
    await Promise.all(workers.map((worker) => once(worker, "message")));

    expect(await ask(other, "probe")).toEqual({ deferredWorkRan: true });
    await ask(asking, "wait");
    expect(await ask(other, "probe")).toEqual({ deferredWorkRan: false });
    await ask(asking, "release");
    expect(await ask(other, "probe")).toEqual({ deferredWorkRan: true });

    // A process that dies with a question waiting holds nothing.
    await ask(asking, "wait");
    expect(await ask(other, "probe")).toEqual({ deferredWorkRan: false });
    asking.process.kill("SIGKILL");
    await once(cluster, "exit");
    expect(await ask(other, "probe")).toEqual({ deferredWorkRan: true });
  }, 60_000);
});
