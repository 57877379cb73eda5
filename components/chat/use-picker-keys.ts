"use client";
import type { KeyboardEvent } from "react";

/** The keys of a search box that drives a listbox: arrows, Home/End, Enter picks, Escape and Tab close. */
export function usePickerKeys({
  count,
  active,
  setActive,
  onEnter,
  close,
}: {
  count: number;
  active: number;
  setActive: (i: number) => void;
  onEnter: () => void;
  close: (refocus: boolean) => void;
}) {
  return (e: KeyboardEvent<HTMLInputElement>) => {
    const move = (i: number) => {
      e.preventDefault();
      if (count > 0) setActive((i + count) % count);
    };
    if (e.key === "ArrowDown") move(active + 1);
    else if (e.key === "ArrowUp") move(active - 1);
    else if (e.key === "Home" && !e.shiftKey) move(0);
    else if (e.key === "End" && !e.shiftKey) move(count - 1);
    else if (e.key === "Enter") {
      e.preventDefault();
      if (count > 0) onEnter();
    } else if (e.key === "Escape") {
      e.preventDefault();
      // The list only: Escape elsewhere (a streaming answer) should not see this key.
      e.stopPropagation();
      close(true);
    } else if (e.key === "Tab") close(false);
  };
}
