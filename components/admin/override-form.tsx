"use client";
import { useRouter } from "next/navigation";
import { Field } from "@/components/ui/field";
import { cardClass, inputClass } from "@/components/ui/styles";
import { SubmitRow } from "@/components/ui/submit-row";
import { useFormAction } from "@/components/ui/use-form-action";
import { NUMBER_FIELDS, type OverridePatch, type QuotaValues } from "@/lib/quota/fields";
import type { QuotaFormAction } from "./settings-form";

/**
 * A user's overrides of the global settings. An empty field uses the global value (shown as the
 * placeholder); clearing a field removes that override.
 */
export function OverrideForm({
  users,
  userId,
  override,
  globals,
  action,
}: {
  users: Array<{ id: string; email: string }>;
  userId: string | null;
  override: OverridePatch;
  globals: QuotaValues;
  action: QuotaFormAction;
}) {
  const router = useRouter();
  const { result, values: v, fields, formAction, pending } = useFormAction(action);
  const value = (k: keyof QuotaValues) =>
    v?.[k] ?? (override[k] === undefined || override[k] === null ? "" : String(override[k]));
  return (
    <div className={cardClass}>
      <label className="block max-w-md space-y-1.5">
        <span className="text-sm font-medium text-zinc-700 dark:text-zinc-300">User</span>
        <select
          value={userId ?? ""}
          onChange={(e) =>
            router.push(e.target.value ? `/admin/overrides?user=${e.target.value}` : "/admin/overrides")
          }
          data-testid="override-user"
          className={inputClass}
        >
          <option value="">Choose a user…</option>
          {users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.email}
            </option>
          ))}
        </select>
      </label>
      {userId && (
        <form action={formAction} className="space-y-4" data-testid="override-form" noValidate>
          <input type="hidden" name="userId" value={userId} />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {NUMBER_FIELDS.map((f) => (
              <Field
                key={f.key}
                name={f.key}
                label={f.label}
                type="number"
                inputMode="numeric"
                min={f.min}
                max={f.max}
                step={1}
                placeholder={`global: ${globals[f.key].toLocaleString("en-US")}`}
                defaultValue={value(f.key)}
                error={fields[f.key]}
                data-testid={`override-${f.key}`}
              />
            ))}
            <label className="block space-y-1.5">
              <span className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Balances</span>
              <select name="balanceEnabled" defaultValue={value("balanceEnabled")} className={inputClass}>
                <option value="">global: {globals.balanceEnabled ? "on" : "off"}</option>
                <option value="true">on</option>
                <option value="false">off</option>
              </select>
            </label>
          </div>
          <SubmitRow
            label="Save overrides"
            busyLabel="Saving…"
            pending={pending}
            result={result}
            testId="save-override"
          />
        </form>
      )}
    </div>
  );
}
