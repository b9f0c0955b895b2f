// Mirrors the metric catalog (lib/catalog/metrics.ts, the source of truth) into the metrics tables.
import type { PrismaClient } from "../generated/client";
import type { MetricDefinition } from "@/lib/catalog/types";

export async function syncMetricCatalog(prisma: PrismaClient, metrics: readonly MetricDefinition[]): Promise<void> {
  const ids = new Map<string, number>();
  for (const m of metrics) {
    const fields = {
      name: m.name,
      description: m.description,
      unitKind: m.unitKind,
      frequency: m.frequency,
      statement: m.statement,
    };
    const saved = await prisma.metric.upsert({ where: { key: m.key }, create: { key: m.key, ...fields }, update: fields });
    ids.set(m.key, saved.id);
  }
  await prisma.$transaction([
    prisma.metricAlias.deleteMany({}),
    prisma.metricRelation.deleteMany({}),
    prisma.metricAlias.createMany({
      data: metrics.flatMap((m) => m.aliases.map((alias) => ({ metricId: ids.get(m.key)!, alias }))),
    }),
    prisma.metricRelation.createMany({
      data: metrics.flatMap((m) =>
        m.related.map((key) => ({ metricId: ids.get(m.key)!, relatedMetricId: requireId(ids, key, m.key) })),
      ),
    }),
  ]);
}

function requireId(ids: ReadonlyMap<string, number>, key: string, from: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Metric ${from} lists unknown related metric ${key}`);
  return id;
}
