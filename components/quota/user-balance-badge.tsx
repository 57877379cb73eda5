import "server-only";
import { getBalanceForUser } from "@/lib/quota";
import { BalanceBadge } from "./balance-badge";

/**
 * Server component: loads the user's balance (refilling it when due) and shows the badge. Place
 * it in a server layout and hand it to client components as a prop, e.g. the shell's footer.
 */
export async function UserBalanceBadge({ userId }: { userId: string }) {
  const view = await getBalanceForUser({ userId });
  return (
    <BalanceBadge
      enabled={view.enabled}
      balance={view.balance}
      refillAmount={view.refillAmount}
      nextRefillAt={view.nextRefillAt?.toISOString() ?? null}
    />
  );
}
