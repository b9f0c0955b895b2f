// The bundled encoder on worker threads gives exactly the vectors of the in-thread encoder, also when
// many requests embed at once.
import { describe, expect, it } from "vitest";
import { useLiteEmbedder, useLiteWorkerEmbedder } from "./embeddings";

const QUESTIONS = [
  "What was Apple's revenue in fiscal 2023?",
  "Compare Apple and Nvidia net income over the last 8 quarters",
  "How did Tesla's stock price move in 2020?",
  "Should I invest in Coca-Cola?",
];

describe("the sentence encoder on worker threads", () => {
  it("embeds identically to the in-thread encoder, batch and long text included", async () => {
    const texts = [...QUESTIONS, "x".repeat(2000)];
    const [inThread, inWorkers] = await Promise.all([useLiteEmbedder().embed(texts), useLiteWorkerEmbedder().embed(texts)]);
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
});
