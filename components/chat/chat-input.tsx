"use client";

import type { ChatStatus } from "ai";
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { MAX_QUESTION_LENGTH } from "@/lib/conversation/api";

const limitText = MAX_QUESTION_LENGTH.toLocaleString("en-US");
const QUESTION_TOO_LONG_MESSAGE = `Questions are limited to ${limitText} characters.`;

interface ChatInputProps {
  status: ChatStatus;
  onSend: (question: string) => void;
  onStop: () => void;
  autoFocus?: boolean;
}

/** The question box: Enter sends, Shift+Enter adds a line, Stop cancels an answer in progress. */
export function ChatInput({ status, onSend, onStop, autoFocus = false }: ChatInputProps) {
  const [value, setValue] = useState("");
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const counterId = useId();
  const errorId = useId();

  const question = value.trim();
  const length = question.length;
  const tooLong = length > MAX_QUESTION_LENGTH;
  const busy = status === "submitted" || status === "streaming";
  const canSend = length > 0 && !tooLong && !busy;

  function send() {
    if (!canSend) return;
    onSend(question);
    setValue("");
    textareaRef.current?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-1.5" data-testid="chat-form" aria-label="Ask a question">
      <div
        className={`flex items-end gap-2 rounded-2xl border bg-white p-2 shadow-sm focus-within:ring-2 ${
          tooLong ? "border-rose-300 focus-within:ring-rose-200" : "border-slate-300 focus-within:ring-teal-100"
        }`}
      >
        <label htmlFor={inputId} className="sr-only">
          Your question
        </label>
        <textarea
          id={inputId}
          ref={textareaRef}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={handleKeyDown}
          rows={1}
          placeholder="Ask about a company's financials or stock price…"
          // biome-ignore lint/a11y/noAutofocus: only an empty chat focuses the box; typing a question is all there is to do
          autoFocus={autoFocus}
          aria-describedby={tooLong ? `${counterId} ${errorId}` : counterId}
          aria-invalid={tooLong}
          className="field-sizing-content max-h-48 min-h-10 flex-1 resize-none bg-transparent px-2 py-2 text-slate-900 placeholder:text-slate-400 focus:outline-none focus-visible:outline-none"
          data-testid="chat-input"
        />
        {busy ? (
          <button
            type="button"
            onClick={onStop}
            className="rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
            data-testid="stop-button"
          >
            Stop
          </button>
        ) : null}
        <button
          type="submit"
          disabled={!canSend}
          className="rounded-xl bg-teal-700 px-4 py-2 text-sm font-medium text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:bg-slate-300"
          data-testid="send-button"
        >
          Send
        </button>
      </div>
      <div className="flex items-start justify-between gap-3 px-2 text-xs">
        <p className="text-slate-500">
          {tooLong ? (
            <span id={errorId} role="alert" className="font-medium text-rose-700" data-testid="input-error">
              {QUESTION_TOO_LONG_MESSAGE}
            </span>
          ) : (
            <>Enter to send, Shift+Enter for a new line. Answers come from SEC filings and market data, not advice.</>
          )}
        </p>
        <p
          id={counterId}
          className={`shrink-0 tabular-nums ${tooLong ? "font-medium text-rose-700" : "text-slate-400"}`}
          data-testid="char-counter"
          data-over-limit={tooLong}
        >
          {/* aria-label on a <p> is ignored by screen readers: they read the spelled-out text instead. */}
          <span aria-hidden="true">
            {length.toLocaleString("en-US")} / {limitText}
          </span>
          <span className="sr-only">
            {length.toLocaleString("en-US")} of {limitText} characters
          </span>
        </p>
      </div>
    </form>
  );
}
