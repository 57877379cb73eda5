"use client";
import { Ellipsis, type LucideIcon, Pencil, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";

interface Action {
  /** `rename` | `delete`: the test ids are `<key>-conversation` (inline) and `menu-<key>` (menu). */
  key: string;
  label: string;
  Icon: LucideIcon;
  run: () => void;
  tone?: string;
}

/**
 * Rename and Delete for one chat. With a mouse they appear on hover or focus; a touch screen has no
 * hover (and a tap on the item opens it), so there a ⋯ button is always shown and opens a menu.
 */
export function ConversationActions({
  title,
  onRename,
  onDelete,
}: {
  title: string;
  onRename: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations("chat.list");
  const actions: Action[] = [
    { key: "rename", label: t("rename"), Icon: Pencil, run: onRename },
    {
      key: "delete",
      label: t("delete"),
      Icon: Trash2,
      run: onDelete,
      tone: "text-red-700 dark:text-red-300",
    },
  ];
  return (
    <>
      <span className="hidden shrink-0 gap-0.5 pr-1 pointer-fine:group-hover:flex pointer-fine:group-focus-within:flex">
        {actions.map(({ key, label, Icon, run }) => (
          <button
            key={key}
            type="button"
            aria-label={t("actionOn", { action: label, title })}
            data-testid={`${key}-conversation`}
            onClick={run}
            className="rounded p-1 text-zinc-600 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-accent-500 dark:text-zinc-300 dark:hover:bg-zinc-700"
          >
            <Icon className="size-3.5" aria-hidden="true" />
          </button>
        ))}
      </span>
      <TouchMenu title={title} actions={actions} />
    </>
  );
}

function TouchMenu({ title, actions }: { title: string; actions: Action[] }) {
  const t = useTranslations("chat.list");
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);

  // A tap elsewhere or Escape closes the menu.
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <span ref={root} className="relative hidden shrink-0 pr-1 pointer-coarse:block">
      <button
        type="button"
        aria-label={t("actionsFor", { title })}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="conversation-menu"
        onClick={() => setOpen((o) => !o)}
        className="rounded p-2 text-zinc-600 dark:text-zinc-300"
      >
        <Ellipsis className="size-4" aria-hidden="true" />
      </button>
      {open && (
        <span
          role="menu"
          className="absolute top-full right-0 z-20 w-36 overflow-hidden rounded-lg border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {actions.map(({ key, label, Icon, run, tone }) => (
            <button
              key={key}
              type="button"
              role="menuitem"
              data-testid={`menu-${key}`}
              className={`flex w-full items-center gap-2 px-3 py-2.5 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800 ${tone ?? ""}`}
              onClick={() => {
                setOpen(false);
                run();
              }}
            >
              <Icon className="size-4" aria-hidden="true" /> {label}
            </button>
          ))}
        </span>
      )}
    </span>
  );
}
