import { z } from "zod";

export const joinAdvisorInputSchema = z.object({ code: z.string().trim().min(4, "Enter the code your advisor gave you").max(40) });

export type AccountActionResult = { ok: true; message: string } | { ok: false; error: string };
