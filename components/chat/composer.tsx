"use client";
import { useEffect, useRef, useState } from "react";

const KEY_HINT = "  (Enter to send, Shift+Enter for a new line)";

/** Whether the main pointer is a finger: no keyboard hints there, and Enter makes a new line. */
function useTouchScreen() {
  const [touch, setTouch] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(pointer: coarse)");
    setTouch(query.matches);
    const onChange = () => setTouch(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return touch;
}

interface ComposerProps {
  /** The draft, held by the caller so a refused message can be put back. */
  value: string;
  onChange: (text: string) => void;
  onSend: (text: string) => void;
  onStop: () => void;
  running: boolean;
  disabled?: boolean;
  /** What the empty box says; the keyboard hint is added where there is a keyboard. */
  placeholder?: string;
}

/**
 * Enter sends, Shift+Enter adds a line (on a touch screen Enter adds a line and the button sends);
 * while an answer runs the button becomes Stop.
 */
export function Composer({
  value: text,
  onChange: setText,
  onSend,
  onStop,
  running,
  disabled,
  placeholder,
}: ComposerProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const touch = useTouchScreen();

  // biome-ignore lint/correctness/useExhaustiveDependencies: resize the textarea whenever the text changes
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, 240)}px`;
  }, [text]);

  function send() {
    const value = text.trim();
    if (!value || running || disabled) return;
    onSend(value);
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      className="flex items-end gap-2 rounded-2xl border border-zinc-300 bg-white p-2 shadow-sm focus-within:border-accent-500 dark:border-zinc-700 dark:bg-zinc-900"
    >
      <textarea
        ref={ref}
        data-testid="composer-input"
        aria-label="Message"
        rows={1}
        value={text}
        disabled={disabled}
        placeholder={(placeholder ?? "Message the agent…") + (touch || disabled ? "" : KEY_HINT)}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey && !touch && !e.nativeEvent.isComposing) {
            e.preventDefault();
            send();
          }
        }}
        className="max-h-60 min-h-10 flex-1 resize-none bg-transparent px-2 py-2 text-[15px] outline-none placeholder:text-zinc-400 disabled:opacity-60"
      />
      {running ? (
        <button
          type="button"
          onClick={onStop}
          data-testid="stop-button"
          className="rounded-xl bg-zinc-900 px-4 py-2 text-sm font-medium text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900"
        >
          ■ Stop
        </button>
      ) : (
        <button
          type="submit"
          data-testid="send-button"
          disabled={!text.trim() || disabled}
          className="rounded-xl bg-accent-600 px-4 py-2 text-sm font-medium text-white hover:bg-accent-700 disabled:opacity-40"
        >
          Send
        </button>
      )}
    </form>
  );
}
