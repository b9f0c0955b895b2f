// Ranking quality measures for the news evaluation: graded NDCG@k (gain 2^grade − 1, log2 discount),
// recall@k (share of the relevant items, grade ≥ 1, found in the first k), and the hand judgments they
// are measured against (eval/news/judgments.json, rules in eval/news/LABELLING.md).
import { createHash } from "node:crypto";
import { z } from "zod";

export function ndcgAtK(ranked: readonly string[], grades: ReadonlyMap<string, number>, k: number): number {
  const dcg = (gains: readonly number[]) =>
    gains.slice(0, k).reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
  const ideal = dcg([...grades.values()].filter((g) => g > 0).sort((a, b) => b - a));
  return ideal === 0 ? 0 : dcg(ranked.map((id) => grades.get(id) ?? 0)) / ideal;
}

export function recallAtK(ranked: readonly string[], grades: ReadonlyMap<string, number>, k: number): number {
  const relevant = [...grades.values()].filter((g) => g > 0).length;
  if (relevant === 0) return 0;
  return ranked.slice(0, k).filter((id) => (grades.get(id) ?? 0) > 0).length / relevant;
}

/** How many of the first k results were never judged (they count as grade 0): when this grows after a
 * ranking change, the judging pool needs extending. */
export function unjudgedAtK(ranked: readonly string[], judged: ReadonlyMap<string, number>, k: number): number {
  return ranked.slice(0, k).filter((id) => !judged.has(id)).length;
}

/** An article's key in the judgments: the first 16 hex digits of the SHA-256 of its stored (canonical)
 * URL, so the judgments file holds no title or text and survives re-ingestion under new ids. */
export function articleKey(url: string): string {
  return createHash("sha256").update(url).digest("hex").slice(0, 16);
}

const articleKeySchema = z.string().regex(/^[0-9a-f]{16}$/);

/** Per query: the non-zero grades by article key, and the keys judged 0 (so "judged 0" and "never
 * judged" differ). */
const queryJudgmentsSchema = z
  .object({
    grades: z.record(articleKeySchema, z.union([z.literal(1), z.literal(2)])),
    zero: z.array(articleKeySchema),
  })
  .strict()
  .superRefine((q, ctx) => {
    const seen = new Set(Object.keys(q.grades));
    for (const key of q.zero) {
      if (seen.has(key)) ctx.addIssue({ code: "custom", message: `${key} is judged twice`, path: ["zero"] });
      seen.add(key);
    }
  });

const judgmentsSchema = z.record(z.string().min(1), queryJudgmentsSchema);

/** Judgments by query id: every judged article key with its grade (0, 1 or 2). */
export type Judgments = Map<string, Map<string, number>>;

export function parseJudgments(json: unknown): Judgments {
  const parsed = judgmentsSchema.safeParse(json);
  if (!parsed.success) throw new Error(`Relevance judgments: ${z.prettifyError(parsed.error)}`);
  return new Map(
    Object.entries(parsed.data).map(([id, q]) => [
      id,
      new Map<string, number>([...Object.entries(q.grades), ...q.zero.map((key): [string, number] => [key, 0])]),
    ]),
  );
}
