import type { Metadata } from "next";
import { SettingsForm } from "@/components/admin/settings-form";
import { requireAdminPage } from "@/lib/auth/session";
import { getQuotaSettings } from "@/lib/quota";
import { saveSettingsAction } from "../quota-actions";

export const metadata: Metadata = { title: "Rate limits · Admin" };

export default async function RateLimitsPage() {
  await requireAdminPage();
  const settings = await getQuotaSettings();
  return (
    <>
      <h1 className="text-2xl font-semibold">Rate limits</h1>
      <SettingsForm
        group="rates"
        values={settings}
        action={saveSettingsAction}
        title="Per user"
        description="Enforced exactly across all app processes; a refused send gets HTTP 429 and when to retry."
      />
    </>
  );
}
