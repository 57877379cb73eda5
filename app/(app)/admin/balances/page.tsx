import type { Metadata } from "next";
import { BalanceAdjustForm } from "@/components/admin/balance-adjust-form";
import { SettingsForm } from "@/components/admin/settings-form";
import { requireAdminPage } from "@/lib/auth/session";
import { listUsersWithQuota } from "@/lib/db/quota-usage";
import { getQuotaSettings } from "@/lib/quota";
import { adjustBalanceAction, saveSettingsAction } from "../quota-actions";

export const metadata: Metadata = { title: "Balances · Admin" };

export default async function BalancesPage() {
  await requireAdminPage();
  const [settings, users] = await Promise.all([getQuotaSettings(), listUsersWithQuota()]);
  return (
    <>
      <h1 className="text-2xl font-semibold">Token balances</h1>
      <SettingsForm
        group="balances"
        values={settings}
        action={saveSettingsAction}
        title="Balance settings"
        description="Every model call of a run, in every subagent, is charged to the user who started it. A run stops when the balance runs out."
      />
      <BalanceAdjustForm
        users={users.map((u) => ({ id: u.id, email: u.email, balance: u.balance }))}
        action={adjustBalanceAction}
      />
    </>
  );
}
