"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState, useTransition } from "react";
import type { ActionResult } from "@/lib/action-result";
import type { ImportPlan } from "@/lib/teams/import";
import { cardClass, inputClass, primaryButton, secondaryButton } from "../ui/styles";
import { PreviewTree } from "./preview-tree";

type Mode = "create" | "update";
interface Mapping {
  endpoints: Record<string, string>;
  tools: Record<string, string>;
}
interface Input {
  file: string;
  mode: Mode;
  mapping: Mapping;
}
type Missing = ImportPlan["missing"];

/**
 * Import of a team file: paste or pick it, see the tree and the engine's verdicts, map what this
 * server lacks, choose new agents or updates, then import (the server checks it all again).
 */
export function TeamImport({
  preview,
  commit,
}: {
  preview: (input: Input) => Promise<ActionResult<{ plan: ImportPlan }>>;
  commit: (input: Input) => Promise<ActionResult<{ rootId: string; created: number; updated: number }>>;
}) {
  const t = useTranslations("agents.import");
  const router = useRouter();
  const ids = { file: useId(), text: useId() };
  const [file, setFile] = useState("");
  const [mode, setMode] = useState<Mode>("create");
  const [mapping, setMapping] = useState<Mapping>({ endpoints: {}, tools: {} });
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  // Everything that needed mapping so far: picking a target must not hide its select.
  const [toMap, setToMap] = useState<Missing>({ endpoints: [], tools: [] });
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const check = (next: Input) =>
    start(async () => {
      setError(null);
      const res = await preview(next);
      if (!res.ok) {
        setPlan(null);
        setError(res.error.message);
        return;
      }
      setPlan(res.data.plan);
      setToMap((prev) => merge(prev, res.data.plan.missing));
    });
  const restart = (text: string) => {
    setFile(text);
    setPlan(null);
    setToMap({ endpoints: [], tools: [] });
    setMapping({ endpoints: {}, tools: {} });
  };
  const update = (next: Partial<Input>) => {
    const input = { file, mode, mapping, ...next };
    if (next.mode) setMode(next.mode);
    if (next.mapping) setMapping(next.mapping);
    if (plan) check(input);
  };
  const onImport = () =>
    start(async () => {
      setError(null);
      const res = await commit({ file, mode, mapping });
      if (res.ok) router.push(`/agents/${res.data.rootId}`);
      else setError(res.error.message);
    });

  const withoutKey = (record: Record<string, string>, key: string) =>
    Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

  return (
    <div className="space-y-6">
      <section className={cardClass} aria-labelledby={`${ids.text}-h`}>
        <h2 id={`${ids.text}-h`} className="font-medium">
          {t("fileHeading")}
        </h2>
        <div className="space-y-1">
          <label htmlFor={ids.file} className="text-sm font-medium">
            {t("pick")}
          </label>
          <input
            id={ids.file}
            type="file"
            accept=".yaml,.yml,application/yaml,text/yaml"
            data-testid="import-file"
            className="block w-full text-sm"
            onChange={async (e) => {
              const picked = e.target.files?.[0];
              if (picked) restart(await picked.text());
            }}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.text} className="text-sm font-medium">
            {t("paste")}
          </label>
          <textarea
            id={ids.text}
            value={file}
            onChange={(e) => restart(e.target.value)}
            rows={8}
            spellCheck={false}
            data-testid="import-text"
            className={`${inputClass} font-mono text-xs`}
          />
        </div>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">{t("modeLegend")}</legend>
          {(["create", "update"] as const).map((m) => (
            <label key={m} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="import-mode"
                value={m}
                checked={mode === m}
                onChange={() => update({ mode: m })}
                data-testid={`import-mode-${m}`}
                className="mt-1"
              />
              <span>{t(`mode.${m}`)}</span>
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className={secondaryButton}
          disabled={pending || !file.trim()}
          onClick={() => check({ file, mode, mapping })}
          data-testid="import-preview"
        >
          {t("preview")}
        </button>
      </section>

      {error && (
        <p
          role="alert"
          data-testid="import-error"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
        >
          {error}
        </p>
      )}

      {plan && (
        <section className={cardClass} aria-labelledby={`${ids.file}-plan`} data-testid="import-plan">
          <h2 id={`${ids.file}-plan`} className="font-medium">
            {t("planHeading")}
          </h2>
          <ul className="space-y-1 text-sm" data-testid="import-agents">
            {plan.agents.map((a) => (
              <li key={a.key} className="flex flex-wrap items-center gap-2" data-testid="import-agent">
                <span className="font-medium">{a.name}</span>
                <span className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200">
                  {t(`action.${a.action}`)}
                </span>
              </li>
            ))}
          </ul>

          {(toMap.endpoints.length > 0 || toMap.tools.length > 0) && (
            <div className="space-y-3" data-testid="import-mapping">
              <h3 className="text-sm font-medium">{t("mappingHeading")}</h3>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("mappingIntro")}</p>
              {toMap.endpoints.map((m) => (
                <MapSelect
                  key={`e-${m.name}`}
                  label={t("mapEndpoint", { name: m.name, agents: m.agents.join(", ") })}
                  value={mapping.endpoints[m.name] ?? ""}
                  choose={t("choose")}
                  options={plan.options.endpoints.map((e) => ({ value: e.id, label: e.name }))}
                  onChange={(v) =>
                    update({
                      mapping: {
                        ...mapping,
                        endpoints: v
                          ? { ...mapping.endpoints, [m.name]: v }
                          : withoutKey(mapping.endpoints, m.name),
                      },
                    })
                  }
                  testId="map-endpoint"
                />
              ))}
              {toMap.tools.map((m) => (
                <MapSelect
                  key={`t-${m.ref}`}
                  label={t("mapTool", { name: m.ref, agents: m.agents.join(", ") })}
                  value={m.ref in mapping.tools ? mapping.tools[m.ref] || "-" : ""}
                  choose={t("choose")}
                  options={[
                    { value: "-", label: t("leaveOut") },
                    ...plan.options.tools.map((o) => ({ value: o.name, label: o.ref })),
                  ]}
                  onChange={(v) =>
                    update({
                      mapping: {
                        ...mapping,
                        tools: v
                          ? { ...mapping.tools, [m.ref]: v === "-" ? "" : v }
                          : withoutKey(mapping.tools, m.ref),
                      },
                    })
                  }
                  testId="map-tool"
                />
              ))}
            </div>
          )}

          {plan.verdicts.length > 0 && (
            <ul className="space-y-1 text-sm text-red-700 dark:text-red-300" data-testid="import-verdicts">
              {plan.verdicts.map((v) => (
                <li key={v.key}>{t("verdict", { name: v.name, message: v.message })}</li>
              ))}
            </ul>
          )}

          <div className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
            <h3 className="mb-2 text-sm font-medium">{t("treeHeading")}</h3>
            <PreviewTree
              root={plan.tree.root.name}
              rootTools={plan.tree.root.tools}
              rootAskTools={plan.tree.root.askTools}
              nodes={plan.tree.nodes}
            />
          </div>

          <p className="text-sm text-zinc-600 dark:text-zinc-400" role="status" data-testid="import-ready">
            {plan.ready ? t("ready") : t("notReady")}
          </p>
          <button
            type="button"
            className={primaryButton}
            disabled={pending || !plan.ready}
            onClick={onImport}
            data-testid="import-submit"
          >
            {t("submit")}
          </button>
        </section>
      )}
    </div>
  );
}

function MapSelect({
  label,
  value,
  choose,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  choose: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
        className={`${inputClass} sm:w-80`}
      >
        <option value="">{choose}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** What needed mapping before plus what needs it now, each once. */
function merge(prev: Missing, next: Missing): Missing {
  return {
    endpoints: [
      ...prev.endpoints,
      ...next.endpoints.filter((e) => !prev.endpoints.some((p) => p.name === e.name)),
    ],
    tools: [...prev.tools, ...next.tools.filter((e) => !prev.tools.some((p) => p.ref === e.ref))],
  };
}
