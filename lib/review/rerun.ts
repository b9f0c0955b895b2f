// An advisor's correction of a request (another period or metric), answered by the same pipeline as the
// chat (lib/chat/answer-question.ts) and kept beside the original answer.
import { randomUUID } from "node:crypto";
import { createUIMessageStream, readUIMessageStream } from "ai";
import type { FinancialAgent } from "@/lib/agent/agent";
import { structuredDataRequestSchema, type DateRange, type StructuredDataRequest } from "@/lib/agent/schema";
import { relatedMetrics } from "@/lib/agent/metrics";
import type { LlmConfig } from "@/lib/llm/llm";
import { metricByKey } from "@/lib/catalog/metrics";
import { answerQuestion, type AnsweredQuestion } from "@/lib/chat/answer-question";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import type { Viewer } from "@/lib/auth/viewer";
import { NotAllowedError } from "@/lib/auth/errors";
import { FinGroundError } from "@/lib/core/errors";
import { auditEntry } from "./audit";
import { clientAnswerFor } from "./actions";
import { requestOf } from "./queue";

type PeriodCorrection =
  | { kind: "fiscal"; year: number; period: "FY" | "Q1" | "Q2" | "Q3" | "Q4" }
  | { kind: "range"; start: string; end: string };

export interface RequestCorrection {
  /** Catalog metric keys to ask for instead; empty keeps the original metrics. */
  metricKeys: string[];
  period: PeriodCorrection | null;
}

class CorrectionError extends FinGroundError {
  constructor(message: string) {
    super("INVALID_INPUT", message);
  }
}

function correctRequest(original: StructuredDataRequest, correction: RequestCorrection): StructuredDataRequest {
  const metrics = correction.metricKeys.length
    ? correction.metricKeys.map((key) => {
        const metric = metricByKey(key);
        if (!metric) throw new CorrectionError(`Unknown metric "${key}".`);
        return { key, name: metric.name, span: null, confidence: 1, related: relatedMetrics(key) };
      })
    : original.metrics;
  const dates = correction.period ? datesFor(correction.period) : original.dates;
  return structuredDataRequestSchema.parse({ ...original, metrics, dates, agent: "advisor correction" });
}

function datesFor(period: PeriodCorrection): DateRange {
  if (period.kind === "fiscal") {
    const expression = period.period === "FY" ? `fiscal ${period.year}` : `${period.period} FY${period.year}`;
    return {
      expression,
      start: null,
      end: null,
      latest: false,
      granularity: period.period === "FY" ? "annual" : "quarterly",
      fiscal: { year: period.year, period: period.period },
      count: null,
    };
  }
  if (period.start > period.end) throw new CorrectionError("The period starts after it ends.");
  return {
    expression: `${period.start} to ${period.end}`,
    start: period.start,
    end: period.end,
    latest: false,
    granularity: "any",
    fiscal: null,
    count: null,
  };
}

/** Runs the corrected request through the pipeline and stores its answer beside the original. */
export async function rerunCorrected(
  prisma: PrismaClient,
  advisor: Viewer,
  messageId: string,
  correction: RequestCorrection,
  llm: LlmConfig | null,
): Promise<{ rerunId: string; request: StructuredDataRequest }> {
  const answer = await clientAnswerFor(prisma, advisor, messageId);
  const original = requestOf(answer.request);
  if (!original) throw new NotAllowedError("This answer has no request to correct.");
  const request = correctRequest(original, correction);
  // The agent's work is done by the advisor: the pipeline takes the corrected request as it is.
  const agent: FinancialAgent = { name: "advisor correction", parse: async () => request };
  let answered: AnsweredQuestion | null = null;
  const stream = createUIMessageStream<FinGroundUIMessage>({
    async execute({ writer }) {
      answered = await answerQuestion({ prisma, agent, question: request.question, today: request.today, llm, writer });
    },
  });
  let message: FinGroundUIMessage | undefined;
  for await (const state of readUIMessageStream<FinGroundUIMessage>({ stream })) message = state;
  if (!message || !answered) throw new Error("The corrected request produced no answer.");
  const rerunId = randomUUID();
  await prisma.$transaction([
    prisma.reviewRerun.create({
      data: {
        id: rerunId,
        messageId: answer.messageId,
        authorId: advisor.id,
        request: request as unknown as Prisma.InputJsonValue,
        parts: message.parts as unknown as Prisma.InputJsonValue,
        model: (answered as AnsweredQuestion).model,
      },
    }),
    auditEntry(prisma, {
      actorId: advisor.id,
      action: "rerun",
      subjectId: answer.messageId,
      detail: { rerunId, correction: correction as unknown as Prisma.InputJsonObject },
    }),
  ]);
  return { rerunId, request };
}
