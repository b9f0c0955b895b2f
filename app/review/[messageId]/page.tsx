import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { ReviewActions } from "@/components/review/review-actions";
import { ReviewedAnswer } from "@/components/review/reviewed-answer";
import { requirePageViewer } from "@/lib/auth/session";
import { METRICS } from "@/lib/catalog/metrics";
import { getPrisma } from "@/lib/db/client";
import type { ReviewServerActions } from "@/lib/review/action-schemas";
import { getReviewItem } from "@/lib/review/queue";
import { annotateAction, approveAction, flagAction, replyAction, rerunAction } from "../actions";

export const metadata: Metadata = { title: "Review an answer" };

const REVIEW_ACTIONS: ReviewServerActions = {
  approve: approveAction,
  flag: flagAction,
  annotate: annotateAction,
  reply: replyAction,
  rerun: rerunAction,
};

// One client question as the client saw it, the advisor's actions, and everything done to it so far.
export default async function ReviewItemPage({ params }: { params: Promise<{ messageId: string }> }) {
  await connection();
  const { messageId } = await params;
  const advisor = await requirePageViewer(`/review/${encodeURIComponent(messageId)}`, "advisor");
  const item = await getReviewItem(await getPrisma(), advisor.id, messageId);
  if (!item) {
    return (
      <p className="text-slate-700" data-testid="review-not-found">
        This answer is not one of your clients&apos;. <Link href="/review">Back to the queue</Link>
      </p>
    );
  }
  const metrics = METRICS.map((metric) => ({ key: metric.key, name: metric.name }));
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]" data-testid="review-item" data-status={item.status}>
      <div className="min-w-0 space-y-6">
        <Link href="/review" className="text-sm">
          ← Review queue
        </Link>
        <header className="space-y-1">
          <p className="text-sm text-slate-500">
            {item.client.name} ({item.client.email}) asked on {item.answeredAt.slice(0, 16).replace("T", " ")} UTC
          </p>
          <h1 className="text-2xl" data-testid="review-question">
            {item.question}
          </h1>
          <p className="text-sm" data-testid="review-status">
            Status: <strong>{item.status}</strong>
            {item.flagReason ? <> — {item.flagReason}</> : null}
          </p>
        </header>
        <section aria-label="The answer as the client saw it" className="space-y-2">
          <h2 className="text-lg font-semibold">The answer as the client saw it</h2>
          <ReviewedAnswer message={item.answer} testId="original-answer" />
          {/* News cards: the answer's news parts render inside ReviewedAnswer once the chat shows them. */}
        </section>
        {item.reruns.map((rerun) => (
          <section
            key={rerun.id}
            aria-label="Corrected answer"
            className="space-y-2 border-t border-slate-200 pt-4"
            data-testid="rerun"
          >
            <h2 className="text-lg font-semibold">
              Corrected by {rerun.author} on {rerun.at.slice(0, 16).replace("T", " ")} UTC
            </h2>
            <ReviewedAnswer message={rerun.answer} testId="rerun-answer" />
          </section>
        ))}
      </div>
      <aside className="space-y-6">
        <ReviewActions messageId={item.messageId} request={item.request} metrics={metrics} actions={REVIEW_ACTIONS} />
        <NoteList title="Notes" notes={item.annotations} className="bg-yellow-50" testId="annotation" />
        <NoteList title="Replies to the client" notes={item.replies} className="bg-amber-50" testId="reply" />
        <section className="space-y-2" aria-label="Audit log">
          <h2 className="font-semibold">Audit log</h2>
          <ol className="space-y-1 text-xs text-slate-600" data-testid="audit-log">
            {item.audit.map((entry, index) => (
              <li key={index} data-testid="audit-entry" data-action={entry.action}>
                <time dateTime={entry.at}>{entry.at.slice(0, 19).replace("T", " ")}</time> · {entry.actor} ·{" "}
                <strong>{entry.action}</strong>
              </li>
            ))}
          </ol>
        </section>
      </aside>
    </div>
  );
}

interface Note {
  id: string;
  author: string;
  text: string;
  at: string;
}

function NoteList({
  title,
  notes,
  className,
  testId,
}: {
  title: string;
  notes: Note[];
  className: string;
  testId: string;
}) {
  return (
    <section className="space-y-2" aria-label={title}>
      <h2 className="font-semibold">{title}</h2>
      {notes.length === 0 ? <p className="text-sm text-slate-500">None yet.</p> : null}
      <ul className="space-y-2 text-sm">
        {notes.map((note) => (
          <li key={note.id} className={`rounded-md px-3 py-2 ${className}`} data-testid={testId}>
            <p className="whitespace-pre-wrap">{note.text}</p>
            <p className="text-xs text-slate-500">
              {note.author}, {note.at.slice(0, 16).replace("T", " ")}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
