"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { authClient, safeNextPath } from "@/lib/auth/client";
import type { UserRole } from "@/lib/auth/viewer";

const MIN_PASSWORD_LENGTH = 10;

/** Sign-in and sign-up: email and password (and, to sign up, a name and a role). */
export function AuthForm({ mode }: { mode: "sign-in" | "sign-up" }) {
  const next = safeNextPath(useSearchParams().get("next"));
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    setPending(true);
    setError(null);
    const result =
      mode === "sign-in"
        ? await authClient.signIn.email({ email, password })
        : await authClient.signUp.email({
            email,
            password,
            name: String(form.get("name") ?? "").trim(),
            role: (form.get("role") === "advisor" ? "advisor" : "investor") satisfies UserRole,
          });
    setPending(false);
    if (result.error) {
      setError(messageFor(result.error));
      return;
    }
    // A full page load: the header and the page render with the new session. A client-side replace
    // followed by refresh() left the browser on /sign-in (the refresh re-rendered the current page).
    window.location.assign(next);
  }

  const title = mode === "sign-in" ? "Sign in" : "Create an account";
  return (
    <form onSubmit={onSubmit} className="mx-auto max-w-sm space-y-4" data-testid={`${mode}-form`} aria-label={title}>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {mode === "sign-up" ? (
        <label className="block space-y-1 text-sm">
          <span>Name</span>
          <input
            name="name"
            required
            maxLength={100}
            autoComplete="name"
            className="w-full rounded-md border border-slate-300 px-3 py-2"
            data-testid="name-input"
          />
        </label>
      ) : null}
      <label className="block space-y-1 text-sm">
        <span>Email</span>
        <input
          name="email"
          type="email"
          required
          maxLength={320}
          autoComplete="email"
          className="w-full rounded-md border border-slate-300 px-3 py-2"
          data-testid="email-input"
        />
      </label>
      <label className="block space-y-1 text-sm">
        <span>Password</span>
        <input
          name="password"
          type="password"
          required
          minLength={mode === "sign-up" ? MIN_PASSWORD_LENGTH : undefined}
          maxLength={128}
          autoComplete={mode === "sign-up" ? "new-password" : "current-password"}
          className="w-full rounded-md border border-slate-300 px-3 py-2"
          data-testid="password-input"
        />
      </label>
      {mode === "sign-up" ? (
        <fieldset className="space-y-1 text-sm">
          <legend>I am</legend>
          <label className="mr-4 inline-flex items-center gap-1">
            <input type="radio" name="role" value="investor" defaultChecked data-testid="role-investor" /> an investor
          </label>
          <label className="inline-flex items-center gap-1">
            <input type="radio" name="role" value="advisor" data-testid="role-advisor" /> a financial advisor
          </label>
        </fieldset>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700" data-testid="auth-error">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-md bg-slate-900 px-3 py-2 text-sm font-medium text-white disabled:opacity-50"
        data-testid="auth-submit"
      >
        {pending ? "Please wait…" : title}
      </button>
      <p className="text-sm text-slate-600">
        {mode === "sign-in" ? (
          <>
            New here? <Link href={`/sign-up?next=${encodeURIComponent(next)}`}>Create an account</Link>
          </>
        ) : (
          <>
            Have an account? <Link href={`/sign-in?next=${encodeURIComponent(next)}`}>Sign in</Link>
          </>
        )}
      </p>
    </form>
  );
}

function messageFor(error: { status: number; message?: string }): string {
  if (error.status === 429) return error.message ?? "Too many attempts. Please wait and try again.";
  if (error.status === 401) return "Wrong email or password.";
  return error.message ?? `Something went wrong (${error.status}).`;
}
