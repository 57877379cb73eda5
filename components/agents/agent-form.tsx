"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState, useTransition } from "react";
import { primaryButton } from "@/components/ui/styles";
import { AccessSection } from "./access-section";
import { AdvancedSection } from "./advanced-section";
import { BasicsSection } from "./basics-section";
import { sameForm } from "./form-state";
import { ModelSection } from "./model-section";
import { SubagentsSection } from "./subagents-section";
import type { Errors, FormOptions, FormState, PreviewAction, SaveAction, ShareActions } from "./types";
import { useLeaveGuard } from "./use-leave-guard";

/**
 * The agent builder form. Nothing is saved until "Save"; the subagent preview follows every edit.
 * The bar next to Save shows the form's real state: "Unsaved changes" as soon as it differs from
 * what was last saved (leaving then asks first), "Saved version N" only while it matches.
 */
export function AgentForm({
  initial,
  agentId,
  names = {},
  options,
  readOnly = false,
  notice,
  save,
  preview,
  share,
}: {
  initial: FormState;
  agentId?: string;
  names?: Record<string, string>;
  options: FormOptions;
  readOnly?: boolean;
  /** A confirmation carried over from the page that saved the agent (the create → edit switch). */
  notice?: string;
  save: SaveAction;
  preview: PreviewAction;
  share?: ShareActions;
}) {
  const t = useTranslations("builder.form");
  const router = useRouter();
  const [value, setValue] = useState<FormState>(initial);
  // What the server holds: the page's agent, then each draft saved from here.
  const [saved, setSaved] = useState<FormState>(initial);
  const dirty = !readOnly && !sameForm(value, saved);
  useLeaveGuard(dirty, t("leaveWarning"));
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<{ kind: "error" | "ok"; text: string } | null>(
    notice ? { kind: "ok", text: notice } : null,
  );
  // Drop `?created=1` once shown, so a reload or a shared link doesn't repeat it.
  useEffect(() => {
    if (notice) window.history.replaceState(null, "", window.location.pathname);
  }, [notice]);
  const [pending, start] = useTransition();
  const patch = (p: Partial<FormState>) => setValue((v) => ({ ...v, ...p }));
  const props = { value, patch, errors, options };

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    start(async () => {
      const res = await save({ id: agentId, draft: value });
      if (!res.ok) {
        const fields = res.error.fields ?? {};
        setErrors(fields);
        // The details are next to the fields; the bar only says why nothing was saved.
        const n = Object.keys(fields).length;
        setMessage({
          kind: "error",
          text: n ? t("fixFields", { count: n }) : res.error.message,
        });
        return;
      }
      setErrors({});
      setSaved(value);
      setMessage({ kind: "ok", text: t("savedVersion", { version: res.data.version }) });
      if (!agentId) router.push(`/agents/${res.data.id}?created=1`);
      else router.refresh();
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="agent-form" className="space-y-5">
      <fieldset disabled={readOnly} className="min-w-0 space-y-5">
        <BasicsSection {...props} />
        <ModelSection {...props} />
        <SubagentsSection {...props} agentId={agentId} names={names} readOnly={readOnly} preview={preview} />
        <AccessSection {...props} share={share} />
        <AdvancedSection {...props} selfId={agentId} />
      </fieldset>
      {!readOnly && (
        <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center gap-3 border-t border-zinc-200 bg-white/90 px-4 py-3 backdrop-blur md:-mx-8 md:px-8 dark:border-zinc-800 dark:bg-zinc-950/90">
          <button type="submit" disabled={pending} data-testid="save-agent" className={primaryButton}>
            {pending ? t("saving") : agentId ? t("saveChanges") : t("create")}
          </button>
          {message?.kind === "error" && (
            <p role="alert" data-testid="form-error" className="text-sm text-red-600 dark:text-red-400">
              {message.text}
            </p>
          )}
          <p role="status" className="text-sm">
            {dirty ? (
              <span data-testid="form-dirty" className="font-medium text-amber-800 dark:text-amber-300">
                {t("unsaved")}
              </span>
            ) : (
              message?.kind === "ok" && (
                <span data-testid="form-saved" className="text-emerald-700 dark:text-emerald-400">
                  {message.text}
                </span>
              )
            )}
          </p>
        </div>
      )}
    </form>
  );
}
