import type { Metadata } from "next";
import { SettingsForm } from "@/components/admin/settings-form";
import { requireAdminPage } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { getQuotaSettings } from "@/lib/quota";
import { saveSettingsAction } from "../quota-actions";

export const metadata: Metadata = { title: "Files · Admin" };

export default async function FilesPage() {
  await requireAdminPage();
  const settings = await getQuotaSettings();
  const kinds = env().FILE_ALLOWED_TYPES;
  return (
    <>
      <h1 className="text-2xl font-semibold" data-testid="admin-files-title">
        Files
      </h1>
      <SettingsForm
        group="files"
        values={settings}
        action={saveSettingsAction}
        title="Files in chat"
        description={`Limits on what users attach to messages; a change applies to the next upload. Per-user values under Per-user overrides. Kinds allowed on this server (FILE_ALLOWED_TYPES): ${kinds.join(", ") || "none"}.`}
      />
    </>
  );
}
