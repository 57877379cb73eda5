"use client";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { inputClass } from "@/components/ui/styles";
import type { ToolGroup } from "@/lib/builder/tools";
import { FieldError } from "./controls";

/**
 * The tools of one agent: built-in ones and each usable MCP server's, grouped by server and
 * searchable. Chosen tools that are no longer offered stay listed (so they can be taken out);
 * saving refuses them. Each chosen tool has "Ask before running" (on when picked for tools whose
 * MCP annotations say destructive or open-world).
 */
export function ToolPicker({
  groups,
  value,
  asks,
  onChange,
  error,
}: {
  groups: ToolGroup[];
  value: string[];
  /** Of `value`, the tools that ask before running. */
  asks: string[];
  onChange: (tools: string[], asks: string[]) => void;
  error?: string;
}) {
  const [query, setQuery] = useState("");
  const q = query.trim().toLowerCase();
  const matches = (t: { name: string; label: string; description: string }, group: string) =>
    !q || [t.name, t.label, t.description, group].some((s) => s.toLowerCase().includes(q));
  const offered = new Set(groups.flatMap((g) => g.tools.map((t) => t.name)));
  const unavailable = value.filter((t) => !offered.has(t));
  const askByDefault = new Set(
    groups.flatMap((g) => g.tools.filter((t) => t.askByDefault).map((t) => t.name)),
  );
  const without = (list: string[], name: string) => list.filter((t) => t !== name);
  const toggle = (name: string, on: boolean) =>
    onChange(
      on ? [...without(value, name), name] : without(value, name),
      on && askByDefault.has(name) ? [...without(asks, name), name] : without(asks, name),
    );
  const toggleAsk = (name: string, on: boolean) =>
    onChange(value, on ? [...without(asks, name), name] : without(asks, name));
  const shown = groups
    .map((g) => ({ ...g, tools: g.tools.filter((t) => matches(t, g.name)) }))
    .filter((g) => g.tools.length > 0 || (!q && g.kind === "mcp"));

  return (
    <fieldset className="space-y-3" data-testid="tool-picker">
      <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
        Tools <span className="font-normal text-zinc-500">({value.length} chosen)</span>
      </legend>
      <input
        type="search"
        className={inputClass}
        placeholder="Search tools"
        aria-label="Search tools"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="tool-search"
      />
      {shown.length === 0 && <p className="text-xs text-zinc-500">No tool matches “{query}”.</p>}
      {shown.map((g) => (
        <div key={g.id} className="space-y-1.5" data-testid={`tool-group-${g.name}`}>
          <div className="flex flex-wrap items-center gap-2 text-xs font-medium text-zinc-500 uppercase">
            {g.name}
            {g.kind === "mcp" && <span className="normal-case font-normal">MCP server</span>}
            {g.status === "error" && (
              <span data-testid="tool-group-unavailable">
                <Badge tone="amber">{unavailableLabel(g.checkedAt)}</Badge>
              </span>
            )}
          </div>
          {g.tools.length === 0 && (
            <p className="text-xs text-zinc-500">No tools listed yet (an admin can refresh this server).</p>
          )}
          {g.tools.map((t) => (
            <div key={t.name} className="space-y-1">
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-accent-600"
                  data-testid={`tool-${t.name}`}
                  checked={value.includes(t.name)}
                  onChange={(e) => toggle(t.name, e.target.checked)}
                />
                <span className="min-w-0">
                  <span className="font-mono text-xs">{t.label}</span>
                  {t.description && (
                    <span className="block text-xs break-words text-zinc-500">{t.description}</span>
                  )}
                </span>
              </label>
              {value.includes(t.name) && (
                <AskToggle name={t.name} on={asks.includes(t.name)} onChange={toggleAsk} />
              )}
            </div>
          ))}
        </div>
      ))}
      {unavailable.length > 0 && (
        <div className="space-y-1.5" data-testid="tool-group-unavailable">
          <div className="text-xs font-medium text-red-600 uppercase dark:text-red-400">Not available</div>
          {unavailable.map((name) => (
            <label key={name} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-accent-600"
                data-testid={`tool-${name}`}
                checked
                onChange={() => toggle(name, false)}
              />
              <span>
                <span className="font-mono text-xs">{name}</span>
                <span className="block text-xs text-zinc-500">
                  Its server is gone, disabled or not open to you: untick it to save.
                </span>
              </span>
            </label>
          ))}
        </div>
      )}
      <FieldError name="tools" error={error} />
    </fieldset>
  );
}

function AskToggle({
  name,
  on,
  onChange,
}: {
  name: string;
  on: boolean;
  onChange: (name: string, on: boolean) => void;
}) {
  return (
    <label className="ml-6 flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
      <input
        type="checkbox"
        className="size-3.5 accent-amber-600"
        data-testid={`ask-${name}`}
        checked={on}
        onChange={(e) => onChange(name, e.target.checked)}
      />
      Ask before running
      <span className="text-zinc-500">(the run waits for your approval of each call)</span>
    </label>
  );
}

/** "Unavailable since 10:42 UTC" (the last refresh, which failed); the reason is for admins only. */
function unavailableLabel(checkedAt: string | null | undefined): string {
  // UTC from the ISO string: the server's and the browser's render agree (no hydration mismatch).
  return checkedAt ? `Unavailable since ${checkedAt.slice(11, 16)} UTC` : "Unavailable";
}
