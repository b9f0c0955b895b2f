"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import type { ActionResult } from "@/lib/core/errors";
import type { ReviewServerActions } from "@/lib/review/action-schemas";
import type { StructuredDataRequest } from "@/lib/agent/schema";

interface ReviewActionsProps {
  messageId: string;
  request: StructuredDataRequest | null;
  metrics: { key: string; name: string }[];
  actions: ReviewServerActions;
}

const inputClass = "w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm";
const buttonClass = "rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50";

/** Approve, flag, annotate, reply, correct and re-run: each a server action, then the page refreshes. */
export function ReviewActions({ messageId, request, metrics, actions }: ReviewActionsProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  function submit(action: () => Promise<ActionResult>, form?: HTMLFormElement) {
    setError(null);
    startTransition(async () => {
      const result = await action();
      if (!result.ok) {
        setError(result.error);
        return;
      }
      form?.reset();
      router.refresh();
    });
  }

  const textForm =
    (name: string, run: (text: string) => Promise<ActionResult>) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      submit(() => run(String(new FormData(form).get(name) ?? "")), form);
    };

  function onRerun(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const metricKey = String(data.get("metric") ?? "");
    const year = Number(data.get("year"));
    const start = String(data.get("start") ?? "");
    const end = String(data.get("end") ?? "");
    const period = year
      ? { kind: "fiscal" as const, year, period: String(data.get("fiscalPeriod") ?? "FY") as "FY" }
      : start && end
        ? { kind: "range" as const, start, end }
        : null;
    submit(() => actions.rerun({ messageId, metricKeys: metricKey ? [metricKey] : [], period }), form);
  }

  return (
    <section className="space-y-4" aria-label="Review actions" data-testid="review-actions">
      <h2 className="font-semibold">Actions</h2>
      {error ? (
        <p role="alert" className="text-sm text-red-700" data-testid="review-error">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className={buttonClass}
        disabled={pending}
        onClick={() => submit(() => actions.approve({ messageId }))}
        data-testid="approve"
      >
        Approve
      </button>
      <form
        className="space-y-1"
        onSubmit={textForm("reason", (reason) => actions.flag({ messageId, reason }))}
        data-testid="flag-form"
      >
        <input
          name="reason"
          required
          maxLength={4000}
          placeholder="Why is this answer wrong or risky?"
          className={inputClass}
          data-testid="flag-reason"
        />
        <button type="submit" className={buttonClass} disabled={pending} data-testid="flag">
          Flag
        </button>
      </form>
      <form
        className="space-y-1"
        onSubmit={textForm("text", (text) => actions.annotate({ messageId, text }))}
        data-testid="annotate-form"
      >
        <textarea
          name="text"
          required
          maxLength={4000}
          rows={2}
          placeholder="A private note"
          className={inputClass}
          data-testid="annotation-text"
        />
        <button type="submit" className={buttonClass} disabled={pending} data-testid="annotate">
          Add note
        </button>
      </form>
      <form
        className="space-y-1"
        onSubmit={textForm("text", (text) => actions.reply({ messageId, text }))}
        data-testid="reply-form"
      >
        <textarea
          name="text"
          required
          maxLength={4000}
          rows={3}
          placeholder="A reply your client sees in this conversation"
          className={inputClass}
          data-testid="reply-text"
        />
        <button type="submit" className={buttonClass} disabled={pending} data-testid="reply-submit">
          Reply to client
        </button>
      </form>
      {request ? (
        <form className="space-y-2 rounded-md border border-slate-200 p-3" onSubmit={onRerun} data-testid="rerun-form">
          <p className="text-sm font-medium">Correct the request and re-run</p>
          <label className="block space-y-1 text-sm">
            <span>Metric</span>
            <select name="metric" defaultValue="" className={inputClass} data-testid="rerun-metric">
              <option value="">Keep: {request.metrics.map((m) => m.name).join(", ") || "none"}</option>
              {metrics.map((metric) => (
                <option key={metric.key} value={metric.key}>
                  {metric.name}
                </option>
              ))}
            </select>
          </label>
          <div className="flex gap-2 text-sm">
            <label className="flex-1 space-y-1">
              <span>Fiscal year</span>
              <input name="year" type="number" min={1990} max={2100} className={inputClass} data-testid="rerun-year" />
            </label>
            <label className="space-y-1">
              <span>Period</span>
              <select name="fiscalPeriod" defaultValue="FY" className={inputClass} data-testid="rerun-fiscal-period">
                {["FY", "Q1", "Q2", "Q3", "Q4"].map((p) => (
                  <option key={p}>{p}</option>
                ))}
              </select>
            </label>
          </div>
          <p className="text-xs text-slate-500">or dates (leave the year empty)</p>
          <div className="flex gap-2 text-sm">
            <input name="start" type="date" aria-label="Start date" className={inputClass} data-testid="rerun-start" />
            <input name="end" type="date" aria-label="End date" className={inputClass} data-testid="rerun-end" />
          </div>
          <button type="submit" className={buttonClass} disabled={pending} data-testid="rerun-submit">
            {pending ? "Running…" : "Re-run"}
          </button>
        </form>
      ) : null}
    </section>
  );
}
