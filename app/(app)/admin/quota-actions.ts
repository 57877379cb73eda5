"use server";
import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { type ActionResult, failed, runAction, succeeded } from "@/lib/action-result";
import { requireAdminPage } from "@/lib/auth/session";
import { AppError, text } from "@/lib/errors";
import { zodFieldErrors } from "@/lib/http/zod-fields";
import { grantBalance, setBalance, updateQuotaOverride, updateQuotaSettings } from "@/lib/quota";
import {
  fieldErrors,
  NUMBER_FIELDS,
  type OverridePatch,
  overridePatchSchema,
  type QuotaGroup,
  type SettingsPatch,
  settingsPatchSchema,
} from "@/lib/quota/fields";

// The admin's quota forms. Each checks the admin itself (404 for anyone else), validates the form
// and saves nothing when a field is wrong (the result names each wrong field).

const NOTHING_SAVED = text("bad_request.nothing_saved");
const GROUPS = [
  "delegation",
  "balances",
  "rates",
  "files",
  "budgets",
  "tasks",
  "tools",
] as const satisfies readonly QuotaGroup[];

/** The form, or a typed refusal when the caller sent something else. */
function assertForm(value: unknown): asserts value is FormData {
  if (!(value instanceof FormData)) throw new AppError("bad_request");
}

function keysOf(group: QuotaGroup): string[] {
  const keys = NUMBER_FIELDS.filter((f) => f.group === group).map((f) => f.key as string);
  return group === "balances" ? [...keys, "balanceEnabled"] : keys;
}

/** "Saved: <labels>." in the admin's language, the labels being the form's own (admin.quota.fields). */
async function summary(changed: string[]): Promise<string> {
  const t = await getTranslations("admin");
  if (!changed.length) return t("notices.nothingChanged");
  const label = (k: string) => (t.has(`quota.fields.${k}.label`) ? t(`quota.fields.${k}.label`) : k);
  // Intl.ListFormat has no plain "A, B" list for zh ("unit" joins with nothing): the catalog's separator.
  const fields = changed.map(label).join(t("notices.fieldSeparator"));
  return t("notices.quotaSaved", { fields });
}

/** Saves one group of the global settings (the form's `group` field says which). */
export async function saveSettingsAction(form: FormData): Promise<ActionResult<{ changed: string[] }>> {
  return runAction(async () => {
    const admin = await requireAdminPage();
    assertForm(form);
    const group = z.enum(GROUPS).safeParse(form.get("group"));
    if (!group.success) return failed("bad_request:settings", text("bad_request.settings_group"));
    const raw: Record<string, unknown> = {};
    for (const key of keysOf(group.data)) {
      if (key === "balanceEnabled") raw[key] = form.get(key) === "on" || form.get(key) === "true";
      else raw[key] = String(form.get(key) ?? "");
    }
    const parsed = settingsPatchSchema.safeParse(raw);
    if (!parsed.success) return failed("bad_request:settings", NOTHING_SAVED, fieldErrors(parsed.error));
    const { changed } = await updateQuotaSettings({ patch: parsed.data as SettingsPatch, actor: admin });
    revalidatePath("/admin", "layout");
    return succeeded({ changed }, await summary(changed));
  }, form);
}

/** Sets a user's overrides: an empty field clears that override (the global value applies). */
export async function saveOverrideAction(form: FormData): Promise<ActionResult<{ changed: string[] }>> {
  return runAction(async () => {
    const admin = await requireAdminPage();
    assertForm(form);
    const userId = z.string().min(1).safeParse(form.get("userId"));
    if (!userId.success)
      return failed("bad_request:override", text("bad_request.override_user"), {
        userId: text("field.choose_user"),
      });
    const raw: Record<string, unknown> = {};
    for (const f of NUMBER_FIELDS) {
      const v = String(form.get(f.key) ?? "").trim();
      raw[f.key] = v === "" ? null : v;
    }
    const enabled = String(form.get("balanceEnabled") ?? "");
    raw.balanceEnabled = enabled === "" ? null : enabled === "true";
    const parsed = overridePatchSchema.safeParse(raw);
    if (!parsed.success) return failed("bad_request:override", NOTHING_SAVED, fieldErrors(parsed.error));
    const { changed } = await updateQuotaOverride({
      userId: userId.data,
      patch: parsed.data as OverridePatch,
      actor: admin,
    });
    revalidatePath("/admin", "layout");
    return succeeded({ changed }, await summary(changed));
  }, form);
}

/** How far one adjustment may move a balance, either way. */
const BALANCE_STEP = 1_000_000_000;

const balanceInput = z.object({
  userId: z.string().min(1, { error: "field.choose_user" }),
  mode: z.enum(["grant", "set"], { error: "field.balance_mode" }),
  amount: z.coerce
    .number({ error: "field.tokens_number" })
    .int({ error: "field.tokens_whole" })
    .min(-BALANCE_STEP, { error: "field.tokens_range" })
    .max(BALANCE_STEP, { error: "field.tokens_range" }),
});

/** Grants tokens to (or sets the balance of) one user by hand. */
export async function adjustBalanceAction(form: FormData): Promise<ActionResult<{ balance: number }>> {
  return runAction(async () => {
    const admin = await requireAdminPage();
    assertForm(form);
    const parsed = balanceInput.safeParse({
      userId: form.get("userId") ?? "",
      mode: form.get("mode") ?? "",
      amount: String(form.get("amount") ?? "").trim() || Number.NaN,
    });
    if (!parsed.success) {
      const range = { min: -BALANCE_STEP, max: BALANCE_STEP };
      return failed(
        "bad_request:balance",
        NOTHING_SAVED,
        zodFieldErrors(parsed.error, () => range),
      );
    }
    const { userId, mode, amount } = parsed.data;
    if (mode === "set" && amount < 0)
      return failed("bad_request:balance", text("bad_request.nothing_saved_short"), {
        amount: text("field.balance_negative"),
      });
    const res =
      mode === "grant"
        ? await grantBalance({ userId, amount, actor: admin })
        : await setBalance({ userId, balance: amount, actor: admin });
    revalidatePath("/admin", "layout");
    const t = await getTranslations("admin.notices");
    return succeeded(
      { balance: res.balance },
      t("balanceAdjusted", { email: res.email, before: res.before, after: res.balance }),
    );
  }, form);
}
