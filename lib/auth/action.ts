// One wrapper for every server action (a server action is a public endpoint): the caller's origin (a
// FinGround page of this server; proxy.ts answers 403 before this, the check here holds without it), the
// session and its role, then the input parsed by the action's zod schema, then the work; whatever it throws is
// answered by the visibility rule of lib/core/errors, so the browser never sees internal text.
import { headers } from "next/headers";
import type { z } from "zod";
import { publicError, type ActionResult } from "@/lib/core/errors";
import { getPrisma } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/db/generated/client";
import { isSameOriginAction } from "./origin";
import { requireActionViewer } from "./session";
import type { UserRole, Viewer } from "./viewer";

interface ActionSpec<Schema extends z.ZodType> {
  /** Names the action in the server log. */
  name: string;
  role?: UserRole;
  schema: Schema;
}

export async function runAction<Schema extends z.ZodType, Success extends object>(
  spec: ActionSpec<Schema>,
  input: unknown,
  work: (data: z.infer<Schema>, context: { viewer: Viewer; prisma: PrismaClient }) => Promise<Success>,
): Promise<ActionResult<Success>> {
  try {
    if (!isSameOriginAction(await headers()))
      return { ok: false, error: "This action must be sent from a FinGround page of this server: reload the page." };
    const viewer = await requireActionViewer(spec.role);
    const parsed = spec.schema.safeParse(input);
    if (!parsed.success) return { ok: false, error: parsed.error.issues.map((issue) => issue.message).join("; ") };
    const success = await work(parsed.data, { viewer, prisma: await getPrisma() });
    return { ok: true, ...success };
  } catch (error) {
    const { message, reference } = publicError(error, `action ${spec.name}`);
    return { ok: false, error: message, ...(reference ? { reference } : {}) };
  }
}
