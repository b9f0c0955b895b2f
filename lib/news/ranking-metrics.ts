// Ranking quality measures for the news evaluation: graded NDCG@k (gain 2^grade − 1, log2 discount)
// and recall@k (share of the relevant items, grade ≥ 1, found in the first k).

export function ndcgAtK(ranked: readonly string[], grades: ReadonlyMap<string, number>, k: number): number {
  const dcg = (gains: readonly number[]) => gains.slice(0, k).reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
  const ideal = dcg([...grades.values()].filter((g) => g > 0).sort((a, b) => b - a));
  return ideal === 0 ? 0 : dcg(ranked.map((id) => grades.get(id) ?? 0)) / ideal;
}

export function recallAtK(ranked: readonly string[], grades: ReadonlyMap<string, number>, k: number): number {
  const relevant = [...grades.values()].filter((g) => g > 0).length;
  if (relevant === 0) return 0;
  return ranked.slice(0, k).filter((id) => (grades.get(id) ?? 0) > 0).length / relevant;
}
