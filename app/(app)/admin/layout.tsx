import { AdminTabs } from "@/components/admin/admin-tabs";
import { requireAdminPage } from "@/lib/auth/session";

// Everything under /admin is invisible (404) to non-admins.
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  await requireAdminPage();
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-4 md:p-8">
      <AdminTabs />
      {children}
    </div>
  );
}
