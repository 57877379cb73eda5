import { LiveBalanceBadge } from "@/components/quota/live-balance-badge";
import { AppShell } from "@/components/shell/app-shell";
import { requireUserPage } from "@/lib/auth/session";
import { getBalanceForUser } from "@/lib/quota";
import { signOutAction } from "../(auth)/actions";

// Every page in this group needs a session; pages read the database, so never prerender them.
export const dynamic = "force-dynamic";

export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUserPage();
  // Read only: the balance as the user's next run would find it; no badge when balances are off.
  // Usage events after this instant are not in the balance read below (a charge follows its event).
  const readAt = Date.now();
  const view = await getBalanceForUser({ userId: user.id });
  return (
    <AppShell
      user={{ name: user.name, email: user.email, role: user.role }}
      signOut={signOutAction}
      balance={
        view.enabled ? (
          <LiveBalanceBadge
            enabled
            readAt={readAt}
            balance={view.balance}
            refillAmount={view.refillAmount}
            nextRefillAt={view.nextRefillAt?.toISOString() ?? null}
          />
        ) : null
      }
    >
      {children}
    </AppShell>
  );
}
