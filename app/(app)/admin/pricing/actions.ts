"use server";
import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { type ActionResult, failed, runAction, succeeded } from "@/lib/action-result";
import { recordAdminAction } from "@/lib/audit/record";
import { requireAdminPage } from "@/lib/auth/session";
import { fieldErrors } from "@/lib/auth/validation";
import { createPrice, endpointModels, saveCurrency } from "@/lib/db/prices";
import { text } from "@/lib/errors";
import { noteCurrency } from "@/lib/pricing/current-currency";
import { currencySchema, priceInputSchema } from "@/lib/pricing/schema";

// Admin → Pricing. A price is never edited or deleted: a new row with a later effective-from time
// replaces it from then on, and every call keeps the cost it was charged (stored on its row).

const FIELDS = [
  "endpointId",
  "model",
  "inputPerMTok",
  "cachedInputPerMTok",
  "outputPerMTok",
  "reasoningPerMTok",
  "effectiveFrom",
] as const;

export async function addPriceAction(form: FormData): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const admin = await requireAdminPage();
    const raw = Object.fromEntries(FIELDS.map((f) => [f, form.get(f) ?? ""]));
    const parsed = priceInputSchema.safeParse(raw);
    if (!parsed.success) {
      return failed("bad_request:price", text("bad_request.nothing_saved"), fieldErrors(parsed.error));
    }
    const input = parsed.data;
    const endpoint = input.endpointId
      ? (await endpointModels()).find((e) => e.id === input.endpointId)
      : undefined;
    if (input.endpointId && !endpoint) {
      return failed("bad_request:price", text("bad_request.nothing_saved"), {
        endpointId: text("field.endpoint_gone"),
      });
    }
    const row = await createPrice({ ...input, effectiveFrom: input.effectiveFrom ?? new Date() });
    await recordAdminAction({
      actor: admin,
      kind: "price",
      target: `${row.model} @ ${endpoint?.name ?? "any endpoint"}`,
      changes: [
        {
          key: "price:create",
          from: null,
          to: `in ${row.inputPerMTok} · cached ${row.cachedInputPerMTok} · out ${row.outputPerMTok} · reasoning ${row.reasoningPerMTok} per 1M, from ${row.effectiveFrom.toISOString()}`,
        },
      ],
    });
    revalidatePath("/admin/pricing");
    return succeeded({ id: row.id }, (await getTranslations("pricing.notices"))("added"));
  }, form);
}

export async function setCurrencyAction(form: FormData): Promise<ActionResult> {
  return runAction(async () => {
    const admin = await requireAdminPage();
    const parsed = currencySchema.safeParse(form.get("currency") ?? "");
    if (!parsed.success) {
      return failed("bad_request:currency", text("bad_request.nothing_saved"), {
        currency: text("field.currency_invalid"),
      });
    }
    const { before } = await saveCurrency(parsed.data);
    noteCurrency(parsed.data);
    if (before !== parsed.data) {
      await recordAdminAction({
        actor: admin,
        kind: "price",
        changes: [{ key: "currency", from: before, to: parsed.data }],
      });
    }
    revalidatePath("/admin/pricing");
    return succeeded(null, (await getTranslations("pricing.notices"))("currencySaved"));
  }, form);
}
