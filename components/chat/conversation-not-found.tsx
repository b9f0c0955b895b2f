import Link from "next/link";

/** A /chat/<id> link to a conversation that is not stored (or an id that cannot be one). */
export function ConversationNotFound() {
  return (
    <section className="mx-auto max-w-xl space-y-3 py-10 text-center" data-testid="conversation-not-found">
      <h1 className="text-2xl">This conversation does not exist</h1>
      <p className="text-slate-600">The link may be mistyped, or the conversation was never saved.</p>
      <Link
        href="/"
        className="inline-flex items-center gap-1 rounded-lg bg-teal-700 px-4 py-2 font-medium text-white no-underline hover:bg-teal-800"
        data-testid="start-new-conversation"
      >
        Start a new conversation
      </Link>
    </section>
  );
}
