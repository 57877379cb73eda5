"use client";
import type { ChatAgent } from "@/lib/chat/page-data";

/** Which agent answers the next message. */
export function AgentPicker({
  agents,
  value,
  onChange,
  disabled,
}: {
  agents: ChatAgent[];
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
}) {
  return (
    <label className="flex min-w-0 items-center gap-2 text-sm">
      <span className="text-zinc-500">Agent</span>
      <select
        data-testid="agent-select"
        value={value}
        disabled={disabled || agents.length === 0}
        onChange={(e) => onChange(e.target.value)}
        className="min-w-0 max-w-64 truncate rounded-lg border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      >
        {agents.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
            {a.subagentsEnabled ? ` · delegates${a.childCount ? ` to ${a.childCount}` : ""}` : ""}
            {a.isDemo ? " · demo" : ""}
          </option>
        ))}
      </select>
    </label>
  );
}
