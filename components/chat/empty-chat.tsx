import Link from "next/link";

const EXAMPLE_QUESTIONS = [
  "What was Apple's revenue in fiscal 2023?",
  "Compare Apple and Nvidia net income over the last 8 quarters",
  "How did Tesla's stock price move in 2020?",
  "Should I invest in Coca-Cola?",
] as const;

/** A new conversation: what FinGround does and questions to start from. */
export function EmptyChat({ onAsk, disabled }: { onAsk: (question: string) => void; disabled: boolean }) {
  return (
    <section className="mx-auto max-w-2xl space-y-6 py-6" data-testid="empty-chat" aria-labelledby="empty-chat-heading">
      <div className="space-y-2">
        <p className="text-sm font-medium uppercase tracking-wider text-teal-700">Grounded financial answers</p>
        <h1 id="empty-chat-heading" className="text-3xl">
          Ask about a company, get an answer you can check.
        </h1>
        <p className="leading-relaxed text-slate-600">
          Every number comes from the financial statements companies file with the SEC or from daily market prices, with
          its period, unit and source. Each answer shows what was looked up, the data and the exact prompt.
        </p>
      </div>
      <div className="space-y-2">
        <h2 className="text-sm font-semibold text-slate-700">Try one of these</h2>
        <ul className="grid gap-2 sm:grid-cols-2" data-testid="example-questions">
          {EXAMPLE_QUESTIONS.map((question) => (
            <li key={question}>
              <button
                type="button"
                onClick={() => onAsk(question)}
                disabled={disabled}
                className="h-full w-full rounded-lg border border-slate-200 bg-white px-4 py-3 text-left text-slate-700 shadow-xs transition-colors hover:border-teal-300 hover:bg-teal-50/50 disabled:cursor-not-allowed disabled:opacity-60"
                data-testid="example-question"
              >
                {question}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <p className="text-sm text-slate-500">
        Curious what is loaded?{" "}
        <Link href="/data" className="font-medium text-teal-700 hover:text-teal-900" data-testid="home-data-link">
          Browse the data
        </Link>
        .
      </p>
    </section>
  );
}
