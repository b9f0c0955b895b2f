import Link from "next/link";

const exampleQuestions = [
  "How did Apple's revenue change between fiscal 2021 and fiscal 2023?",
  "What is Microsoft's operating margin over the last five years?",
  "Compare the free cash flow of Alphabet and Meta in 2022.",
  "How much long-term debt did Amazon carry at the end of its last fiscal year?",
  "How has Nvidia's share price moved since January 2023?",
] as const;

export default function HomePage() {
  return (
    <div className="mx-auto max-w-3xl space-y-10" data-testid="home-page">
      <section className="space-y-4">
        <p className="text-sm font-medium uppercase tracking-wider text-teal-700">Grounded financial answers</p>
        <h1 className="text-4xl">Ask about a company, get an answer you can check.</h1>
        <p className="text-lg leading-relaxed text-slate-600">
          FinGround answers retail investors&apos; questions from real data: the financial statements companies
          file with the SEC and their daily market prices. Every number in an answer comes from a stored value
          with its period, unit and source filing, so you can see where it came from.
        </p>
        <p className="leading-relaxed text-slate-600">
          The chat is still being built. What already exists is the data it will draw on, and you can browse
          it now.
        </p>
      </section>

      <section className="space-y-3" aria-labelledby="examples-heading">
        <h2 id="examples-heading" className="text-xl">
          Questions FinGround is meant to answer
        </h2>
        <ul className="space-y-2" data-testid="example-questions">
          {exampleQuestions.map((question) => (
            <li key={question} className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-slate-700">
              {question}
            </li>
          ))}
        </ul>
      </section>

      <section className="rounded-xl border border-teal-100 bg-teal-50/60 px-6 py-5">
        <h2 className="text-lg">See what is loaded</h2>
        <p className="mt-1 text-slate-600">
          Companies, the metrics catalog, how many values are stored and when data was last ingested.
        </p>
        <Link
          href="/data"
          className="mt-3 inline-flex items-center gap-1 font-medium text-teal-700 hover:text-teal-900"
          data-testid="home-data-link"
        >
          Browse the data <span aria-hidden="true">→</span>
        </Link>
      </section>
    </div>
  );
}
