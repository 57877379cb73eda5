"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireAdminPage } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { grantBalance, setBalance, updateQuotaOverride, updateQuotaSettings } from "@/lib/quota";
import {
  fieldErrors,
  fieldLabel,
  NUMBER_FIELDS,
  type OverridePatch,
  overridePatchSchema,
  type QuotaGroup,
  type SettingsPatch,
  settingsPatchSchema,
} from "@/lib/quota/fields";

/** What every quota form gets back: a message, or field errors (nothing was saved then). */
export interface FormState {
  ok?: boolean;
  message?: string;
  fields?: Record<string, string>;
  /** What was submitted, shown again when nothing was saved. */
  values?: Record<string, string>;
}

function submitted(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && !k.startsWith("$")) out[k] = v;
  return out;
}

const GROUPS = ["delegation", "balances", "rates"] as const;

function keysOf(group: QuotaGroup): string[] {
  const keys = NUMBER_FIELDS.filter((f) => f.group === group).map((f) => f.key as string);
  return group === "balances" ? [...keys, "balanceEnabled"] : keys;
}

function summary(changed: string[]): string {
  return changed.length ? `Saved: ${changed.map(fieldLabel).join(", ")}.` : "Nothing changed.";
}

/** Saves one group of the global settings (the form's `group` field says which). */
export async function saveSettingsAction(_prev: FormState, form: FormData): Promise<FormState> {
  const admin = await requireAdminPage();
  const group = z.enum(GROUPS).safeParse(form.get("group"));
  if (!group.success) return { message: "Unknown settings group." };
  const raw: Record<string, unknown> = {};
  for (const key of keysOf(group.data)) {
    if (key === "balanceEnabled") raw[key] = form.get(key) === "on" || form.get(key) === "true";
    else raw[key] = String(form.get(key) ?? "");
  }
  const parsed = settingsPatchSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      fields: fieldErrors(parsed.error),
      message: "Nothing was saved: fix the marked fields.",
      values: submitted(form),
    };
  }
  const { changed } = await updateQuotaSettings({ patch: parsed.data as SettingsPatch, actor: admin });
  revalidatePath("/admin", "layout");
  return { ok: true, message: summary(changed) };
}

/** Sets a user's overrides: an empty field clears that override (the global value applies). */
export async function saveOverrideAction(_prev: FormState, form: FormData): Promise<FormState> {
  const admin = await requireAdminPage();
  const userId = z.string().min(1).safeParse(form.get("userId"));
  if (!userId.success)
    return { fields: { userId: "Choose a user." }, message: "Nothing was saved: choose a user." };
  const raw: Record<string, unknown> = {};
  for (const f of NUMBER_FIELDS) {
    const v = String(form.get(f.key) ?? "").trim();
    raw[f.key] = v === "" ? null : v;
  }
  const enabled = String(form.get("balanceEnabled") ?? "");
  raw.balanceEnabled = enabled === "" ? null : enabled === "true";
  const parsed = overridePatchSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      fields: fieldErrors(parsed.error),
      message: "Nothing was saved: fix the marked fields.",
      values: submitted(form),
    };
  }
  try {
    const { changed } = await updateQuotaOverride({
      userId: userId.data,
      patch: parsed.data as OverridePatch,
      actor: admin,
    });
    revalidatePath("/admin", "layout");
    return { ok: true, message: summary(changed) };
  } catch (err) {
    if (err instanceof AppError) return { message: err.message };
    throw err;
  }
}

const balanceInput = z.object({
  userId: z.string().min(1, { error: "Choose a user." }),
  mode: z.enum(["grant", "set"], { error: "Choose grant or set." }),
  amount: z.coerce
    .number({ error: "Enter a number of tokens." })
    .int({ error: "Enter a whole number of tokens." })
    .min(-1_000_000_000, { error: "Enter between -1,000,000,000 and 1,000,000,000 tokens." })
    .max(1_000_000_000, { error: "Enter between -1,000,000,000 and 1,000,000,000 tokens." }),
});

/** Grants tokens to (or sets the balance of) one user by hand. */
export async function adjustBalanceAction(_prev: FormState, form: FormData): Promise<FormState> {
  const admin = await requireAdminPage();
  const parsed = balanceInput.safeParse({
    userId: form.get("userId") ?? "",
    mode: form.get("mode") ?? "",
    amount: String(form.get("amount") ?? "").trim() || Number.NaN,
  });
  if (!parsed.success) {
    return {
      fields: fieldErrors(parsed.error),
      message: "Nothing was saved: fix the marked fields.",
      values: submitted(form),
    };
  }
  const { userId, mode, amount } = parsed.data;
  if (mode === "set" && amount < 0)
    return { fields: { amount: "A balance can't be set below 0." }, message: "Nothing was saved." };
  try {
    const res =
      mode === "grant"
        ? await grantBalance({ userId, amount, actor: admin })
        : await setBalance({ userId, balance: amount, actor: admin });
    revalidatePath("/admin", "layout");
    return {
      ok: true,
      message: `${res.email}: balance ${res.before.toLocaleString("en-US")} → ${res.balance.toLocaleString("en-US")} tokens.`,
    };
  } catch (err) {
    if (err instanceof AppError) return { message: err.message, fields: err.fields };
    throw err;
  }
}
