/** A reply from the investor's advisor in their conversation: plain text, marked as the advisor's. */
export function AdvisorReply({ name, text }: { name: string; text: string }) {
  return (
    <aside
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3"
      data-testid="advisor-reply"
      aria-label={`Reply from your advisor ${name}`}
    >
      <p className="text-xs font-semibold uppercase tracking-wide text-amber-800" data-testid="advisor-reply-author">
        From your advisor, {name}
      </p>
      <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{text}</p>
    </aside>
  );
}
