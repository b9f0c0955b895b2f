"use server";
// Account actions: an investor joins an advisor by invite code; an advisor renews their code.
import { requireActionViewer } from "@/lib/auth/session";
import { getPrisma } from "@/lib/db/client";
import { inviteCodeOf, linkByInviteCode } from "@/lib/review/links";
import { joinAdvisorInputSchema, type AccountActionResult } from "@/lib/auth/account-action-schemas";

export async function joinAdvisorAction(input: unknown): Promise<AccountActionResult> {
  try {
    const investor = await requireActionViewer("investor");
    const parsed = joinAdvisorInputSchema.safeParse(input);
    if (!parsed.success) return { ok: false, error: parsed.error.issues.map((issue) => issue.message).join("; ") };
    const { advisorName } = await linkByInviteCode(await getPrisma(), investor, parsed.data.code);
    return { ok: true, message: `${advisorName} is now your advisor.` };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

export async function renewInviteCodeAction(): Promise<AccountActionResult> {
  try {
    const advisor = await requireActionViewer("advisor");
    const code = await inviteCodeOf(await getPrisma(), advisor, true);
    return { ok: true, message: `Your new invite code is ${code}; the old one no longer works.` };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}
