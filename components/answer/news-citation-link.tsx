import type { ReactNode } from "react";
import { NEWS_ANCHOR_PREFIX } from "./news-citations";

/** A citation in the answer text ("N1"): hovering or focusing it highlights its card, clicking scrolls to it. */
export function NewsCitationLink({
  label,
  children,
  onActivate,
}: {
  label: string;
  children: ReactNode;
  onActivate: (label: string | null) => void;
}) {
  return (
    <a
      href={`${NEWS_ANCHOR_PREFIX}${label}`}
      data-testid="news-citation"
      data-news-label={label}
      className="rounded bg-sky-50 px-1 font-mono text-xs font-semibold text-sky-800 no-underline ring-1 ring-sky-200 hover:bg-sky-100"
      onMouseEnter={() => onActivate(label)}
      onFocus={() => onActivate(label)}
      onClick={(event) => {
        event.preventDefault();
        onActivate(label);
        event.currentTarget
          .closest("article")
          ?.querySelector(`[data-news-label="${label}"][data-testid="news-card"]`)
          ?.scrollIntoView({ block: "nearest", behavior: "smooth" });
      }}
    >
      {children}
    </a>
  );
}
