import Markdown, { type Components, type ExtraProps } from "react-markdown";
import remarkGfm from "remark-gfm";
import { useMemo, type ComponentProps } from "react";
import { CitationLink } from "./citation-link";
import { citationOfHref } from "./citations";
import { NUMBER_MARKS, numberMarkOf } from "./number-marks";

// Safe by construction: react-markdown never renders raw HTML (no rehype-raw), its default URL
// transform drops javascript: and other unsafe links, links open in a new tab without access to
// this page, and images become links so an answer never loads a remote resource by itself.
// An unsafe URL arrives here emptied by the URL transform: keep its words, drop the link.
type LinkProps = ComponentProps<"a"> & ExtraProps;

// A checked number (number-marks.ts) is no link: a quiet dotted underline whose title says why.
const NUMBER_MARK_CLASSES = {
  untraced: "underline decoration-amber-500 decoration-dotted decoration-2 underline-offset-2",
  derived: "underline decoration-slate-400 decoration-dotted underline-offset-2",
} as const;

const SafeLink = ({ node: _node, href, children, ...props }: LinkProps) => {
  const mark = numberMarkOf(href);
  if (mark) {
    return (
      <span className={NUMBER_MARK_CLASSES[mark]} title={NUMBER_MARKS[mark].title} data-testid={`number-${mark}`}>
        {children}
      </span>
    );
  }
  return href ? (
    <a
      {...props}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-teal-700 underline hover:text-teal-900"
    >
      {children}
    </a>
  ) : (
    <span>{children}</span>
  );
};

const components: Components = {
  a: SafeLink,
  img: ({ src, alt }) =>
    typeof src === "string" && src ? (
      <a href={src} target="_blank" rel="noopener noreferrer" className="text-teal-700 underline">
        {alt || "image"}
      </a>
    ) : (
      <span>{alt}</span>
    ),
  p: ({ node: _node, ...props }) => <p className="my-2 leading-relaxed first:mt-0 last:mb-0" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="my-2 list-disc space-y-1 pl-6" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-2 list-decimal space-y-1 pl-6" {...props} />,
  h1: ({ node: _node, ...props }) => <h3 className="mb-1 mt-4 text-lg first:mt-0" {...props} />,
  h2: ({ node: _node, ...props }) => <h3 className="mb-1 mt-4 text-base first:mt-0" {...props} />,
  h3: ({ node: _node, ...props }) => <h4 className="mb-1 mt-3 font-semibold text-slate-900 first:mt-0" {...props} />,
  h4: ({ node: _node, ...props }) => <h4 className="mb-1 mt-3 font-semibold text-slate-900 first:mt-0" {...props} />,
  blockquote: ({ node: _node, ...props }) => (
    <blockquote className="my-2 border-l-4 border-slate-200 pl-3 text-slate-600" {...props} />
  ),
  pre: ({ node: _node, ...props }) => (
    <pre
      className="my-2 overflow-x-auto rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs [&_code]:bg-transparent [&_code]:p-0"
      {...props}
    />
  ),
  table: ({ node: _node, ...props }) => (
    <div className="my-3 overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full text-left text-sm" {...props} />
    </div>
  ),
  thead: ({ node: _node, ...props }) => (
    <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500" {...props} />
  ),
  th: ({ node: _node, ...props }) => <th className="whitespace-nowrap px-3 py-1.5 font-medium" {...props} />,
  td: ({ node: _node, ...props }) => <td className="border-t border-slate-100 px-3 py-1.5 tabular-nums" {...props} />,
  hr: () => <hr className="my-4 border-slate-200" />,
};

/** An answer's Markdown text (GitHub flavoured: tables, lists, strikethrough), rendered safely.
 * With `onCitation`, document citations ("[N1]", "[F1]", see citations.ts) highlight their cards. */
export function AnswerMarkdown({ text, onCitation }: { text: string; onCitation?: (label: string | null) => void }) {
  const withCitations = useMemo<Components>(
    () =>
      onCitation
        ? {
            ...components,
            a: (props) => {
              const label = citationOfHref(props.href);
              return label ? (
                <CitationLink label={label} onActivate={onCitation}>
                  {props.children}
                </CitationLink>
              ) : (
                <SafeLink {...props} />
              );
            },
          }
        : components,
    [onCitation],
  );
  return (
    <Markdown remarkPlugins={[remarkGfm]} components={withCitations} skipHtml>
      {text}
    </Markdown>
  );
}
