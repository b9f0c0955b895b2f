// What an advisor can do to an answer of their client: approve, flag with a reason, annotate, reply to
// the client. Each checks the link first and writes its audit entry in the same transaction.
import { randomUUID } from "node:crypto";
import { NotAllowedError } from "@/lib/auth/errors";
import type { Viewer } from "@/lib/auth/viewer";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { auditEntry } from "./audit";

export interface ClientAnswer {
  messageId: string;
  conversationId: string;
  clientId: string;
  request: Prisma.JsonValue | null;
}

/** The answer, if `advisor` is the advisor of the client who asked; otherwise NotAllowedError
 * (the same error whether it does not exist or is not theirs). */
export async function clientAnswerFor(prisma: PrismaClient, advisor: Viewer, messageId: string): Promise<ClientAnswer> {
  if (advisor.role !== "advisor") throw new NotAllowedError("Only advisors review answers.");
  const answer = await prisma.message.findFirst({
    where: { id: messageId, role: "assistant", conversation: { owner: { advisor: { advisorId: advisor.id } } } },
    select: { id: true, conversationId: true, request: true, conversation: { select: { ownerId: true } } },
  });
  if (!answer?.conversation.ownerId) throw new NotAllowedError("This answer is not one of your clients'.");
  return {
    messageId: answer.id,
    conversationId: answer.conversationId,
    clientId: answer.conversation.ownerId,
    request: answer.request,
  };
}

export async function approveAnswer(prisma: PrismaClient, advisor: Viewer, messageId: string): Promise<void> {
  const answer = await clientAnswerFor(prisma, advisor, messageId);
  await prisma.$transaction([
    prisma.review.upsert({
      where: { messageId: answer.messageId },
      create: { messageId: answer.messageId, status: "approved", reviewerId: advisor.id },
      update: { status: "approved", flagReason: null, reviewerId: advisor.id },
    }),
    auditEntry(prisma, { actorId: advisor.id, action: "approve", subjectId: answer.messageId }),
  ]);
}

export async function flagAnswer(
  prisma: PrismaClient,
  advisor: Viewer,
  messageId: string,
  reason: string,
): Promise<void> {
  const answer = await clientAnswerFor(prisma, advisor, messageId);
  await prisma.$transaction([
    prisma.review.upsert({
      where: { messageId: answer.messageId },
      create: { messageId: answer.messageId, status: "flagged", flagReason: reason, reviewerId: advisor.id },
      update: { status: "flagged", flagReason: reason, reviewerId: advisor.id },
    }),
    auditEntry(prisma, { actorId: advisor.id, action: "flag", subjectId: answer.messageId, detail: { reason } }),
  ]);
}

export async function annotateAnswer(
  prisma: PrismaClient,
  advisor: Viewer,
  messageId: string,
  text: string,
): Promise<void> {
  const answer = await clientAnswerFor(prisma, advisor, messageId);
  const id = randomUUID();
  await prisma.$transaction([
    prisma.reviewAnnotation.create({ data: { id, messageId: answer.messageId, authorId: advisor.id, text } }),
    auditEntry(prisma, {
      actorId: advisor.id,
      action: "annotate",
      subjectId: answer.messageId,
      detail: { annotationId: id, text },
    }),
  ]);
}

/** The reply lands in the client's conversation as an advisor message. */
export async function replyToClient(
  prisma: PrismaClient,
  advisor: Viewer,
  messageId: string,
  text: string,
): Promise<void> {
  const answer = await clientAnswerFor(prisma, advisor, messageId);
  const id = randomUUID();
  const parts: FinGroundUIMessage["parts"] = [{ type: "text", text }];
  await prisma.$transaction([
    prisma.message.create({
      data: {
        id,
        conversationId: answer.conversationId,
        role: "advisor",
        authorId: advisor.id,
        parts: parts as Prisma.InputJsonValue,
      },
    }),
    prisma.conversation.update({ where: { id: answer.conversationId }, data: { updatedAt: new Date() } }),
    auditEntry(prisma, {
      actorId: advisor.id,
      action: "reply",
      subjectId: answer.messageId,
      detail: { replyId: id, text },
    }),
  ]);
}
