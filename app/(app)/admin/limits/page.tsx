import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SettingsForm } from "@/components/admin/settings-form";
import { TemporaryChatForm } from "@/components/admin/temporary-chat-form";
import { TitleModelForm } from "@/components/admin/title-model-form";
import { requireAdminPage } from "@/lib/auth/session";
import { temporaryChatHours } from "@/lib/chat/temporary-chats";
import { titleModel } from "@/lib/chat/titles";
import { listAllEndpoints } from "@/lib/endpoints/catalog";
import { getQuotaSettings } from "@/lib/quota";
import { saveSettingsAction } from "../quota-actions";
import { saveTemporaryHoursAction } from "./temporary-actions";
import { saveTitleModelAction } from "./title-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("meta.section", { section: t("nav.tabs.limits") }) };
}

export default async function LimitsPage() {
  await requireAdminPage();
  const [settings, t, hours, title, endpoints] = await Promise.all([
    getQuotaSettings(),
    getTranslations("admin.limits"),
    temporaryChatHours(),
    titleModel(),
    listAllEndpoints(),
  ]);
  return (
    <>
      <h1 className="text-2xl font-semibold" data-testid="admin-limits-title">
        {t("title")}
      </h1>
      <SettingsForm
        group="delegation"
        values={settings}
        action={saveSettingsAction}
        title={t("formTitle")}
        description={t("formDescription")}
      />
      <SettingsForm
        group="budgets"
        values={settings}
        action={saveSettingsAction}
        title={t("budgetsTitle")}
        description={t("budgetsDescription")}
      />
      <SettingsForm
        group="tasks"
        values={settings}
        action={saveSettingsAction}
        title={t("tasksTitle")}
        description={t("tasksDescription")}
      />
      <SettingsForm
        group="tools"
        values={settings}
        action={saveSettingsAction}
        title={t("toolsTitle")}
        description={t("toolsDescription")}
      />
      <TemporaryChatForm hours={hours} save={saveTemporaryHoursAction} />
      <TitleModelForm
        value={title}
        endpoints={endpoints.map((e) => ({ id: e.id, name: e.name, models: e.models }))}
        save={saveTitleModelAction}
      />
    </>
  );
}
