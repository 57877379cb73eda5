import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

type Mode = "isolated" | "fork";

/** A chosen subagent (or the self-spawn entry): its name, context mode and a remove button. */
export function SubagentRow({
  name,
  mode,
  onMode,
  onRemove,
  testId,
  self = false,
  disabled,
  tools,
  editHref,
  budget,
  onBudget,
  background = false,
  onBackground,
  children,
}: {
  name: string;
  mode: Mode;
  onMode: (mode: Mode) => void;
  onRemove?: () => void;
  testId: string;
  /** The self-spawn entry (badged "self"; its tools are this agent's). */
  self?: boolean;
  disabled?: boolean;
  /** The tools this entry runs with; undefined when not known (an agent the user can't list). */
  tools?: string[];
  /** Where the owner edits this child's own tools. */
  editHref?: string;
  /** Money one delegation to this entry may spend; undefined = no entry budget. */
  budget?: number;
  onBudget: (budget: number | undefined) => void;
  /** A delegation to this entry may run in the background (the model chooses per call). */
  background?: boolean;
  onBackground: (on: boolean) => void;
  /** More settings of the entry (the self-spawn entry's model). */
  children?: ReactNode;
}) {
  const t = useTranslations("builder");
  return (
    <li
      data-testid={testId}
      className="space-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800 dark:bg-zinc-900/60"
    >
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0 truncate text-sm font-medium">
          {name}
          {self && (
            <span className="ml-2 rounded bg-accent-50 px-1.5 py-0.5 text-[10px] font-semibold uppercase text-accent-700 dark:bg-accent-500/15 dark:text-accent-100">
              {t("row.selfBadge")}
            </span>
          )}
        </span>
        {onRemove && (
          <button
            type="button"
            onClick={onRemove}
            disabled={disabled}
            data-testid={`${testId}-remove`}
            aria-label={t("row.removeLabel", { name })}
            className="rounded-md px-2 py-1 text-xs text-zinc-500 hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-950/40 dark:hover:text-red-300"
          >
            {t("row.remove")}
          </button>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <div
          className="inline-flex rounded-lg border border-zinc-200 p-0.5 dark:border-zinc-700"
          title={t("row.contextMode")}
        >
          {(["isolated", "fork"] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              disabled={disabled}
              data-testid={`${testId}-mode-${m}`}
              onClick={() => onMode(m)}
              className={`rounded-md px-2.5 py-1 text-xs font-medium capitalize transition ${
                mode === m
                  ? "bg-accent-600 text-white"
                  : "text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
              }`}
            >
              {t(`mode.${m}`)}
            </button>
          ))}
        </div>
        <span className="text-xs text-zinc-500">{t(`modeHelp.${mode}`)}</span>
      </div>
      <label className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-300">
        {t("row.budget")}
        <input
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          disabled={disabled}
          // The field as typed; the server validates (more than 0, at most 6 decimals).
          defaultValue={budget ?? ""}
          onChange={(e) => onBudget(e.target.value === "" ? undefined : Number(e.target.value))}
          placeholder={t("row.noBudget")}
          data-testid={`${testId}-budget`}
          className="w-28 rounded-md border border-zinc-300 bg-white px-2 py-1 text-xs dark:border-zinc-700 dark:bg-zinc-900"
        />
        <span className="text-zinc-500">{t("row.budgetHelp")}</span>
      </label>
      <label className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-300">
        <input
          type="checkbox"
          checked={background}
          disabled={disabled}
          onChange={(e) => onBackground(e.target.checked)}
          data-testid={`${testId}-background`}
          className="h-4 w-4 accent-accent-600"
        />
        {t("row.background")}
        <span className="text-zinc-500">{t("row.backgroundHelp")}</span>
      </label>
      {children}
      {tools && (
        <p className="text-xs text-zinc-500" data-testid={`${testId}-tools`}>
          {t("row.tools")}
          {tools.length ? (
            <span className="font-mono">{tools.map((tool) => tool.replace("__", ": ")).join(", ")}</span>
          ) : (
            t("row.noTools")
          )}
          {self && t("row.sameTools")}
          {editHref && (
            <>
              {" · "}
              <a
                href={editHref}
                target="_blank"
                rel="noreferrer"
                className="text-accent-700 underline hover:no-underline dark:text-accent-100"
              >
                {t("row.editTools")}
              </a>
            </>
          )}
        </p>
      )}
    </li>
  );
}
