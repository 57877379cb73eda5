"use client";
import { Section } from "./controls";
import { ShareEmailsField } from "./share-emails-field";
import { ToolPicker } from "./tool-picker";
import type { Errors, FormOptions, FormState, Patch, ShareActions } from "./types";

const VISIBILITY = [
  { value: "private", label: "Private", help: "Only you." },
  { value: "shared", label: "Shared", help: "You and the people you name." },
  { value: "public", label: "Public", help: "Everyone on this installation." },
] as const;

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
  return (
    <Section title="Tools and access" testId="section-access">
      <ToolPicker
        groups={options.toolGroups}
        value={value.tools}
        asks={value.askTools}
        onChange={(tools, askTools) => patch({ tools, askTools })}
        error={errors.tools ?? errors.askTools}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Visibility</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {VISIBILITY.map((v) => (
            <label
              key={v.value}
              className={`flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm transition ${
                value.visibility === v.value
                  ? "border-accent-500 bg-accent-50 dark:bg-accent-500/10"
                  : "border-zinc-200 dark:border-zinc-800"
              }`}
            >
              <input
                type="radio"
                name="visibility"
                className="mt-0.5 accent-accent-600"
                data-testid={`visibility-${v.value}`}
                checked={value.visibility === v.value}
                onChange={() => patch({ visibility: v.value })}
              />
              <span>
                <span className="font-medium">{v.label}</span>
                <span className="block text-xs text-zinc-500">{v.help}</span>
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
