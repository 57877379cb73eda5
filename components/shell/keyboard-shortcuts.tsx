"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { focusTarget } from "@/components/chat/focus-targets";

/** The shortcuts of chat apps users already know (ChatGPT's, mostly), listed in the "?" dialog. */
const SHORTCUTS = [
  { keys: ["Ctrl", "Shift", "O"], action: "newChat" },
  { keys: ["Ctrl", "K"], action: "searchChats" },
  { keys: ["Shift", "Esc"], action: "focusComposer" },
  { keys: ["Esc"], action: "stop" },
  { keys: ["Enter"], action: "send" },
  { keys: ["?"], action: "help" },
] as const;

function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName));
}

/** App-wide keyboard shortcuts and their help dialog (opened with "?" or Ctrl+/). */
export function KeyboardShortcuts() {
  const router = useRouter();
  const [helpOpen, setHelpOpen] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && e.shiftKey && key === "o") {
        e.preventDefault();
        router.push("/chat");
      } else if (mod && !e.shiftKey && key === "k") {
        if (focusTarget("searchChats")) e.preventDefault();
      } else if (e.shiftKey && e.key === "Escape") {
        if (focusTarget("composer")) e.preventDefault();
      } else if ((mod && e.key === "/") || (e.key === "?" && !mod && !typingIn(e.target))) {
        e.preventDefault();
        setHelpOpen(true);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [router]);

  return helpOpen ? <ShortcutsDialog onClose={() => setHelpOpen(false)} /> : null;
}

function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("shell.shortcuts");
  const common = useTranslations("common");
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    ref.current?.showModal();
    // Unmounting closes the dialog without the browser's own focus return: do it here.
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="shortcuts-title"
      data-testid="shortcuts-dialog"
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-xl border border-zinc-200 bg-white p-5 text-zinc-900 shadow-xl backdrop:bg-black/40 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <h2 id="shortcuts-title" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-300">{t("macNote")}</p>
      <dl className="mt-4 space-y-2 text-sm">
        {SHORTCUTS.map((s) => (
          <div key={s.action} className="flex items-center justify-between gap-4">
            <dt>{t(`action.${s.action}`)}</dt>
            <dd className="flex shrink-0 gap-1">
              {s.keys.map((k) => (
                <kbd
                  key={k}
                  className="rounded border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 font-mono text-xs dark:border-zinc-600 dark:bg-zinc-800"
                >
                  {k}
                </kbd>
              ))}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 flex justify-end">
        <button
          type="button"
          onClick={onClose}
          className="rounded-lg bg-accent-600 px-3 py-2 text-sm font-medium text-white hover:bg-accent-700"
        >
          {common("close")}
        </button>
      </div>
    </dialog>
  );
}
