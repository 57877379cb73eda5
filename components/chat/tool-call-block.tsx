"use client";
import { useState } from "react";
import type { ToolCallNode } from "@/lib/agents/trace";
import { StatusBadge } from "./status-badge";

/** A built-in tool call (calculator, clock, …): name, arguments and result, collapsed by default. */
export function ToolCallBlock({ node }: { node: ToolCallNode }) {
  const [open, setOpen] = useState(false);
  const args = JSON.stringify(node.args);
  return (
    <div
      className="my-2 rounded-lg border border-zinc-200 bg-zinc-50 text-sm dark:border-zinc-800 dark:bg-zinc-900/60"
      data-testid="tool-call"
    >
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center gap-2 px-3 py-1.5 text-left"
      >
        <span className="font-mono text-xs text-zinc-500">{open ? "▾" : "▸"}</span>
        <span className="font-mono text-xs font-medium">{node.name}</span>
        <span className="min-w-0 flex-1 truncate font-mono text-xs text-zinc-500">{args}</span>
        <StatusBadge status={node.status} />
      </button>
      {open && (
        <div className="space-y-1 border-t border-zinc-200 px-3 py-2 font-mono text-xs dark:border-zinc-800">
          <div>
            <span className="text-zinc-500">args </span>
            {args}
          </div>
          {node.result !== undefined && (
            <div className="whitespace-pre-wrap">
              <span className="text-zinc-500">result </span>
              {node.result}
            </div>
          )}
          {node.error && <div className="text-red-600 dark:text-red-400">{node.error}</div>}
        </div>
      )}
    </div>
  );
}
