/** Shown while the question is on its way and no part of the answer has arrived yet. */
export function PendingAnswerIndicator({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-2 text-sm text-slate-500" role="status" data-testid="pending-answer">
      <span aria-hidden="true" className="flex gap-1">
        <span className="size-1.5 animate-bounce rounded-full bg-teal-600 [animation-delay:-0.3s]" />
        <span className="size-1.5 animate-bounce rounded-full bg-teal-600 [animation-delay:-0.15s]" />
        <span className="size-1.5 animate-bounce rounded-full bg-teal-600" />
      </span>
      {label}
    </div>
  );
}
