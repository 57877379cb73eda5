import { AdminTabs } from "@/components/admin/admin-tabs";
import { requireAdminPage } from "@/lib/auth/session";

// Everything under /admin is invisible (404) to non-admins. The sections are a side menu from lg
// up and one row on smaller screens (components/admin/admin-tabs.tsx).
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  await requireAdminPage();
  return (
    <div className="mx-auto max-w-6xl gap-8 p-4 md:p-8 lg:flex lg:items-start">
      <AdminTabs />
      <div className="mt-6 min-w-0 flex-1 space-y-6 lg:mt-0" data-testid="admin-content">
        {children}
      </div>
    </div>
  );
}
