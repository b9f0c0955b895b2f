/** The question as the user typed it: plain text (React escapes it), right-aligned. */
export function UserMessage({ text }: { text: string }) {
  return (
    <div className="flex justify-end" data-testid="user-message">
      <p className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-teal-700 px-4 py-2.5 text-white shadow-xs">
        <span className="sr-only">You asked: </span>
        {text}
      </p>
    </div>
  );
}
