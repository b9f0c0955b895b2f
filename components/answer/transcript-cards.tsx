// The earnings-call passages an answer cites ([T1]…), as cards: company, fiscal quarter, speaker and
// role, the quoted words, and for an analyst's question the answer that followed it (or for an answer
// the question it replied to). Transcript text is untrusted: rendered as React text, never as HTML.
import type { AnswerTranscripts } from "@/lib/documents/transcripts/for-request";
import { describeTranscriptHit } from "@/lib/documents/transcripts/prompt";
import { matchesOf } from "@/lib/core/regex";

// "[T1]" in the answer's text, not escaped ("\[T1\]") and not already a link.
const CITATION = /(?<!\\)\[T(\d{1,3})\](?!\()/g;

export function TranscriptCards({ transcripts, text }: { transcripts: AnswerTranscripts; text: string }) {
  const cited = [...new Set(matchesOf(text, CITATION).map((m) => Number(m[1]) - 1))];
  const shown = cited.flatMap((index) => {
    const hit = transcripts.hits[index];
    return hit ? [{ label: `T${index + 1}`, hit }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <section aria-label="Cited earnings calls" className="space-y-2" data-testid="transcript-cards">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Cited earnings calls</h3>
      <ul className="grid gap-2 sm:grid-cols-2">
        {shown.map(({ label, hit }) => (
          <li
            key={label}
            id={`transcript-${label}`}
            data-testid="transcript-card"
            className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
          >
            <p className="text-xs text-slate-500">
              <span className="mr-1 font-mono font-semibold text-sky-800">[{label}]</span>
              <span data-testid="transcript-card-source">{describeTranscriptHit(hit)}</span>
            </p>
            <p className="mt-1 font-medium text-slate-900" data-testid="transcript-card-speaker">
              {hit.speaker ?? "Management"} · {hit.role}
            </p>
            <blockquote className="mt-1 line-clamp-6 text-slate-700" data-testid="transcript-card-quote">
              “{hit.text}”
            </blockquote>
            {hit.counterpart ? (
              <div
                className="mt-2 border-l-2 border-slate-200 pl-2 text-slate-600"
                data-testid="transcript-card-counterpart"
              >
                <p className="text-xs text-slate-500">
                  {hit.exchangePart === "question" ? "Answered by" : "In reply to"}{" "}
                  {hit.counterpart.speaker ?? "unnamed"} · {hit.counterpart.role}
                </p>
                <p className="line-clamp-4">“{hit.counterpart.text}”</p>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
