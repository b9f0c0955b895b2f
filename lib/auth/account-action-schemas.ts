import { z } from "zod";
import type { ActionResult } from "@/lib/core/errors";

export const joinAdvisorInputSchema = z.object({
  code: z.string().trim().min(4, "Enter the code your advisor gave you").max(40),
});

export type AccountActionResult = ActionResult<{ message: string }>;
