import { requireAdmin } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { route } from "@/lib/http/route";
import { getQuotaSettings, listQuotaOverrides, updateQuotaSettings } from "@/lib/quota";
import { fieldErrors, type SettingsPatch, settingsPatchSchema } from "@/lib/quota/fields";

// Quota settings as JSON for scripting; 404 for anyone but an admin.
export const GET = route({}, async () => {
  await requireAdmin();
  const [settings, overrides] = await Promise.all([getQuotaSettings(), listQuotaOverrides()]);
  return Response.json({ settings, overrides });
});

/** Body: any subset of the settings, e.g. `{ "maxSubagentDepth": 3 }`. All valid or nothing is saved. */
export const PUT = route({ json: true }, async ({ body }) => {
  const admin = await requireAdmin();
  const parsed = settingsPatchSchema.safeParse(body);
  if (!parsed.success) {
    throw new AppError("bad_request:settings", {
      key: "bad_request.settings_invalid",
      fields: fieldErrors(parsed.error),
    });
  }
  const { settings, changed } = await updateQuotaSettings({
    patch: parsed.data as SettingsPatch,
    actor: admin,
  });
  return Response.json({ settings, changed });
});
