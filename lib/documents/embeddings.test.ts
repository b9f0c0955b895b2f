// The bundled encoder on worker threads gives exactly the vectors of the in-thread encoder, also when
// many requests embed at once; recent questions' vectors are remembered.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RecentEmbeddings, useLiteEmbedder, useLiteWorkerEmbedder, type Embedder } from "@/lib/documents/embeddings";

const QUESTIONS = [
  "What was Apple's revenue in fiscal 2023?",
  "Compare Apple and Nvidia net income over the last 8 quarters",
  "How did Tesla's stock price move in 2020?",
  "Should I invest in Coca-Cola?",
];

describe("the sentence encoder on worker threads", () => {
  it("embeds identically to the in-thread encoder, batch and long text included", async () => {
    const texts = [...QUESTIONS, "x".repeat(2000)];
    const [inThread, inWorkers] = await Promise.all([
      useLiteEmbedder().embed(texts),
      useLiteWorkerEmbedder().embed(texts),
    ]);
    expect(inWorkers).toHaveLength(texts.length);
    expect(inWorkers[0]).toHaveLength(512);
    expect(inWorkers).toEqual(inThread);
  });

  it("gives each of many concurrent callers its own question's vector", async () => {
    const workers = useLiteWorkerEmbedder();
    // One text at a time on both sides: the encoder pads a batch, so a text's vector depends on its batch.
    const inThread: number[][] = [];
    for (const q of QUESTIONS) inThread.push(...(await useLiteEmbedder().embed([q])));
    const concurrent = await Promise.all(QUESTIONS.map((q) => workers.embed([q])));
    expect(concurrent.map(([v]) => v)).toEqual(inThread);
  });

  it("keeps a command-line process alive while it embeds, and lets it exit when idle", () => {
    // As `npm run news -- reembed` does: embed at the top level, nothing else pending.
    const script = path.join(mkdtempSync(path.join(tmpdir(), "fg-embed-cli-")), "embed.mts");
    const embeddings = path.resolve("lib/documents/embeddings.ts");
    writeFileSync(
      script,
      `import { useLiteWorkerEmbedder } from ${JSON.stringify(embeddings)};\nconst e = useLiteWorkerEmbedder();\nconsole.log((await e.embed(["a"]))[0].length, (await e.embed(["b"]))[0].length);\n`,
    );
    const run = spawnSync(process.execPath, ["--import", "tsx", script], { encoding: "utf8", timeout: 30_000 });
    expect(run.stderr).toBe("");
    expect([run.status, run.stdout.trim()]).toEqual([0, "512 512"]);
  });
});

/** The real encoder, counting the texts it is asked to embed. */
function countingEncoder(model = "use-lite-512"): Embedder & { texts: string[] } {
  const encoder = useLiteWorkerEmbedder();
  const texts: string[] = [];
  return { model, texts, embed: (batch) => (texts.push(...batch), encoder.embed(batch)) };
}

describe("RecentEmbeddings", () => {
  it("embeds a question once, also when it is asked again or twice at once, with the encoder's vector", async () => {
    const recent = new RecentEmbeddings(10);
    const encoder = countingEncoder();
    const [first, sameTime] = await Promise.all([
      recent.embed(encoder, QUESTIONS[0]!),
      recent.embed(encoder, QUESTIONS[0]!),
    ]);
    const again = await recent.embed(encoder, QUESTIONS[0]!);
    expect(encoder.texts).toEqual([QUESTIONS[0]]);
    expect(sameTime).toBe(first);
    expect(again).toBe(first);
    expect(first).toEqual((await useLiteEmbedder().embed([QUESTIONS[0]!]))[0]);
  });

  it("keeps each model's vectors apart", async () => {
    const recent = new RecentEmbeddings(10);
    const a = countingEncoder("model-a");
    const b = countingEncoder("model-b");
    await recent.embed(a, QUESTIONS[0]!);
    await recent.embed(b, QUESTIONS[0]!);
    expect([a.texts, b.texts]).toEqual([[QUESTIONS[0]], [QUESTIONS[0]]]);
  });

  it("drops the least recently used question beyond its capacity", async () => {
    const recent = new RecentEmbeddings(2);
    const encoder = countingEncoder();
    const [q0, q1, q2] = QUESTIONS as [string, string, string];
    await recent.embed(encoder, q0);
    await recent.embed(encoder, q1);
    await recent.embed(encoder, q0); // q0 used last: q1 is now the oldest
    await recent.embed(encoder, q2); // drops q1
    await recent.embed(encoder, q0);
    await recent.embed(encoder, q1);
    expect(encoder.texts).toEqual([q0, q1, q2, q1]);
  });

  it("does not remember a failure", async () => {
    const recent = new RecentEmbeddings(10);
    let calls = 0;
    const flaky: Embedder = {
      model: "flaky",
      embed: async (texts) => (calls++ === 0 ? Promise.reject(new Error("endpoint down")) : texts.map(() => [1, 0])),
    };
    await expect(recent.embed(flaky, "q")).rejects.toThrow("endpoint down");
    expect(await recent.embed(flaky, "q")).toEqual([1, 0]);
    expect(calls).toBe(2);
  });
});
