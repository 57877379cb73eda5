"use client";
import { Square } from "lucide-react";
import { useTranslations } from "next-intl";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { AttachmentInfo } from "@/lib/db/files";
import { AttachmentChips } from "./attachment-chips";
import { FOCUS_TARGET } from "./focus-targets";
import { preloadMarkdown } from "./lazy-markdown";
import { MyFilesPicker } from "./my-files-picker";
import type { Chip } from "./use-attachments";

/**
 * An Enter that belongs to an input method (choosing 你好 from a pinyin IME's candidates) confirms
 * the composition, it does not send. Chromium and Firefox say so with isComposing; Safari ends the
 * composition before its keydown and only marks it with keyCode 229.
 */
export function isImeEnter(e: KeyboardEvent): boolean {
  return e.nativeEvent.isComposing || e.keyCode === 229;
}

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
  /** While an answer runs: send the text as the next turn once it ends (Enter does this too). */
  onQueue?: (text: string) => void;
  /** While an answer runs: hand the text to its root agent before its next model call. */
  onSteer?: (text: string) => void;
  running: boolean;
  disabled?: boolean;
  /** What the empty box says; the keyboard hint is added where there is a keyboard. */
  placeholder?: string;
  /** Files: chips shown above the text, added by button, drag-and-drop or paste. */
  files?: {
    chips: Chip[];
    add: (files: FileList | File[]) => void;
    /** Attaches an earlier upload (My files). */
    reuse: (info: AttachmentInfo) => void;
    remove: (key: string) => void;
    uploading: boolean;
  };
}

/**
 * Enter sends, Shift+Enter adds a line (on a touch screen Enter adds a line and the button sends);
 * while an answer runs the button becomes Stop, and typed text can be queued (Enter) as the next
 * turn or steered into the running answer. Files come by the paperclip, by dropping them on the
 * composer or by pasting; Send waits for their uploads.
 */
export function Composer({
  value: text,
  onChange: setText,
  onSend,
  onStop,
  onQueue,
  onSteer,
  running,
  disabled,
  placeholder,
  files,
}: ComposerProps) {
  const t = useTranslations("chat.composer");
  const ref = useRef<HTMLTextAreaElement>(null);
  const touch = useTouchScreen();
  const picker = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const uploading = files?.uploading ?? false;

  // A chat that opens is ready for typing; not on a touch screen, where focus pops up the keyboard.
  useEffect(() => {
    if (!window.matchMedia("(pointer: coarse)").matches) ref.current?.focus();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resize the textarea whenever the text changes
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, 240)}px`;
  }, [text]);

  function send() {
    const value = text.trim();
    if (!value || disabled || uploading) return;
    if (!running) onSend(value);
    else if (onQueue) onQueue(value);
  }

  const midAnswer = (action: ((text: string) => void) | undefined) => {
    const value = text.trim();
    if (value && action && !disabled) action(value);
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      onDragOver={(e) => {
        if (!files || disabled || !e.dataTransfer.types.includes("Files")) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(e) => {
        if (!files || disabled) return;
        e.preventDefault();
        setDragging(false);
        files.add(e.dataTransfer.files);
      }}
      data-testid="composer"
      data-dragging={dragging || undefined}
      className={`rounded-2xl border bg-white p-2 shadow-sm focus-within:border-accent-500 focus-within:ring-2 focus-within:ring-accent-500/50 dark:bg-zinc-900 ${
        dragging
          ? "border-accent-500 bg-accent-50 ring-2 ring-accent-500/40 dark:bg-accent-500/10"
          : "border-zinc-300 dark:border-zinc-700"
      }`}
    >
      {files && <AttachmentChips chips={files.chips} onRemove={files.remove} />}
      <div className="flex flex-wrap items-end gap-2">
        {files && (
          <>
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              data-testid="file-input"
              onChange={(e) => {
                if (e.target.files) files.add(e.target.files);
                e.target.value = "";
              }}
            />
            <button
              type="button"
              onClick={() => picker.current?.click()}
              disabled={disabled}
              aria-label={t("attach")}
              title={t("attachTitle")}
              data-testid="attach-button"
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl text-lg text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-accent-500 disabled:opacity-40 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
            >
              <svg
                viewBox="0 0 24 24"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                <path d="M21.4 11.1l-8.5 8.5a5.5 5.5 0 01-7.8-7.8l8.5-8.5a3.7 3.7 0 015.2 5.2l-8.5 8.5a1.8 1.8 0 01-2.6-2.6l7.8-7.8" />
              </svg>
            </button>
            <MyFilesPicker onPick={files.reuse} disabled={disabled} />
          </>
        )}
        <textarea
          ref={ref}
          data-focus-target={FOCUS_TARGET.composer}
          data-testid="composer-input"
          aria-label={t("message")}
          rows={1}
          value={text}
          disabled={disabled}
          placeholder={`${placeholder ?? t("placeholder")}${touch || disabled ? "" : `  ${t("keyHint")}`}`}
          onChange={(e) => {
            preloadMarkdown();
            setText(e.target.value);
          }}
          onPaste={(e) => {
            if (!files || !e.clipboardData.files.length) return;
            // A pasted screenshot or file is attached; text that came with it is pasted as usual.
            if (!e.clipboardData.getData("text/plain")) e.preventDefault();
            files.add(e.clipboardData.files);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !touch && !isImeEnter(e)) {
              e.preventDefault();
              send();
            }
            // Escape stops the answer being written (Shift+Escape is the focus-composer shortcut).
            if (e.key === "Escape" && !e.shiftKey && running) {
              e.preventDefault();
              onStop();
            }
          }}
          className="max-h-60 min-h-10 min-w-48 flex-1 resize-none bg-transparent px-2 py-2 text-[15px] outline-none placeholder:text-zinc-400 disabled:opacity-60"
        />
        {/* The buttons wrap together under the text on a narrow screen (Queue, Steer and Stop). */}
        <div className="ms-auto flex shrink-0 items-end gap-2">
          {running && onQueue && onSteer && text.trim() && (
            <>
              <button
                type="button"
                onClick={() => midAnswer(onQueue)}
                title={t("queueTitle")}
                data-testid="queue-button"
                className="rounded-xl border border-zinc-300 px-3 py-2 text-sm font-medium text-zinc-800 hover:bg-zinc-100 dark:border-zinc-600 dark:text-zinc-100 dark:hover:bg-zinc-800"
              >
                {t("queue")}
              </button>
              <button
                type="button"
                onClick={() => midAnswer(onSteer)}
                title={t("steerTitle")}
                data-testid="steer-button"
                className="rounded-xl bg-accent-600 px-3 py-2 text-sm font-medium text-white hover:bg-accent-700"
              >
                {t("steer")}
              </button>
            </>
          )}
          {running ? (
            <button
              type="button"
              onClick={onStop}
              data-testid="stop-button"
              className="rounded-xl bg-zinc-900 px-4 py-2 text-sm font-medium text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900"
            >
              <Square className="mr-1 inline size-3.5 fill-current align-[-2px]" aria-hidden="true" />
              {t("stop")}
            </button>
          ) : (
            <button
              type="submit"
              data-testid="send-button"
              disabled={!text.trim() || disabled || uploading}
              title={uploading ? t("uploading") : undefined}
              className="rounded-xl bg-accent-600 px-4 py-2 text-sm font-medium text-white hover:bg-accent-700 disabled:opacity-40"
            >
              {t("send")}
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
