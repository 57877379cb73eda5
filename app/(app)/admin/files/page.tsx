import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { SettingsForm } from "@/components/admin/settings-form";
import { requireAdminPage } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { getQuotaSettings } from "@/lib/quota";
import { saveSettingsAction } from "../quota-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("meta.section", { section: t("nav.tabs.files") }) };
}

export default async function FilesPage() {
  await requireAdminPage();
  const [settings, t, format] = await Promise.all([
    getQuotaSettings(),
    getTranslations("admin.files"),
    getFormatter(),
  ]);
  const kinds = env().FILE_ALLOWED_TYPES;
  return (
    <>
      <h1 className="text-2xl font-semibold" data-testid="admin-files-title">
        {t("title")}
      </h1>
      <SettingsForm
        group="files"
        values={settings}
        action={saveSettingsAction}
        title={t("formTitle")}
        description={t("formDescription", {
          kinds: kinds.length ? format.list(kinds, { type: "unit" }) : t("noKinds"),
        })}
      />
    </>
  );
}
