/** A conversation that exists (or may) but could not be loaded right now. */
export function ConversationLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-xl border border-rose-200 bg-rose-50 px-6 py-5 text-rose-950"
      data-testid="conversation-load-error"
    >
      <h1 className="text-lg text-rose-900">The conversation could not be loaded</h1>
      <p className="mt-1 text-sm">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-3 rounded-md bg-rose-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-rose-800"
      >
        Try again
      </button>
    </div>
  );
}
