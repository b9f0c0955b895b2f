"use server";
// The review workspace's server actions. Each one checks the session (an advisor) and, in lib/review,
// that the answer belongs to one of their clients: a forged call gets an error and changes nothing.
import type { z } from "zod";
import { llmConfigFromEnv } from "@/lib/llm/llm";
import { requireActionViewer } from "@/lib/auth/session";
import type { Viewer } from "@/lib/auth/viewer";
import { getPrisma } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/db/generated/client";
import { annotateAnswer, approveAnswer, flagAnswer, replyToClient } from "@/lib/review/actions";
import { rerunCorrected } from "@/lib/review/rerun";
import {
  annotateInputSchema,
  approveInputSchema,
  flagInputSchema,
  replyInputSchema,
  rerunInputSchema,
  type ActionResult,
} from "@/lib/review/action-schemas";

async function run<S extends z.ZodType>(
  schema: S,
  input: unknown,
  work: (prisma: PrismaClient, advisor: Viewer, data: z.infer<S>) => Promise<unknown>,
): Promise<ActionResult> {
  try {
    const advisor = await requireActionViewer("advisor");
    const parsed = schema.safeParse(input);
    if (!parsed.success) return { ok: false, error: parsed.error.issues.map((issue) => issue.message).join("; ") };
    await work(await getPrisma(), advisor, parsed.data);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

export async function approveAction(input: unknown): Promise<ActionResult> {
  return run(approveInputSchema, input, (prisma, advisor, data) => approveAnswer(prisma, advisor, data.messageId));
}

export async function flagAction(input: unknown): Promise<ActionResult> {
  return run(flagInputSchema, input, (prisma, advisor, data) => flagAnswer(prisma, advisor, data.messageId, data.reason));
}

export async function annotateAction(input: unknown): Promise<ActionResult> {
  return run(annotateInputSchema, input, (prisma, advisor, data) => annotateAnswer(prisma, advisor, data.messageId, data.text));
}

export async function replyAction(input: unknown): Promise<ActionResult> {
  return run(replyInputSchema, input, (prisma, advisor, data) => replyToClient(prisma, advisor, data.messageId, data.text));
}

export async function rerunAction(input: unknown): Promise<ActionResult> {
  return run(rerunInputSchema, input, (prisma, advisor, data) =>
    rerunCorrected(prisma, advisor, data.messageId, { metricKeys: data.metricKeys, period: data.period }, llmConfigFromEnv()),
  );
}
