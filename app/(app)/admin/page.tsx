import type { Metadata } from "next";
import { UsersTable } from "@/components/admin/users-table";
import { requireAdminPage } from "@/lib/auth/session";
import { listUsersWithQuota } from "@/lib/db/quota-usage";
import { setUserDisabledAction } from "./actions";

export const metadata: Metadata = { title: "Admin" };

export default async function AdminPage() {
  const admin = await requireAdminPage();
  const users = await listUsersWithQuota();
  return (
    <>
      <header>
        <h1 className="text-2xl font-semibold" data-testid="admin-title">
          Administration
        </h1>
        <p className="text-sm text-zinc-500">
          Accounts on this installation, their token balance and recent usage.
        </p>
      </header>
      <section className="space-y-3">
        <h2 className="text-lg font-medium">Users</h2>
        <UsersTable
          users={users.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() }))}
          currentUserId={admin.id}
          setDisabled={setUserDisabledAction}
        />
      </section>
    </>
  );
}
