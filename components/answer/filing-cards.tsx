"use client";

import { useState } from "react";
import type { AnswerFilings } from "@/lib/documents/filings/for-request";
import { filingQuotes } from "@/lib/answer/analysis/filing-quotes";
import { describeFiling, filingLabel } from "@/lib/documents/filings/prompt";
import type { FilingChunkHit } from "@/lib/documents/filings/types";
import { formatDate } from "@/lib/format/periods";

/** Passages longer than this start folded, with a button to read the rest. */
const FOLDED_CHARS = 360;

/** Only http(s) links are links. */
const isWebLink = (url: string | null): url is string => url !== null && /^https?:\/\//i.test(url);

/** The passage as text pieces, the sentences that answer the question marked. */
function highlighted(text: string, sentences: readonly string[]): Array<{ text: string; marked: boolean }> {
  const pieces: Array<{ text: string; marked: boolean }> = [];
  let at = 0;
  const found = sentences
    .map((s) => ({ start: text.indexOf(s), length: s.length }))
    .filter((s) => s.start >= 0)
    .sort((a, b) => a.start - b.start);
  for (const { start, length } of found) {
    if (start < at) continue;
    if (start > at) pieces.push({ text: text.slice(at, start), marked: false });
    pieces.push({ text: text.slice(start, start + length), marked: true });
    at = start + length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), marked: false });
  return pieces;
}

function FilingCard({
  label,
  hit,
  marked,
  isActive,
}: {
  label: string;
  hit: FilingChunkHit;
  marked: readonly string[];
  isActive: boolean;
}) {
  const [unfolded, setUnfolded] = useState(false);
  const isLong = hit.text.length > FOLDED_CHARS;
  const open = !isLong || unfolded || isActive;
  return (
    <li
      id={`filing-${label}`}
      data-testid="filing-card"
      data-cite-label={label}
      data-active={isActive}
      data-chunk-id={hit.chunkId}
      className={`rounded-lg border bg-white p-3 text-sm transition-shadow ${isActive ? "border-sky-400 ring-2 ring-sky-300" : "border-slate-200"}`}
    >
      <div className="flex items-baseline justify-between gap-2 text-xs text-slate-500">
        <span>
          <span className="mr-1 font-mono font-semibold text-sky-800">[{label}]</span>
          <span data-testid="filing-card-source">{describeFiling(hit)}</span>
        </span>
        {hit.filedDate ? (
          <time dateTime={hit.filedDate} data-testid="filing-card-date">
            filed {formatDate(hit.filedDate)}
          </time>
        ) : null}
      </div>
      <p
        className={`mt-1 whitespace-pre-wrap text-slate-700 ${open ? "" : "line-clamp-4"}`}
        data-testid="filing-card-text"
        data-page={hit.page}
      >
        {highlighted(hit.text, marked).map((piece, i) =>
          piece.marked ? (
            <mark key={i} className="bg-amber-100 text-slate-900" data-testid="filing-card-highlight">
              {piece.text}
            </mark>
          ) : (
            <span key={i}>{piece.text}</span>
          ),
        )}
      </p>
      <div className="mt-1 flex gap-3 text-xs">
        {isLong ? (
          <button
            type="button"
            className="font-medium text-sky-800 hover:underline"
            data-testid="filing-card-expand"
            aria-expanded={open}
            onClick={() => setUnfolded(!open)}
          >
            {open ? "Show less" : "Show the whole passage"}
          </button>
        ) : null}
        {isWebLink(hit.sourceUrl) ? (
          <a
            href={hit.sourceUrl}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="font-medium text-teal-700 hover:underline"
            data-testid="filing-card-link"
          >
            Original document
          </a>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The filing passages the answer cites, as cards: company, form, fiscal year, section and page, the
 * passage with the sentences that answer the question marked, and a link to the original document.
 * Filing text is untrusted: rendered as React text (escaped), never as HTML or Markdown.
 */
export function FilingCards({
  filings,
  question,
  cited,
  active,
}: {
  filings: AnswerFilings;
  question: string;
  cited: readonly string[];
  active: string | null;
}) {
  const byLabel = new Map(filings.hits.map((hit, i) => [filingLabel(i), { hit, index: i }]));
  const quotes = filingQuotes(filings.hits, question);
  const shown = cited.flatMap((label) => {
    const found = byLabel.get(label);
    return found ? [{ label, ...found }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <section aria-label="Cited filings" className="space-y-2" data-testid="filing-cards">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Cited filings</h3>
      <ul className="grid gap-2">
        {shown.map(({ label, hit, index }) => (
          <FilingCard
            key={label}
            label={label}
            hit={hit}
            marked={quotes.filter((q) => q.indices.includes(index)).map((q) => q.sentence)}
            isActive={label === active}
          />
        ))}
      </ul>
    </section>
  );
}
