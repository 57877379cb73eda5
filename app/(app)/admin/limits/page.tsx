import type { Metadata } from "next";
import { SettingsForm } from "@/components/admin/settings-form";
import { requireAdminPage } from "@/lib/auth/session";
import { getQuotaSettings } from "@/lib/quota";
import { saveSettingsAction } from "../quota-actions";

export const metadata: Metadata = { title: "Delegation limits · Admin" };

export default async function LimitsPage() {
  await requireAdminPage();
  const settings = await getQuotaSettings();
  return (
    <>
      <h1 className="text-2xl font-semibold" data-testid="admin-limits-title">
        Delegation limits
      </h1>
      <SettingsForm
        group="delegation"
        values={settings}
        action={saveSettingsAction}
        title="Subagents"
        description="Used by every new run and by the agent builder's preview; a change applies to the next run."
      />
    </>
  );
}
