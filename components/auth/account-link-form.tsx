"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import type { AccountActionResult } from "@/lib/auth/account-action-schemas";

// The server action comes from the page (app/(auth)/account/actions.ts): components sit below app/.
type AccountLinkFormProps =
  | { mode: "join"; action: (input: { code: string }) => Promise<AccountActionResult> }
  | { mode: "renew"; action: () => Promise<AccountActionResult> };

/** An investor enters an advisor's invite code; an advisor renews theirs. */
export function AccountLinkForm(props: AccountLinkFormProps) {
  const { mode } = props;
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "");
    startTransition(async () => {
      const outcome = props.mode === "join" ? await props.action({ code }) : await props.action();
      setResult(outcome.ok ? { ok: true, text: outcome.message } : { ok: false, text: outcome.error });
      if (outcome.ok) router.refresh();
    });
  }

  return (
    <form
      onSubmit={onSubmit}
      className="flex flex-wrap items-center gap-2 text-sm"
      data-testid={`${mode}-advisor-form`}
    >
      {mode === "join" ? (
        <input
          name="code"
          required
          maxLength={40}
          placeholder="Advisor's invite code"
          className="rounded-md border border-slate-300 px-2 py-1.5"
          data-testid="invite-code-input"
        />
      ) : null}
      <button
        type="submit"
        disabled={pending}
        className="rounded-md bg-slate-900 px-3 py-1.5 font-medium text-white disabled:opacity-50"
        data-testid={`${mode}-submit`}
      >
        {mode === "join" ? "Join advisor" : "New invite code"}
      </button>
      {result ? (
        <p
          role={result.ok ? "status" : "alert"}
          className={result.ok ? "text-emerald-700" : "text-red-700"}
          data-testid="account-result"
        >
          {result.text}
        </p>
      ) : null}
    </form>
  );
}
