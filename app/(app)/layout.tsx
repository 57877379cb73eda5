import { UserBalanceBadge } from "@/components/quota/user-balance-badge";
import { AppShell } from "@/components/shell/app-shell";
import { requireUserPage } from "@/lib/auth/session";
import { signOutAction } from "../(auth)/actions";

// Every page in this group needs a session; pages read the database, so never prerender them.
export const dynamic = "force-dynamic";

export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUserPage();
  return (
    <AppShell
      user={{ name: user.name, email: user.email, role: user.role }}
      signOut={signOutAction}
      balance={<UserBalanceBadge userId={user.id} />}
    >
      {children}
    </AppShell>
  );
}
