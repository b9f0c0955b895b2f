// Inputs of the review server actions. A server action is a public endpoint: whatever the browser
// sends is parsed here before anything is looked up.
import { z } from "zod";
import type { ActionResult } from "@/lib/core/errors";
import { isoDateInput, textInput } from "@/lib/core/route-input";

const messageId = z.uuid({ message: "not an answer id" });
const text = (what: string) => textInput(what, 4000).trim().min(1, `${what} cannot be empty`);

export const approveInputSchema = z.object({ messageId });
export const flagInputSchema = z.object({ messageId, reason: text("The reason") });
export const annotateInputSchema = z.object({ messageId, text: text("The note") });
export const replyInputSchema = z.object({ messageId, text: text("The reply") });

export const rerunInputSchema = z.object({
  messageId,
  metricKeys: z.array(z.string().min(1).max(80)).max(5),
  period: z
    .discriminatedUnion("kind", [
      z.object({
        kind: z.literal("fiscal"),
        year: z.number().int().min(1990).max(2100),
        period: z.enum(["FY", "Q1", "Q2", "Q3", "Q4"]),
      }),
      z.object({ kind: z.literal("range"), start: isoDateInput("The start date"), end: isoDateInput("The end date") }),
    ])
    .nullable(),
});

type Input<Schema extends z.ZodType> = z.input<Schema>;

/** The review server actions (app/review/actions.ts), handed by the page to the review form below app/. */
export interface ReviewServerActions {
  approve: (input: Input<typeof approveInputSchema>) => Promise<ActionResult>;
  flag: (input: Input<typeof flagInputSchema>) => Promise<ActionResult>;
  annotate: (input: Input<typeof annotateInputSchema>) => Promise<ActionResult>;
  reply: (input: Input<typeof replyInputSchema>) => Promise<ActionResult>;
  rerun: (input: Input<typeof rerunInputSchema>) => Promise<ActionResult>;
}
