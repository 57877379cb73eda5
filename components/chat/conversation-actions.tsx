"use client";
import { Ellipsis, Pencil, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";

const iconButton =
  "rounded p-1 text-zinc-600 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-accent-500 dark:text-zinc-300 dark:hover:bg-zinc-700";

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
  return (
    <>
      <span className="hidden shrink-0 gap-0.5 pr-1 pointer-fine:group-hover:flex pointer-fine:group-focus-within:flex">
        <button
          type="button"
          aria-label={`Rename “${title}”`}
          data-testid="rename-conversation"
          onClick={onRename}
          className={iconButton}
        >
          <Pencil className="size-3.5" aria-hidden="true" />
        </button>
        <button
          type="button"
          aria-label={`Delete “${title}”`}
          data-testid="delete-conversation"
          onClick={onDelete}
          className={iconButton}
        >
          <Trash2 className="size-3.5" aria-hidden="true" />
        </button>
      </span>
      <TouchMenu title={title} onRename={onRename} onDelete={onDelete} />
    </>
  );
}

function TouchMenu({
  title,
  onRename,
  onDelete,
}: {
  title: string;
  onRename: () => void;
  onDelete: () => void;
}) {
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

  const item =
    "flex w-full items-center gap-2 px-3 py-2.5 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800";
  return (
    <span ref={root} className="relative hidden shrink-0 pr-1 pointer-coarse:block">
      <button
        type="button"
        aria-label={`Actions for “${title}”`}
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
          <button
            type="button"
            role="menuitem"
            data-testid="menu-rename"
            className={item}
            onClick={() => {
              setOpen(false);
              onRename();
            }}
          >
            <Pencil className="size-4" aria-hidden="true" /> Rename
          </button>
          <button
            type="button"
            role="menuitem"
            data-testid="menu-delete"
            className={`${item} text-red-700 dark:text-red-300`}
            onClick={() => {
              setOpen(false);
              onDelete();
            }}
          >
            <Trash2 className="size-4" aria-hidden="true" /> Delete
          </button>
        </span>
      )}
    </span>
  );
}
