"use client";
import { useEffect, useRef } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A panel that slides over the page from the left on small screens. It behaves as a modal dialog:
 * focus moves into it and stays there (Tab cycles), Escape or a click outside closes it, and focus
 * returns to whatever opened it.
 */
export function Drawer({
  open,
  onClose,
  label,
  title,
  hideFrom,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the close area, e.g. "Close menu". */
  label: string;
  /** Accessible name of the panel itself, e.g. "Menu" (else the close label without "Close "). */
  title?: string;
  /** Breakpoint from which the page shows the content itself, so the drawer never appears. */
  hideFrom: "md" | "lg";
  children: React.ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const focusables = () => [...(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    (focusables()[0] ?? panel.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        close.current();
        return;
      }
      if (e.key !== "Tab") return;
      const items = focusables();
      if (!items.length) return;
      const first = items[0];
      const last = items[items.length - 1];
      const inside = panel.current?.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className={`fixed inset-0 z-40 ${hideFrom === "md" ? "md:hidden" : "lg:hidden"}`}>
      <button
        type="button"
        aria-label={label}
        tabIndex={-1}
        className="absolute inset-0 bg-black/40"
        onClick={onClose}
      />
      {/* A div: role=dialog is not allowed on <aside> (ARIA in HTML). */}
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label={title ?? label.replace(/^Close /, "")}
        tabIndex={-1}
        className="absolute inset-y-0 left-0 w-72 max-w-[85vw] bg-white shadow-xl outline-none dark:bg-zinc-900"
      >
        {children}
      </div>
    </div>
  );
}
