// The audit log: who did what to which answer or user, and when. Written in the same transaction as the
// action it records, so an action never happens without its entry.
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";

const AUDIT_ACTIONS = ["link_client", "approve", "flag", "annotate", "reply", "rerun"] as const;
type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditRecord {
  actorId: string;
  action: AuditAction;
  subjectId: string;
  detail?: Prisma.InputJsonObject;
}

export function auditEntry(tx: Prisma.TransactionClient | PrismaClient, record: AuditRecord) {
  return tx.auditEntry.create({
    data: { actorId: record.actorId, action: record.action, subjectId: record.subjectId, detail: record.detail ?? {} },
  });
}

export interface AuditView {
  action: string;
  actor: string;
  detail: Prisma.JsonValue;
  at: string;
}

export async function auditTrail(prisma: PrismaClient, subjectId: string): Promise<AuditView[]> {
  const rows = await prisma.auditEntry.findMany({
    where: { subjectId },
    orderBy: { createdAt: "asc" },
    include: { actor: { select: { name: true, email: true } } },
  });
  return rows.map((row) => ({
    action: row.action,
    actor: row.actor ? `${row.actor.name} <${row.actor.email}>` : "deleted user",
    detail: row.detail,
    at: row.createdAt.toISOString(),
  }));
}
