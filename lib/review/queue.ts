// The advisor's review queue: their clients' answered questions, newest first, filterable; and one
// item in full. Answers of anyone who is not the advisor's client do not exist here.
import { z } from "zod";
import { structuredDataRequestSchema, singleCompanies, type StructuredDataRequest } from "@/lib/agent/schema";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { SHOWN_MESSAGE } from "@/lib/conversation/store";
import { isoDateInput, textInput } from "@/lib/core/route-input";
import { auditTrail, type AuditView } from "./audit";

const REVIEW_STATUSES = ["unreviewed", "approved", "flagged"] as const;
type ReviewState = (typeof REVIEW_STATUSES)[number];

const filterFields = {
  status: z.enum(["all", ...REVIEW_STATUSES], { error: "The status is one of all, unreviewed, approved, flagged" }),
  client: textInput("The client", 100),
  company: textInput("The company (a ticker)", 12).transform((t) => t.trim().toUpperCase()),
  from: isoDateInput("The From date"),
  to: isoDateInput("The To date"),
};

/** The queue's filters; a wrong one is dropped (parseQueueFilters says which). */
export const queueFiltersSchema = z.object({
  status: filterFields.status.catch("all"),
  client: filterFields.client.optional().catch(undefined),
  company: filterFields.company.optional().catch(undefined),
  from: filterFields.from.optional().catch(undefined),
  to: filterFields.to.optional().catch(undefined),
});
export type QueueFilters = z.infer<typeof queueFiltersSchema>;

/** The filters of the queue's query string; each wrong one is ignored and named in `ignored`, for the page to
 * say so (an impossible date or a NUL filters nothing, rather than failing the page). Empty values are unset. */
export function parseQueueFilters(raw: Record<string, string | undefined>): {
  filters: QueueFilters;
  ignored: string[];
} {
  const ignored: string[] = [];
  const field = <T>(schema: z.ZodType<T>, value: string | undefined): T | undefined => {
    if (!value) return undefined;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    ignored.push(`${parsed.error.issues.map((issue) => issue.message).join("; ")}: ignored.`);
    return undefined;
  };
  const filters: QueueFilters = {
    status: field(filterFields.status, raw.status) ?? "all",
    client: field(filterFields.client, raw.client),
    company: field(filterFields.company, raw.company) || undefined,
    from: field(filterFields.from, raw.from),
    to: field(filterFields.to, raw.to),
  };
  return { filters, ignored };
}

export interface QueueItem {
  messageId: string;
  conversationId: string;
  client: { id: string; name: string; email: string };
  question: string;
  tickers: string[];
  answeredAt: string;
  status: ReviewState;
  flagReason: string | null;
}

const QUEUE_LIMIT = 200;

/** Only answers in conversations owned by one of `advisorId`'s clients. */
function clientAnswers(advisorId: string): Prisma.MessageWhereInput {
  return { role: "assistant", conversation: { owner: { advisor: { advisorId } } }, AND: [SHOWN_MESSAGE] };
}

export async function listQueue(prisma: PrismaClient, advisorId: string, filters: QueueFilters): Promise<QueueItem[]> {
  const where: Prisma.MessageWhereInput[] = [clientAnswers(advisorId)];
  if (filters.status === "unreviewed") where.push({ review: null });
  if (filters.status === "approved" || filters.status === "flagged") where.push({ review: { status: filters.status } });
  if (filters.client) where.push({ conversation: { ownerId: filters.client } });
  if (filters.company) where.push({ request: { path: ["companies"], array_contains: [{ ticker: filters.company }] } });
  if (filters.from) where.push({ createdAt: { gte: new Date(`${filters.from}T00:00:00Z`) } });
  if (filters.to)
    where.push({ createdAt: { lt: new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + 86_400_000) } });
  const answers = await prisma.message.findMany({
    where: { AND: where },
    orderBy: { createdAt: "desc" },
    take: QUEUE_LIMIT,
    include: { review: true, conversation: { select: { owner: { select: { id: true, name: true, email: true } } } } },
  });
  const questions = await questionsFor(prisma, answers);
  return answers.map((answer) => queueItemOf(answer, questions));
}

interface StoredAnswer {
  id: string;
  conversationId: string;
  request: Prisma.JsonValue | null;
  createdAt: Date;
  review: { status: "approved" | "flagged"; flagReason: string | null } | null;
  conversation: { owner: { id: string; name: string; email: string } | null };
}

