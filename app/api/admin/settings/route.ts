import { requireAdmin } from "@/lib/auth/session";
import { AppError, errorResponse } from "@/lib/errors";
import { getQuotaSettings, listQuotaOverrides, updateQuotaSettings } from "@/lib/quota";
import { fieldErrors, type SettingsPatch, settingsPatchSchema } from "@/lib/quota/fields";

// Quota settings as JSON for scripting; 404 for anyone but an admin.
export async function GET() {
  try {
    await requireAdmin();
    const [settings, overrides] = await Promise.all([getQuotaSettings(), listQuotaOverrides()]);
    return Response.json({ settings, overrides });
  } catch (err) {
    return errorResponse(err);
  }
}

/** Body: any subset of the settings, e.g. `{ "maxSubagentDepth": 3 }`. All valid or nothing is saved. */
export async function PUT(request: Request) {
  try {
    const admin = await requireAdmin();
    const body = await request.json().catch(() => {
      throw new AppError("bad_request:json", "The body must be a JSON object of settings.");
    });
    const parsed = settingsPatchSchema.safeParse(body);
    if (!parsed.success) {
      throw new AppError("bad_request:settings", "Some settings are invalid; nothing was saved.", {
        fields: fieldErrors(parsed.error),
      });
    }
    const { settings, changed } = await updateQuotaSettings({
      patch: parsed.data as SettingsPatch,
      actor: admin,
    });
    return Response.json({ settings, changed });
  } catch (err) {
    return errorResponse(err);
  }
}
