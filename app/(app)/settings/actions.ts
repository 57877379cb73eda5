"use server";
import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { type ActionResult, failed, runAction, succeeded } from "@/lib/action-result";
import { auth } from "@/lib/auth";
import { changeName, changePassword } from "@/lib/auth/account";
import { requireUser } from "@/lib/auth/session";
import { setUserLocale } from "@/lib/db/users";
import { removeUserEndpointKey, setUserEndpointKey } from "@/lib/endpoints/personal-keys";
import { text } from "@/lib/errors";
import { issueText } from "@/lib/http/zod-fields";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { setOwnAnswerBudget } from "@/lib/quota";

// A user's own settings: API keys, language and their cap per answer. Each action authenticates itself; the key is encrypted before it is
// stored and never sent back (the page shows its last 4 characters).

const endpointId = z.string().min(1).max(100);
const saveInput = z.object({
  endpointId,
  apiKey: z
    .string()
    .trim()
    .min(1, "field.api_key_required")
    .max(1000, "field.api_key_long")
    .refine((v) => !/\s/.test(v), "field.api_key_spaces"),
});

export async function saveMyKeyAction(raw: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const user = await requireUser();
    const r = saveInput.safeParse(raw);
    if (!r.success) {
      const message = issueText(r.error.issues[0]);
      return failed("bad_request:personal_key", message, { apiKey: message });
    }
    await setUserEndpointKey({ userId: user.id, endpointId: r.data.endpointId, apiKey: r.data.apiKey });
    revalidatePath("/settings");
    return succeeded(null, (await getTranslations("settings.keys.notices"))("saved"));
  }, raw);
}

export async function removeMyKeyAction(raw: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const user = await requireUser();
    const r = z.object({ endpointId }).safeParse(raw);
    if (!r.success) return failed("bad_request:personal_key", text("generic.bad_request"));
    await removeUserEndpointKey({ userId: user.id, endpointId: r.data.endpointId });
    revalidatePath("/settings");
    return succeeded(null, (await getTranslations("settings.keys.notices"))("removed"));
  }, raw);
}

/**
 * Settings → Language: stores the signed-in user's UI language ("" = automatic, the browser's
 * Accept-Language). Only the caller's own row is written; anything but one of LOCALES or "" is
 * refused with nothing written. The page then refreshes and every request uses the new language.
 */
export async function saveMyLocaleAction(raw: unknown): Promise<ActionResult<{ locale: Locale | null }>> {
  return runAction(async () => {
    const user = await requireUser();
    const value = (raw as { locale?: unknown } | null)?.locale;
    if (value !== "" && !isLocale(value)) {
      const t = await getTranslations("settings.language");
      return failed("bad_request:locale", t("invalid"), { locale: t("invalid") });
    }
    const locale = value === "" ? null : value;
    await setUserLocale({ id: user.id, locale });
    revalidatePath("/", "layout");
    return succeeded({ locale });
  }, raw);
}

/**
 * Settings → Money budgets: the signed-in user's own cap per answer ("" clears it). Only the
 * caller's row is written; above the admin's cap or not an amount is refused with nothing written.
 */
export async function saveMyAnswerBudgetAction(raw: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const user = await requireUser();
    const value = String((raw as { answerBudget?: unknown } | null)?.answerBudget ?? "").trim();
    const amount = value === "" ? null : /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
    await setOwnAnswerBudget({ userId: user.id, amount });
    revalidatePath("/settings");
    return succeeded(null, (await getTranslations("settings.budgets"))("saved"));
  }, raw);
}

/** Settings → Account: the caller's own display name. */
export async function saveMyNameAction(raw: unknown): Promise<ActionResult<{ name: string }>> {
  return runAction(async () => {
    const user = await requireUser();
    const name = await changeName({ userId: user.id, input: raw });
    revalidatePath("/", "layout");
    return succeeded({ name }, (await getTranslations("settings.account"))("nameSaved"));
  }, raw);
}

/** Settings → Account: a new password; every other session of the account is signed out. */
export async function changeMyPasswordAction(raw: unknown): Promise<ActionResult<{ ended: number }>> {
  return runAction(async () => {
    const user = await requireUser();
    const ended = await changePassword({ user, sessionToken: (await auth())?.sid, input: raw });
    return succeeded({ ended }, (await getTranslations("settings.account"))("passwordSaved", { ended }));
  }, raw);
}
