// Mirrors the metric catalog (lib/catalog/metrics.ts, the source of truth) into the metrics tables, in
// a handful of set-based statements: it runs on every start, so it must cost milliseconds, not one
// round trip per metric.
import type { PrismaClient } from "../generated/client";
import type { MetricDefinition } from "@/lib/catalog/types";

export async function syncMetricCatalog(prisma: PrismaClient, metrics: readonly MetricDefinition[]): Promise<void> {
  const keys = new Set(metrics.map((m) => m.key));
  for (const m of metrics) {
    for (const key of m.related)
      if (!keys.has(key)) throw new Error(`Metric ${m.key} lists unknown related metric ${key}`);
  }
  const aliases = metrics.flatMap((m) => m.aliases.map((alias) => ({ key: m.key, alias })));
  const relations = metrics.flatMap((m) => m.related.map((related) => ({ key: m.key, related })));
  await prisma.$transaction([
    prisma.$executeRaw`
      INSERT INTO metrics (key, name, description, unit_kind, frequency, statement)
      SELECT key, name, description, unit_kind::unit_kind, frequency::frequency, statement::statement
      FROM unnest(${metrics.map((m) => m.key)}::text[], ${metrics.map((m) => m.name)}::text[],
                  ${metrics.map((m) => m.description)}::text[], ${metrics.map((m) => m.unitKind)}::text[],
                  ${metrics.map((m) => m.frequency)}::text[], ${metrics.map((m) => m.statement)}::text[])
        AS i(key, name, description, unit_kind, frequency, statement)
      ON CONFLICT (key) DO UPDATE SET
        name = EXCLUDED.name, description = EXCLUDED.description, unit_kind = EXCLUDED.unit_kind,
        frequency = EXCLUDED.frequency, statement = EXCLUDED.statement
      WHERE (metrics.name, metrics.description, metrics.unit_kind, metrics.frequency, metrics.statement)
        IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.description, EXCLUDED.unit_kind, EXCLUDED.frequency, EXCLUDED.statement)`,
    // Aliases and relations are replaced wholesale: the catalog owns them and nothing references them.
    prisma.$executeRaw`DELETE FROM metric_aliases`,
    prisma.$executeRaw`
      INSERT INTO metric_aliases (metric_id, alias)
      SELECT m.id, i.alias FROM unnest(${aliases.map((a) => a.key)}::text[], ${aliases.map((a) => a.alias)}::text[]) AS i(key, alias)
      JOIN metrics m ON m.key = i.key`,
    prisma.$executeRaw`DELETE FROM metric_relations`,
    prisma.$executeRaw`
      INSERT INTO metric_relations (metric_id, related_metric_id)
      SELECT m.id, r.id FROM unnest(${relations.map((r) => r.key)}::text[], ${relations.map((r) => r.related)}::text[]) AS i(key, related)
      JOIN metrics m ON m.key = i.key JOIN metrics r ON r.key = i.related`,
  ]);
}
