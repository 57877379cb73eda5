import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BalanceAdjustForm } from "@/components/admin/balance-adjust-form";
import { SettingsForm } from "@/components/admin/settings-form";
import { requireAdminPage } from "@/lib/auth/session";
import { listUsersWithQuota } from "@/lib/db/quota-usage";
import { getQuotaSettings } from "@/lib/quota";
import { adjustBalanceAction, saveSettingsAction } from "../quota-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("meta.section", { section: t("nav.tabs.balances") }) };
}

export default async function BalancesPage() {
  await requireAdminPage();
  const [settings, users, t] = await Promise.all([
    getQuotaSettings(),
    listUsersWithQuota(),
    getTranslations("admin.balances"),
  ]);
  return (
    <>
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <SettingsForm
        group="balances"
        values={settings}
        action={saveSettingsAction}
        title={t("formTitle")}
        description={t("formDescription")}
      />
      <BalanceAdjustForm
        users={users.map((u) => ({ id: u.id, email: u.email, balance: u.balance }))}
        action={adjustBalanceAction}
      />
    </>
  );
}
