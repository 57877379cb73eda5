import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RegistrationSettings } from "@/components/admin/registration-settings";
import { registrationStatus } from "@/lib/auth/registration";
import { listInvites } from "@/lib/db/registration";
import { createInviteAction, revokeInviteAction, setRegistrationModeAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.meta");
  return { title: t("registration") };
}

export default async function RegistrationPage() {
  const [status, invites, t] = await Promise.all([
    registrationStatus(),
    listInvites(),
    getTranslations("admin.registration"),
  ]);
  const now = Date.now();
  return (
    <>
      <header>
        <h1 className="text-2xl font-semibold" data-testid="registration-title">
          {t("title")}
        </h1>
        <p className="text-sm text-zinc-500">{t("description")}</p>
      </header>
      <RegistrationSettings
        status={status}
        invites={invites.map((i) => ({
          id: i.id,
          note: i.note,
          createdBy: i.createdBy.email,
          createdAt: i.createdAt.toISOString(),
          expiresAt: i.expiresAt.toISOString(),
          usedBy: i.usedBy?.email ?? (i.usedAt ? t("deletedAccount") : null),
          state: i.usedAt ? "used" : i.expiresAt.getTime() <= now ? "expired" : "pending",
        }))}
        setMode={setRegistrationModeAction}
        createInvite={createInviteAction}
        revokeInvite={revokeInviteAction}
      />
    </>
  );
}
