"use client";
import { useTranslations } from "next-intl";
import { Section } from "./controls";
import { ShareEmailsField } from "./share-emails-field";
import { ToolPicker } from "./tool-picker";
import type { Errors, FormOptions, FormState, Patch, ShareActions } from "./types";

const VISIBILITY = ["private", "shared", "public"] as const;

/** The agent's tools (built-in and MCP) and who may see and use the agent. */
export function AccessSection({
  value,
  patch,
  errors,
  options,
  share,
}: {
  value: FormState;
  patch: Patch;
  errors: Errors;
  options: FormOptions;
  share?: ShareActions;
}) {
  const t = useTranslations("builder.access");
  // The names are the agent list's (one word per visibility across the app).
  const names = useTranslations("agents.visibility");
  return (
    <Section title={t("title")} testId="section-access">
      <ToolPicker
        groups={options.toolGroups}
        value={value.tools}
        asks={value.askTools}
        onChange={(tools, askTools) => patch({ tools, askTools })}
        error={errors.tools ?? errors.askTools}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{t("visibility")}</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {VISIBILITY.map((v) => (
            <label
              key={v}
              className={`flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm transition ${
                value.visibility === v
                  ? "border-accent-500 bg-accent-50 dark:bg-accent-500/10"
                  : "border-zinc-200 dark:border-zinc-800"
              }`}
            >
              <input
                type="radio"
                name="visibility"
                className="mt-0.5 accent-accent-600"
                data-testid={`visibility-${v}`}
                checked={value.visibility === v}
                onChange={() => patch({ visibility: v })}
              />
              <span>
                <span className="font-medium">{names(v)}</span>
                <span className="block text-xs text-zinc-500">{t(`help.${v}`)}</span>
              </span>
            </label>
          ))}
        </div>
        {value.visibility === "shared" && (
          <ShareEmailsField
            initial={value.shareEmails}
            error={errors.shareEmails}
            onChange={(shareEmails) => patch({ shareEmails })}
            actions={share}
          />
        )}
      </fieldset>
    </Section>
  );
}