function queueItemOf(answer: StoredAnswer, questions: Map<string, string>): QueueItem {
  return {
    messageId: answer.id,
    conversationId: answer.conversationId,
    // Only owned conversations reach the queue (clientAnswers).
    client: answer.conversation.owner!,
    question: questions.get(answer.id) ?? "",
    tickers: tickersOf(answer.request),
    answeredAt: answer.createdAt.toISOString(),
    status: answer.review?.status ?? "unreviewed",
    flagReason: answer.review?.flagReason ?? null,
  };
}

/** The question each answer replied to: the last user message before it in its conversation. */
async function questionsFor(
  prisma: PrismaClient,
  answers: { id: string; conversationId: string; createdAt: Date }[],
): Promise<Map<string, string>> {
  const asked = await prisma.message.findMany({
    where: { role: "user", conversationId: { in: [...new Set(answers.map((a) => a.conversationId))] } },
    orderBy: { createdAt: "asc" },
    select: { conversationId: true, createdAt: true, parts: true },
  });
  const result = new Map<string, string>();
  for (const answer of answers) {
    const before = asked
      .filter((q) => q.conversationId === answer.conversationId && q.createdAt <= answer.createdAt)
      .at(-1);
    if (before) result.set(answer.id, textOf(before.parts));
  }
  return result;
}

function textOf(parts: Prisma.JsonValue): string {
  const list = Array.isArray(parts) ? parts : [];
  return list
    .map((part) =>
      part && typeof part === "object" && !Array.isArray(part) && typeof part.text === "string" ? part.text : "",
    )
    .join("\n");
}

export function requestOf(stored: Prisma.JsonValue | null): StructuredDataRequest | null {
  const parsed = structuredDataRequestSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

function tickersOf(stored: Prisma.JsonValue | null): string[] {
  const request = requestOf(stored);
  return request ? singleCompanies(request).map((c) => c.ticker) : [];
}

export interface ReviewItem extends QueueItem {
  request: StructuredDataRequest | null;
  /** The answer exactly as the client's browser received it. */
  answer: FinGroundUIMessage;
  annotations: { id: string; author: string; text: string; at: string }[];
  replies: { id: string; author: string; text: string; at: string }[];
  reruns: { id: string; author: string; request: StructuredDataRequest; answer: FinGroundUIMessage; at: string }[];
  audit: AuditView[];
}

/** One answer of the advisor's client with everything around it; null if it is not theirs to see. */
export async function getReviewItem(
  prisma: PrismaClient,
  advisorId: string,
  messageId: string,
): Promise<ReviewItem | null> {
  if (!z.uuid().safeParse(messageId).success) return null;
  const answer = await prisma.message.findFirst({
    where: { AND: [{ id: messageId }, clientAnswers(advisorId)] },
    include: {
      review: true,
      conversation: { select: { owner: { select: { id: true, name: true, email: true } } } },
      annotations: { orderBy: { createdAt: "asc" }, include: { author: { select: { name: true } } } },
      reruns: { orderBy: { createdAt: "asc" }, include: { author: { select: { name: true } } } },
    },
  });
  if (!answer) return null;
  const [questions, replies, audit] = await Promise.all([
    questionsFor(prisma, [answer]),
    prisma.message.findMany({
      where: { conversationId: answer.conversationId, role: "advisor" },
      orderBy: { createdAt: "asc" },
      include: { author: { select: { name: true } } },
    }),
    auditTrail(prisma, answer.id),
  ]);
  return {
    ...queueItemOf(answer, questions),
    request: requestOf(answer.request),
    answer: storedAnswer(answer.id, answer.parts, answer.model, answer.createdAt),
    annotations: answer.annotations.map((a) => ({
      id: a.id,
      author: a.author.name,
      text: a.text,
      at: a.createdAt.toISOString(),
    })),
    replies: replies.map((r) => ({
      id: r.id,
      author: r.author?.name ?? "deleted advisor",
      text: textOf(r.parts),
      at: r.createdAt.toISOString(),
    })),
    reruns: answer.reruns.flatMap((rerun) => {
      const request = requestOf(rerun.request);
      return request
        ? [
            {
              id: rerun.id,
              author: rerun.author.name,
              request,
              answer: storedAnswer(rerun.id, rerun.parts, rerun.model, rerun.createdAt),
              at: rerun.createdAt.toISOString(),
            },
          ]
        : [];
    }),
    audit,
  };
}

function storedAnswer(id: string, parts: Prisma.JsonValue, model: string | null, createdAt: Date): FinGroundUIMessage {
  return {
    id,
    role: "assistant",
    // Stored exactly as streamed to the browser by this app.
    parts: parts as unknown as FinGroundUIMessage["parts"],
    metadata: { model: model ?? undefined, createdAt: createdAt.toISOString() },
  };
}
