/** Placeholder while a stored conversation loads. */
export function ConversationLoading() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading the conversation" data-testid="conversation-loading">
      <div className="ml-auto h-10 w-1/2 animate-pulse rounded-2xl bg-slate-200" />
      <div className="space-y-2">
        <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200" />
      </div>
      <span className="sr-only">Loading the conversation…</span>
    </div>
  );
}
