import type { ChatErrorDescription } from "./chat-error-description";

interface ChatErrorBannerProps {
  description: ChatErrorDescription;
  onRetry: () => void;
  onDismiss: () => void;
}

/** A failed request or stream, said plainly, with a retry. */
export function ChatErrorBanner({ description, onRetry, onDismiss }: ChatErrorBannerProps) {
  return (
    <div
      role="alert"
      className="rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-950"
      data-testid="chat-error"
      data-error-status={description.status ?? undefined}
      data-error-code={description.code ?? undefined}
    >
      <p className="font-semibold text-rose-900">{description.title}</p>
      <p className="mt-0.5" data-testid="chat-error-message">
        {description.message}
      </p>
      <div className="mt-2 flex gap-2">
        <button
          type="button"
          onClick={onRetry}
          className="rounded-md bg-rose-700 px-3 py-1 font-medium text-white hover:bg-rose-800"
          data-testid="retry-button"
        >
          Try again
        </button>
        <button
          type="button"
          onClick={onDismiss}
          className="rounded-md px-3 py-1 font-medium text-rose-800 hover:bg-rose-100"
          data-testid="dismiss-error-button"
        >
          Dismiss
        </button>
      </div>
    </div>
  );
}
