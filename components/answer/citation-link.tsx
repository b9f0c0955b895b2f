import type { ReactNode } from "react";
import { CITATION_KINDS, citationKindOf } from "./citations";

/** A citation in the answer text ("N1", "F1"): hovering or focusing it highlights its card, clicking
 * scrolls to it (a long filing passage opens). */
export function CitationLink({
  label,
  children,
  onActivate,
}: {
  label: string;
  children: ReactNode;
  onActivate: (label: string | null) => void;
}) {
  const kind = CITATION_KINDS[citationKindOf(label)];
  return (
    <a
      href={`${kind.anchor}${label}`}
      data-testid={kind.citation}
      data-cite-label={label}
      data-news-label={label}
      className="rounded bg-sky-50 px-1 font-mono text-xs font-semibold text-sky-800 no-underline ring-1 ring-sky-200 hover:bg-sky-100"
      onMouseEnter={() => onActivate(label)}
      onFocus={() => onActivate(label)}
      onClick={(event) => {
        event.preventDefault();
        onActivate(label);
        event.currentTarget
          .closest("article")
          ?.querySelector(`[data-cite-label="${label}"][data-testid="${kind.card}"]`)
          ?.scrollIntoView({ block: "nearest", behavior: "smooth" });
      }}
    >
      {children}
    </a>
  );
}
