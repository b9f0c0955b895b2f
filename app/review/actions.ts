"use server";
// The review workspace's server actions. Each one checks the session (an advisor) and, in lib/review,
// that the answer belongs to one of their clients: a forged call gets an error and changes nothing.
import type { z } from "zod";
import { llmConfigFromEnv } from "@/lib/llm/llm";
import { runAction } from "@/lib/auth/action";
import type { Viewer } from "@/lib/auth/viewer";
import type { ActionResult } from "@/lib/core/errors";
import type { PrismaClient } from "@/lib/db/generated/client";
import { annotateAnswer, approveAnswer, flagAnswer, replyToClient } from "@/lib/review/actions";
import { rerunCorrected } from "@/lib/review/rerun";
import {
  annotateInputSchema,
  approveInputSchema,
  flagInputSchema,
  replyInputSchema,
  rerunInputSchema,
} from "@/lib/review/action-schemas";

async function run<S extends z.ZodType>(
  name: string,
  schema: S,
  input: unknown,
  work: (prisma: PrismaClient, advisor: Viewer, data: z.infer<S>) => Promise<unknown>,
): Promise<ActionResult> {
  return runAction({ name, role: "advisor", schema }, input, async (data, { viewer, prisma }) => {
    await work(prisma, viewer, data);
    return {};
  });
}

export async function approveAction(input: unknown): Promise<ActionResult> {
  return run("approve", approveInputSchema, input, (prisma, advisor, data) =>
    approveAnswer(prisma, advisor, data.messageId),
  );
}

export async function flagAction(input: unknown): Promise<ActionResult> {
  return run("flag", flagInputSchema, input, (prisma, advisor, data) =>
    flagAnswer(prisma, advisor, data.messageId, data.reason),
  );
}

export async function annotateAction(input: unknown): Promise<ActionResult> {
  return run("annotate", annotateInputSchema, input, (prisma, advisor, data) =>
    annotateAnswer(prisma, advisor, data.messageId, data.text),
  );
}

export async function replyAction(input: unknown): Promise<ActionResult> {
  return run("reply", replyInputSchema, input, (prisma, advisor, data) =>
    replyToClient(prisma, advisor, data.messageId, data.text),
  );
}

export async function rerunAction(input: unknown): Promise<ActionResult> {
  return run("rerun", rerunInputSchema, input, (prisma, advisor, data) =>
    rerunCorrected(
      prisma,
      advisor,
      data.messageId,
      { metricKeys: data.metricKeys, period: data.period },
      llmConfigFromEnv(),
    ),
  );
}
