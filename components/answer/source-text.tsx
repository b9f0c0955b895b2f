// A value's source as text, linked to the filing page it was read from when it is a table row
// (the page viewer highlights the row), so every input of an answer can be checked on its page.

export function SourceText({ text, href }: { text: string; href: string | null }) {
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" className="underline hover:text-slate-700">
      {text}
    </a>
  ) : (
    text
  );
}
