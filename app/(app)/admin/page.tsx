import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UsersTable } from "@/components/admin/users-table";
import { requireAdminPage } from "@/lib/auth/session";
import { listUsersWithQuota } from "@/lib/db/quota-usage";
import { makeResetLinkAction, setUserDisabledAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.meta");
  return { title: t("admin") };
}

export default async function AdminPage() {
  const admin = await requireAdminPage();
  const [users, t] = await Promise.all([listUsersWithQuota(), getTranslations("admin.users")]);
  return (
    <>
      <header>
        <h1 className="text-2xl font-semibold" data-testid="admin-title">
          {t("title")}
        </h1>
        <p className="text-sm text-zinc-500">{t("description")}</p>
      </header>
      <section className="space-y-3">
        <h2 className="text-lg font-medium">{t("heading")}</h2>
        <UsersTable
          users={users.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() }))}
          currentUserId={admin.id}
          setDisabled={setUserDisabledAction}
          makeResetLink={makeResetLinkAction}
        />
      </section>
    </>
  );
}
