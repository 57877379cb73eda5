"use client";
import { useFormatter, useTranslations } from "next-intl";
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
  const t = useTranslations("builder.tools");
  const format = useFormatter();
  const [query, setQuery] = useState("");
  const q = query.trim().toLowerCase();
  const groupName = (g: ToolGroup) => (g.kind === "builtin" ? t("builtin") : g.name);
  const matches = (tool: { name: string; label: string; description: string }, group: string) =>
    !q || [tool.name, tool.label, tool.description, group].some((s) => s.toLowerCase().includes(q));
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
    .map((g) => ({ ...g, tools: g.tools.filter((tool) => matches(tool, groupName(g))) }))
    .filter((g) => g.tools.length > 0 || (!q && g.kind === "mcp"));

  return (
    <fieldset className="space-y-3" data-testid="tool-picker">
      <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
        {t("legend")}
        <span className="font-normal text-zinc-500">{t("chosen", { count: value.length })}</span>
      </legend>
      <input
        type="search"
        className={inputClass}
        placeholder={t("search")}
        aria-label={t("search")}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="tool-search"
      />
      {shown.length === 0 && <p className="text-xs text-zinc-500">{t("noMatch", { query })}</p>}
      {shown.map((g) => (
        <div key={g.id} className="space-y-1.5" data-testid={`tool-group-${g.name}`}>
          <div className="flex flex-wrap items-center gap-2 text-xs font-medium text-zinc-500 uppercase">
            {groupName(g)}
            {g.kind === "mcp" && <span className="normal-case font-normal">{t("mcpServer")}</span>}
            {g.status === "error" && (
              <span data-testid="tool-group-unavailable">
                <Badge tone="amber">
                  {g.checkedAt
                    ? // In UTC, as the ISO string has it: the server's and the browser's render agree.
                      t("unavailableSince", {
                        time: format.dateTime(new Date(g.checkedAt), {
                          hour: "2-digit",
                          minute: "2-digit",
                          hourCycle: "h23",
                          timeZone: "UTC",
                        }),
                      })
                    : t("unavailable")}
                </Badge>
              </span>
            )}
          </div>
          {g.needsConnection && (
            <p
              className="text-xs text-zinc-600 dark:text-zinc-400"
              data-testid={`tool-group-connect-${g.id}`}
            >
              {t("needsConnection")}{" "}
              {/* A new tab: the agent being edited here stays as it is while the user connects. */}
              <a
                href="/settings/connections"
                target="_blank"
                rel="noopener"
                className="font-medium text-accent-700 underline dark:text-accent-500"
              >
                {t("connect", { name: g.name })}
              </a>
            </p>
          )}
          {g.tools.length === 0 && <p className="text-xs text-zinc-500">{t("noToolsYet")}</p>}
          {g.tools.map((tool) => (
            <div key={tool.name} className="space-y-1">
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-accent-600"
                  data-testid={`tool-${tool.name}`}
                  checked={value.includes(tool.name)}
                  onChange={(e) => toggle(tool.name, e.target.checked)}
                />
                <span className="min-w-0">
                  <span className="font-mono text-xs">{tool.label}</span>
                  {tool.description && (
                    <span className="block text-xs break-words text-zinc-500">{tool.description}</span>
                  )}
                </span>
              </label>
              {value.includes(tool.name) && (
                <AskToggle name={tool.name} on={asks.includes(tool.name)} onChange={toggleAsk} />
              )}
            </div>
          ))}
        </div>
      ))}
      {unavailable.length > 0 && (
        <div className="space-y-1.5" data-testid="tool-group-unavailable">
          <div className="text-xs font-medium text-red-600 uppercase dark:text-red-400">
            {t("notAvailable")}
          </div>
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
                <span className="block text-xs text-zinc-500">{t("serverGone")}</span>
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
  const t = useTranslations("builder.tools");
  return (
    <label className="ml-6 flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
      <input
        type="checkbox"
        className="size-3.5 accent-amber-600"
        data-testid={`ask-${name}`}
        checked={on}
        onChange={(e) => onChange(name, e.target.checked)}
      />
      {t("ask")}
      <span className="text-zinc-500">{t("askHint")}</span>
    </label>
  );
}
