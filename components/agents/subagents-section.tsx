"use client";
import { useTranslations } from "next-intl";
import { useRef } from "react";
import { FieldError, Switch } from "./controls";
import { PreviewJump } from "./preview-jump";
import { SelfModelSelect } from "./self-model-select";
import { SubagentPicker } from "./subagent-picker";
import { SubagentPreview } from "./subagent-preview";
import { SubagentRow } from "./subagent-row";
import type { Errors, FormOptions, FormState, Patch, PreviewAction } from "./types";

/** Enable, self-spawn, chosen children with their modes, and the live preview beside them. */
export function SubagentsSection({
  value,
  patch,
  errors,
  options,
  agentId,
  names,
  readOnly,
  preview,
}: {
  value: FormState;
  patch: Patch;
  errors: Errors;
  options: FormOptions;
  agentId?: string;
  names: Record<string, string>;
  readOnly?: boolean;
  preview: PreviewAction;
}) {
  const t = useTranslations("builder.subagents");
  const sub = value.subagents;
  const set = (p: Partial<FormState["subagents"]>) => patch({ subagents: { ...sub, ...p } });
  const chosen = new Set(sub.children.map((c) => c.id));
  const available = options.agents.filter((a) => a.id !== agentId && !chosen.has(a.id));
  const nameOf = (id: string) =>
    options.agents.find((a) => a.id === id)?.name ?? names[id] ?? t("unavailableAgent", { id });
  const error = errors.subagents ?? errors["subagents.children"];
  const previewRef = useRef<HTMLDivElement>(null);
  return (
    <section
      data-testid="section-subagents"
      className="rounded-xl border border-zinc-200 bg-white p-4 shadow-xs md:p-5 dark:border-zinc-800 dark:bg-zinc-900/40"
    >
      <header className="mb-4 space-y-0.5">
        <h2 className="text-base font-semibold">{t("title")}</h2>
        <p className="text-sm text-zinc-500">{t("intro")}</p>
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-4">
          <Switch
            label={t("enable")}
            testId="subagents-enabled"
            checked={sub.enabled}
            disabled={readOnly}
            onChange={(on) => set({ enabled: on, allowSelf: on && !sub.enabled ? true : sub.allowSelf })}
          />
          {sub.enabled && (
            <>
              <Switch
                label={t("self")}
                hint={t("selfHint")}
                testId="subagents-self"
                checked={sub.allowSelf}
                disabled={readOnly}
                onChange={(on) => set({ allowSelf: on })}
              />
              {!sub.allowSelf && sub.children.length === 0 && (
                <p
                  data-testid="subagents-warning"
                  className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
                >
                  {t("nothingToDelegate")}
                </p>
              )}
              <ul className="space-y-2" data-testid="subagent-list">
                {sub.allowSelf && (
                  <SubagentRow
                    name={value.name || t("thisAgent")}
                    self
                    testId="child-self"
                    tools={value.tools}
                    mode={sub.selfMode}
                    disabled={readOnly}
                    onMode={(m) => set({ selfMode: m })}
                    budget={sub.selfBudget}
                    onBudget={(b) => set({ selfBudget: b })}
                    background={sub.selfBackground}
                    onBackground={(on) => set({ selfBackground: on })}
                  >
                    <SelfModelSelect
                      value={sub.selfModel ?? null}
                      options={options}
                      disabled={readOnly}
                      onChange={(m) => set({ selfModel: m })}
                    />
                  </SubagentRow>
                )}
                {sub.children.map((c) => (
                  <SubagentRow
                    key={c.id}
                    name={nameOf(c.id)}
                    testId={`child-${nameOf(c.id)}`}
                    tools={options.agents.find((a) => a.id === c.id)?.tools}
                    editHref={
                      options.agents.find((a) => a.id === c.id)?.isOwner ? `/agents/${c.id}` : undefined
                    }
                    mode={c.mode}
                    disabled={readOnly}
                    onMode={(m) =>
                      set({ children: sub.children.map((x) => (x.id === c.id ? { ...x, mode: m } : x)) })
                    }
                    onRemove={() => set({ children: sub.children.filter((x) => x.id !== c.id) })}
                    budget={c.budget}
                    onBudget={(b) =>
                      set({ children: sub.children.map((x) => (x.id === c.id ? { ...x, budget: b } : x)) })
                    }
                    background={c.background}
                    onBackground={(on) =>
                      set({
                        children: sub.children.map((x) => (x.id === c.id ? { ...x, background: on } : x)),
                      })
                    }
                  />
                ))}
              </ul>
              <FieldError name="subagents" error={error} />
              {!readOnly && (
                <SubagentPicker
                  available={available}
                  count={sub.children.length}
                  max={options.maxSubagentsPerAgent}
                  onPick={(id) => set({ children: [...sub.children, { id, mode: "isolated" }] })}
                />
              )}
            </>
          )}
        </div>
        <div ref={previewRef} className="min-w-0 scroll-mt-4">
          <SubagentPreview value={value} agentId={agentId} preview={preview} unnamed={t("thisAgent")} />
        </div>
      </div>
      <PreviewJump target={previewRef} />
    </section>
  );
}
